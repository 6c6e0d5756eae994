import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DialogActions, fieldErrorsOf, idempotencyKeys, useFocusFirstError, useSession } from '@venue/ui';
import { MONEY_PATHS, PAYMENT_METHODS, type Invoice, type PaymentMethod } from '@venue/contracts/money-api';
import { useCreateCreditNote, useSendReminders, useSetInvoiceStatus } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { METHOD_LABELS } from '../shared/labels.ts';
import { MoneyInput, centsOf, dollarsText } from '../shared/MoneyInput.tsx';

/** Void Invoice: a draft, or a sent invoice with nothing paid. Asks first, with an optional reason. */
export function VoidDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const setStatus = useSetInvoiceStatus();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  async function submit() {
    try {
      await setStatus.mutateAsync({
        id: invoice.id,
        body: { status: 'VOID', reason: reason.trim() || undefined },
      });
      toastSuccess(`Invoice ${invoice.invoiceNumber ?? '(draft)'} voided.`);
      onClose();
    } catch (error) {
      setFailure(errorText(error));
    }
  }
  return (
    <Modal opened onClose={onClose} title={`Void invoice ${invoice.invoiceNumber ?? '(draft)'}?`}>
      <Stack>
        <Text size="sm">
          A void invoice stays on record with its number and can no longer be paid or sent. This cannot be
          undone.
        </Text>
        <TextInput
          label="Reason (optional)"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <DialogActions error={failure} onCancel={onClose} cancelLabel="Keep invoice">
          <Button color="red" loading={setStatus.isPending} onClick={() => void submit()}>
            Void Invoice
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** The refund's values, what cannot be paid back said beforehand, and the credit note with its keys. */
function useRefundForm(invoice: Invoice, onClose: () => void) {
  const fmt = useFormat();
  const credit = useCreateCreditNote();
  const [keyFor] = useState(idempotencyKeys);
  const [amount, setAmount] = useState(dollarsText(invoice.paidCents));
  const [reason, setReason] = useState('');
  const [payBack, setPayBack] = useState(true);
  const [method, setMethod] = useState<PaymentMethod>('Bank Transfer');
  const [reference, setReference] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // The server's refusals by field (more than can be credited or paid back), beside the field.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusFirstError<HTMLFormElement>(attempt);
  const cents = centsOf(amount);
  const tooMuch = cents !== null && payBack && cents > invoice.paidCents;
  async function submit() {
    if (cents === null || cents === 0 || !reason.trim() || tooMuch) return;
    const body = {
      amountCents: cents,
      reason: reason.trim(),
      refund: payBack ? { paymentMethod: method, reference: reference.trim() || undefined } : undefined,
    };
    try {
      await credit.mutateAsync({ id: invoice.id, body, key: keyFor(body) });
      toastSuccess(`Credit note of ${fmt.money(cents)} created${payBack ? ' and the refund recorded' : ''}.`);
      onClose();
    } catch (error) {
      setFailure(errorText(error));
      const onFields = fieldErrorsOf(error);
      setRefused(onFields);
      if (Object.keys(onFields).length > 0) setAttempt((n) => n + 1);
    }
  }
  return {
    amount,
    reason,
    payBack,
    method,
    reference,
    failure,
    refused,
    formRef,
    cents,
    tooMuch,
    setReason,
    setPayBack,
    setMethod,
    setReference,
    submit,
    crediting: credit.isPending,
    changeAmount: (value: string) => {
      setAmount(value);
      setRefused({});
    },
  };
}

/**
 * Create Refund: a credit note against the invoice (a sent invoice is never edited), and the
 * money paid back with it when asked — at most what was paid.
 */
export function RefundDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const fmt = useFormat();
  const form = useRefundForm(invoice, onClose);
  return (
    <Modal opened onClose={onClose} title={`Create Refund — ${invoice.invoiceNumber ?? ''}`}>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit();
        }}
      >
        <Stack>
          <Text size="sm">
            Paid so far: <strong>{fmt.money(invoice.paidCents)}</strong> of {fmt.money(invoice.totalCents)}
          </Text>
          <MoneyInput
            label="Amount to credit"
            value={form.amount}
            onChange={form.changeAmount}
            error={
              form.tooMuch
                ? `At most ${fmt.money(invoice.paidCents)} can be paid back.`
                : (form.refused.amount ?? form.refused.amountCents ?? form.refused.refund ?? null)
            }
            autoFocus
          />
          <TextInput
            label="Reason"
            required
            value={form.reason}
            maxLength={500}
            onChange={(e) => form.setReason(e.currentTarget.value)}
          />
          <Checkbox
            label="Pay the money back to the customer"
            checked={form.payBack}
            onChange={(e) => form.setPayBack(e.currentTarget.checked)}
          />
          {form.payBack ? (
            <>
              <Select
                label="Refund method"
                data={PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
                value={form.method}
                allowDeselect={false}
                onChange={(v) => v && form.setMethod(v as PaymentMethod)}
              />
              <TextInput
                label="Reference"
                value={form.reference}
                maxLength={200}
                onChange={(e) => form.setReference(e.currentTarget.value)}
              />
            </>
          ) : null}
          <DialogActions error={form.failure} onCancel={onClose}>
            <Button
              type="submit"
              loading={form.crediting}
              disabled={form.cents === null || form.cents === 0 || !form.reason.trim() || form.tooMuch}
            >
              Create Refund
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
