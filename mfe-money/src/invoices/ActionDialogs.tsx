import { useEffect, useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { DialogActions, idempotencyKeys, useSession } from '@venue/ui';
import { MONEY_PATHS, invoiceStatusUpdateSchema, type Invoice } from '@venue/contracts/money-api';
import { useSendReminders, useSetInvoiceStatus } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { fieldProps, useContractForm } from '@venue/ui/contract-form';

type InvoiceStatusBody = z.output<typeof invoiceStatusUpdateSchema>;

/** The Void call's body: the reason when one is given. */
const voidBodyOf = (v: VoidValues) => ({ status: 'VOID' as const, reason: v.reason.trim() || undefined });
interface VoidValues {
  reason: string;
}

/**
 * Void Invoice: a draft, or a sent invoice with nothing paid. Asks first, with an optional reason,
 * checked by invoiceStatusUpdateSchema (the body the service parses).
 */
export function VoidDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const setStatus = useSetInvoiceStatus();
  const { form, formRef, failure, onSubmit } = useContractForm<VoidValues, InvoiceStatusBody>({
    schema: invoiceStatusUpdateSchema,
    toBody: voidBodyOf,
    defaultValues: { reason: '' },
  });
  const submit = onSubmit(async (body) => {
    await setStatus.mutateAsync({ id: invoice.id, body });
    toastSuccess(`Invoice ${invoice.invoiceNumber ?? '(draft)'} voided.`);
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title={`Void invoice ${invoice.invoiceNumber ?? '(draft)'}?`}>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)}>
        <Stack>
          <Text size="sm">
            A void invoice stays on record with its number and can no longer be paid or sent. This cannot be
            undone.
          </Text>
          <TextInput label="Reason (optional)" maxLength={500} {...fieldProps(form, 'reason')} />
          <DialogActions error={failure} onCancel={onClose} cancelLabel="Keep invoice">
            <Button type="submit" color="red" loading={setStatus.isPending}>
              Void Invoice
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}

/** Send Payment Reminders (spec 03 §2.1): counts, the list, who gets e-mails, "Send N Reminder(s)". */
export function RemindersDialog({ invoices, onClose }: { invoices: Invoice[]; onClose: () => void }) {
  const fmt = useFormat();
  const send = useSendReminders();
  const [keyFor] = useState(idempotencyKeys);
  const overdue = invoices.filter((i) => i.status === 'OVERDUE').length;
  const total = invoices.reduce((sum, i) => sum + i.balanceCents, 0);
  async function submit() {
    const invoiceIds = invoices.map((i) => i.id);
    try {
      const result = await send.mutateAsync({ invoiceIds, key: keyFor(invoiceIds) });
      const n = result.sent.length;
      if (n > 0) toastSuccess(`Sent ${n} reminder${n === 1 ? '' : 's'}.`);
      if (result.skipped.length > 0)
        toastError(`${result.skipped.length} not sent: ${result.skipped.map((s) => s.reason).join('; ')}`);
      onClose();
    } catch (error) {
      toastError(`Failed to send reminders: ${errorText(error)}`);
    }
  }
  return (
    <Modal opened onClose={onClose} title="Send Payment Reminders">
      <Stack>
        {invoices.length === 0 ? (
          <Text size="sm">No sent, overdue or part-paid invoices need a reminder.</Text>
        ) : (
          <>
            <Text size="sm">
              {invoices.length} invoice{invoices.length === 1 ? '' : 's'} · {overdue} overdue ·{' '}
              {fmt.money(total)} outstanding
            </Text>
            <List size="sm" spacing={2}>
              {invoices.map((i) => (
                <List.Item key={i.id}>
                  {i.invoiceNumber} — {i.customer.name} ({i.customer.email}) — {fmt.money(i.balanceCents)}{' '}
                  {i.status}
                </List.Item>
              ))}
            </List>
            <Alert color="blue">An e-mail goes to every customer listed above.</Alert>
          </>
        )}
        <DialogActions onCancel={onClose}>
          <Button disabled={invoices.length === 0} loading={send.isPending} onClick={() => void submit()}>
            Send {invoices.length} Reminder{invoices.length === 1 ? '' : 's'}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** Preview Invoice: the PDF the customer gets, shown in the page (fetched with the token). */
export function PreviewDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { getToken } = useSession();
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    const token = getToken();
    fetch(MONEY_PATHS.invoicePdf(invoice.id), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    })
      .then(async (res) => {
        if (!res.ok) {
          const body = (await res.json().catch(() => ({}))) as { message?: string };
          throw new Error(body.message ?? `HTTP error! status: ${res.status}`);
        }
        const blob = await res.blob();
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((error: unknown) => live && setFailure(errorText(error)));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [invoice.id, getToken]);
  return (
    <Modal opened onClose={onClose} title={`Preview ${invoice.invoiceNumber ?? 'draft invoice'}`} size="xl">
      {failure ? (
        <Alert color="red" role="alert">
          Failed to download invoice PDF: {failure}
        </Alert>
      ) : url ? (
        <iframe
          src={url}
          title={`Invoice ${invoice.invoiceNumber ?? 'draft'} PDF`}
          style={{ width: '100%', height: '70vh', border: 0 }}
        />
      ) : (
        <Group>
          <Loader size="sm" />
          <Text size="sm">Loading preview...</Text>
        </Group>
      )}
    </Modal>
  );
}
