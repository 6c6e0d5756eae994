/**
 * "Export for accounting" on Invoices & Payments (issue 26 item 4): a range of the venue's days
 * as Xero's or MYOB's import file, of the invoices (with adjustment notes and bonds) or of the
 * payments. The service writes the file (GET /api/{invoices|payments}/export/{xero|myob}); the
 * screen only asks, through the shared download helper, and says what went wrong. The range
 * rules are the server's, repeated here so a slip is shown beside its field before asking; the
 * server's own refusal is shown too, beside the field it names.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { downloadFromServer, useSession } from '@venue/ui';
import {
  ACCOUNTING_MAX_DAYS,
  accountingExportPath,
  accountingFileName,
  type AccountingFile,
  type AccountingSystem,
} from '@venue/contracts/money-api';
import { addDays, venueToday } from '../shared/venue-day.ts';

/** Last month at the venue: what a bookkeeper usually imports. */
export function lastMonth(today: string): { from: string; to: string } {
  const firstOfThis = `${today.slice(0, 8)}01`;
  const to = addDays(firstOfThis, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

type Field = 'from' | 'to';

/** The range's problems by field, as the server words them. */
export function rangeProblems(from: string, to: string): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!DAY.test(from) || Number.isNaN(dayNumber(from))) problems.from = 'Choose the first day.';
  if (!DAY.test(to) || Number.isNaN(dayNumber(to))) problems.to = 'Choose the last day.';
  if (problems.from || problems.to) return problems;
  if (to < from) problems.to = 'to must be on or after from.';
  else if (dayNumber(to) - dayNumber(from) + 1 > ACCOUNTING_MAX_DAYS)
    problems.to = `to may be at most ${ACCOUNTING_MAX_DAYS} days after from: export a longer time in parts.`;
  return problems;
}

const WHAT: Record<AccountingFile, Record<AccountingSystem, string>> = {
  invoices: {
    xero: "Xero's sales invoice import: invoices issued in the range, adjustment notes as credit notes, bonds held as GST Free Income. Import with amounts tax inclusive.",
    myob: "MYOB AccountRight's service sales import: invoices issued in the range, adjustment notes as negative sales, bonds held with tax code FRE.",
  },
  payments: {
    xero: "Xero's bank statement import: payments recorded in the range, refunds negative, bonds received and returned. Reconcile each line to its invoice by the reference.",
    myob: "MYOB AccountRight's customer payments import: payments recorded in the range, refunds negative, bonds received and returned.",
  },
};

/** The dialog's range, system and file; Download checks the range, then asks the service for the file. */
function useAccountingExport() {
  const { settings, getToken } = useSession();
  const [opened, setOpened] = useState(false);
  const [range, setRange] = useState(() => lastMonth(venueToday(settings.timezone)));
  const [system, setSystem] = useState<AccountingSystem>('xero');
  const [file, setFile] = useState<AccountingFile>('invoices');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = () => {
    setProblems({});
    setFailure(null);
    setOpened(true);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = rangeProblems(range.from, range.to);
    setProblems(found);
    if (found.from || found.to) return;
    setBusy(true);
    try {
      await downloadFromServer(
        getToken,
        accountingExportPath(system, file, range.from, range.to),
        accountingFileName(system, file, range.from, range.to),
      );
      setOpened(false);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The file could not be made.';
      // The server's refusal names its field first ("to must be on or after from."): show it there.
      const field = /^(from|to)\b/.exec(message)?.[1] as Field | undefined;
      if (field) setProblems({ [field]: message });
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  }

  return {
    opened,
    setOpened,
    range,
    setRange,
    system,
    setSystem,
    file,
    setFile,
    problems,
    failure,
    busy,
    open,
    submit,
    timezone: settings.timezone,
  };
}

export function AccountingExport() {
  const dialog = useAccountingExport();
  return (
    <>
      <Button variant="default" onClick={dialog.open}>
        Export for accounting
      </Button>
      <Modal opened={dialog.opened} onClose={() => dialog.setOpened(false)} title="Export for accounting">
        <form onSubmit={(e) => void dialog.submit(e)} noValidate>
          <Stack>
            <Group grow align="flex-start">
              <TextInput
                type="date"
                label="From"
                required
                value={dialog.range.from}
                error={dialog.problems.from}
                onChange={(e) => dialog.setRange({ ...dialog.range, from: e.currentTarget.value })}
              />
              <TextInput
                type="date"
                label="To"
                required
                value={dialog.range.to}
                error={dialog.problems.to}
                onChange={(e) => dialog.setRange({ ...dialog.range, to: e.currentTarget.value })}
              />
            </Group>
            <Radio.Group
              label="Accounting system"
              value={dialog.system}
              onChange={(v) => dialog.setSystem(v as AccountingSystem)}
            >
              <Group mt="xs">
                <Radio value="xero" label="Xero" />
                <Radio value="myob" label="MYOB" />
              </Group>
            </Radio.Group>
            <Radio.Group
              label="File"
              value={dialog.file}
              onChange={(v) => dialog.setFile(v as AccountingFile)}
            >
              <Group mt="xs">
                <Radio value="invoices" label="Invoices" />
                <Radio value="payments" label="Payments" />
              </Group>
            </Radio.Group>
            <Text size="sm" c="dimmed">
              {WHAT[dialog.file][dialog.system]} Days are the venue’s ({dialog.timezone}); drafts and void
              invoices are never in the file.
            </Text>
            {dialog.failure && (
              <Alert color="red" title="The file could not be made" role="alert">
                {dialog.failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => dialog.setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={dialog.busy}>
                Download
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
