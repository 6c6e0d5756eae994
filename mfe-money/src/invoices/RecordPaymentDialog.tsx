import { useState } from 'react';
import { Button, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions, idempotencyKeys } from '@venue/ui';
import {
  MONEY_MESSAGES,
  PAYMENT_METHODS,
  paymentCreateSchema,
  type Invoice,
  type PaymentMethod,
} from '@venue/contracts/money-api';
import { useRecordPayment } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';
import { toastSuccess } from '../shared/notify.ts';
import { METHOD_LABELS } from '../shared/labels.ts';
import { MoneyField, centsOf, dollarsText } from '../shared/MoneyField.tsx';
import { fieldProps, useContractForm } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';

interface Props {
  invoice: Invoice;
  onClose: () => void;
  /** Preselected method (Record Bank Payment opens with Bank Transfer). */
  method?: PaymentMethod;
}

/** The form as typed: the amount is text ("120.5") until it is read into cents. */
interface PaymentValues {
  amount: string;
  paymentMethod: PaymentMethod;
  reference: string;
  notes: string;
}
type PaymentBody = z.output<typeof paymentCreateSchema>;

/** The call's body: the amount in cents (parseDollars, as the server rounds), blanks left out. */
export const paymentBodyOf = (v: PaymentValues) => ({
  amountCents: centsOf(v.amount) ?? undefined,
  paymentMethod: v.paymentMethod,
  reference: v.reference.trim() || undefined,
  notes: v.notes.trim() || undefined,
});

/** The form checked by paymentCreateSchema; the server's `amountCents` problems are the amount's. */
function useRecordPaymentForm(invoice: Invoice, method: PaymentMethod, onClose: () => void) {
  const fmt = useFormat();
  const record = useRecordPayment();
  // Mounted per opening (the parent renders it only while open): a new opening, new keys.
  const [keyFor] = useState(idempotencyKeys);
  const dialog = useContractForm<PaymentValues, PaymentBody>({
    schema: paymentCreateSchema,
    toBody: paymentBodyOf,
    fieldOf: { amountCents: 'amount' },
    // Screen only, said while typing: the server refuses it too (409), against the balance it holds then.
    screenRules: (v) => {
      const cents = centsOf(v.amount);
      return cents !== null && cents > invoice.balanceCents
        ? { amount: MONEY_MESSAGES.overpayment(fmt.money(invoice.balanceCents)) }
        : {};
    },
    defaultValues: {
      amount: dollarsText(invoice.balanceCents),
      paymentMethod: method,
      reference: '',
      notes: '',
    },
    mode: 'onChange',
  });
  const amount = useWatch({ control: dialog.form.control, name: 'amount' });
  const cents = centsOf(amount);

  const submit = dialog.onSubmit(async (body) => {
    const result = await record.mutateAsync({ id: invoice.id, body, key: keyFor(body) });
    toastSuccess(
      `${fmt.money(result.payment.amountCents)} recorded on ${invoice.invoiceNumber ?? 'the invoice'} (receipt ${result.payment.receiptNumber}).`,
      'Payment recorded',
    );
    onClose();
  });

  return {
    ...dialog,
    submit,
    recording: record.isPending,
    blocked: cents === null || cents === 0 || cents > invoice.balanceCents,
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
  const { form, formRef, failure, submit, recording, blocked } = useRecordPaymentForm(
    invoice,
    method,
    onClose,
  );
  return (
    <Modal opened onClose={onClose} title={`Record Payment — ${invoice.invoiceNumber ?? 'Draft'}`}>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)}>
        <Stack>
          <Text size="sm">
            {invoice.customer.name} · Total {fmt.money(invoice.totalCents)} · Balance due{' '}
            <strong>{fmt.money(invoice.balanceCents)}</strong>
          </Text>
          <MoneyField control={form.control} name="amount" label="Amount" autoFocus />
          <SelectField
            control={form.control}
            name="paymentMethod"
            label="Payment Method"
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
            allowDeselect={false}
          />
          <TextInput label="Reference" maxLength={200} {...fieldProps(form, 'reference')} />
          <Textarea label="Notes" maxLength={2000} {...fieldProps(form, 'notes')} />
          <DialogActions error={failure} errorTitle="Payment not recorded" onCancel={onClose}>
            <Button type="submit" loading={recording} disabled={blocked}>
              Record Payment
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
