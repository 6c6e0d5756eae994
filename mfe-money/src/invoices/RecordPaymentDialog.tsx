import { useState } from 'react';
import { Button, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DialogActions, fieldErrorsOf, idempotencyKeys, useFocusFirstError } from '@venue/ui';
import {
  MONEY_MESSAGES,
  PAYMENT_METHODS,
  type Invoice,
  type PaymentMethod,
} from '@venue/contracts/money-api';
import { useRecordPayment } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastSuccess } from '../shared/notify.ts';
import { METHOD_LABELS } from '../shared/labels.ts';
import { MoneyInput, centsOf, dollarsText } from '../shared/MoneyInput.tsx';

interface Props {
  invoice: Invoice;
  onClose: () => void;
  /** Preselected method (Record Bank Payment opens with Bank Transfer). */
  method?: PaymentMethod;
}

/** The form's values, the amount's refusal said beforehand, and the record with its keys. */
function useRecordPaymentForm(invoice: Invoice, method: PaymentMethod, onClose: () => void) {
  const fmt = useFormat();
  const record = useRecordPayment();
  // Mounted per opening (the parent renders it only while open): a new opening, new keys.
  const [keyFor] = useState(idempotencyKeys);
  const [amount, setAmount] = useState(dollarsText(invoice.balanceCents));
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(method);
  const [reference, setReference] = useState('');
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // What the server refused by field (an amount over the balance it holds now), beside it.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusFirstError<HTMLFormElement>(attempt);

  const cents = centsOf(amount);
  const overpaid = cents !== null && cents > invoice.balanceCents;
  const amountError =
    amount.trim() !== '' && (cents === null || cents === 0)
      ? MONEY_MESSAGES.amountRequired
      : overpaid
        ? MONEY_MESSAGES.overpayment(fmt.money(invoice.balanceCents))
        : null;

  async function submit() {
    if (cents === null || cents === 0 || overpaid) return;
    setFailure(null);
    const body = {
      amountCents: cents,
      paymentMethod,
      reference: reference.trim() || undefined,
      notes: notes.trim() || undefined,
    };
    try {
      const result = await record.mutateAsync({ id: invoice.id, body, key: keyFor(body) });
      toastSuccess(
        `${fmt.money(result.payment.amountCents)} recorded on ${invoice.invoiceNumber ?? 'the invoice'} (receipt ${result.payment.receiptNumber}).`,
        'Payment recorded',
      );
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
    paymentMethod,
    reference,
    notes,
    failure,
    refused,
    formRef,
    cents,
    overpaid,
    amountError,
    setPaymentMethod,
    setReference,
    setNotes,
    submit,
    recording: record.isPending,
    changeAmount: (value: string) => {
      setAmount(value);
      setRefused({});
    },
  };
}

/**
 * Record Payment (spec 03 §2.1): amount, method, reference, notes. One Idempotency-Key per
 * opening and content, so a double click or a retry after a lost answer records one payment;
 * the server's overpayment refusal is shown as it words it, and said beforehand when the typed
 * amount is already more than the balance.
 */
export function RecordPaymentDialog({ invoice, onClose, method = 'Bank Transfer' }: Props) {
  const fmt = useFormat();
  const form = useRecordPaymentForm(invoice, method, onClose);
  return (
    <Modal opened onClose={onClose} title={`Record Payment — ${invoice.invoiceNumber ?? 'Draft'}`}>
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
            {invoice.customer.name} · Total {fmt.money(invoice.totalCents)} · Balance due{' '}
            <strong>{fmt.money(invoice.balanceCents)}</strong>
          </Text>
          <MoneyInput
            label="Amount"
            value={form.amount}
            onChange={form.changeAmount}
            error={form.amountError ?? form.refused.amount ?? form.refused.amountCents}
            autoFocus
          />
          <Select
            label="Payment Method"
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
            value={form.paymentMethod}
            onChange={(v) => v && form.setPaymentMethod(v as PaymentMethod)}
            allowDeselect={false}
          />
          <TextInput
            label="Reference"
            value={form.reference}
            maxLength={200}
            onChange={(e) => form.setReference(e.currentTarget.value)}
          />
          <Textarea
            label="Notes"
            value={form.notes}
            maxLength={2000}
            onChange={(e) => form.setNotes(e.currentTarget.value)}
          />
          <DialogActions error={form.failure} errorTitle="Payment not recorded" onCancel={onClose}>
            <Button
              type="submit"
              loading={form.recording}
              disabled={form.cents === null || form.cents === 0 || form.overpaid}
            >
              Record Payment
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
