/**
 * The "Export for accounting" dialog (issue 26 item 4), loaded when first opened: the range is
 * checked by the contract's own query schema (accountingSalesQuerySchema or
 * accountingPaymentsQuerySchema, what the service parses) before asking, so a slip is shown
 * beside its field; the server's own refusal is shown too, beside the field it names.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { ApiError, downloadFromServer, useSession } from '@venue/ui';
import {
  accountingExportPath,
  accountingFileName,
  accountingPaymentsQuerySchema,
  accountingSalesQuerySchema,
  type AccountingFile,
  type AccountingSystem,
} from '@venue/contracts/money-api';
import { fieldProps, useContractForm } from '@venue/ui/contract-form';

type Range = { from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (day: string) => DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));

/**
 * The screen's words for a day not chosen (the server says "from is required (YYYY-MM-DD)."):
 * checked first, the schema's range rules after, in the server's words.
 */
export function dayProblems(v: Range): Partial<Record<'from' | 'to', string>> {
  const problems: Partial<Record<'from' | 'to', string>> = {};
  if (!realDay(v.from)) problems.from = 'Choose the first day.';
  if (!realDay(v.to)) problems.to = 'Choose the last day.';
  return problems;
}

/**
 * The download's refusal is a message only (downloadFromServer keeps no `errors`); one naming
 * its field first ("to must be on or after from.") is put on that field, as a 400's would be.
 */
function placed(error: unknown): unknown {
  const message = error instanceof Error ? error.message : 'The file could not be made.';
  const field = /^(from|to)\b/.exec(message)?.[1];
  return field ? new ApiError(message, 400, { message, errors: [{ path: [field], message }] }) : error;
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

/**
 * The form: the range, checked by the schema of the file chosen (the payments file's query has
 * its own, with the same range rules), then the file asked for. System and file are choices, not
 * checked, kept beside the form.
 */
function useAccountingExportForm(opened: boolean, initial: Range, onClose: () => void) {
  const { getToken } = useSession();
  const [system, setSystem] = useState<AccountingSystem>('xero');
  const [file, setFile] = useState<AccountingFile>('invoices');
  const dialog = useContractForm<Range, Range>({
    schema: file === 'payments' ? accountingPaymentsQuerySchema : accountingSalesQuerySchema,
    toBody: (v) => ({ from: v.from, to: v.to }),
    screenRules: dayProblems,
    defaultValues: initial,
  });
  const { form, setFailure } = dialog;

  // Each opening starts without the last one's messages; the range typed is kept.
  useEffect(() => {
    if (!opened) return;
    form.clearErrors();
    setFailure(null);
  }, [opened, form, setFailure]);

  const submit = dialog.onSubmit(
    async (range) => {
      try {
        await downloadFromServer(
          getToken,
          accountingExportPath(system, file, range.from, range.to),
          accountingFileName(system, file, range.from, range.to),
        );
      } catch (error) {
        throw placed(error);
      }
      onClose();
    },
    // A refusal put on its field is said there only.
    (error) => (error instanceof ApiError ? null : (error as Error).message),
  );
  return { ...dialog, system, setSystem, file, setFile, submit };
}

export function AccountingExportDialog({
  opened,
  initial,
  timezone,
  onClose,
}: {
  opened: boolean;
  /** The range the dialog starts with (last month at the venue). */
  initial: Range;
  timezone: string;
  onClose: () => void;
}) {
  const dialog = useAccountingExportForm(opened, initial, onClose);
  const { form } = dialog;
  return (
    <Modal opened={opened} onClose={onClose} title="Export for accounting">
      <form ref={dialog.formRef} onSubmit={(e) => void dialog.submit(e)} noValidate>
        <Stack>
          <Group grow align="flex-start">
            <TextInput type="date" label="From" required {...fieldProps(form, 'from')} />
            <TextInput type="date" label="To" required {...fieldProps(form, 'to')} />
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
          <Radio.Group label="File" value={dialog.file} onChange={(v) => dialog.setFile(v as AccountingFile)}>
            <Group mt="xs">
              <Radio value="invoices" label="Invoices" />
              <Radio value="payments" label="Payments" />
            </Group>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            {WHAT[dialog.file][dialog.system]} Days are the venue’s ({timezone}); drafts and void invoices are
            never in the file.
          </Text>
          {dialog.failure && (
            <Alert color="red" title="The file could not be made" role="alert">
              {dialog.failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Download
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
