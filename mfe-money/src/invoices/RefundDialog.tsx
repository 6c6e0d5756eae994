import { useState } from 'react';
import { Button, Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions, idempotencyKeys } from '@venue/ui';
import {
  PAYMENT_METHODS,
  creditNoteCreateSchema,
  type Invoice,
  type PaymentMethod,
} from '@venue/contracts/money-api';
import { useCreateCreditNote } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';
import { toastSuccess } from '../shared/notify.ts';
import { METHOD_LABELS } from '../shared/labels.ts';
import { MoneyField, centsOf, dollarsText } from '../shared/MoneyField.tsx';
import { fieldProps, useContractForm } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';

/** The form as typed: the amount is text until it is read into cents. */
interface RefundValues {
  amount: string;
  reason: string;
  payBack: boolean;
  method: PaymentMethod;
  reference: string;
}
type CreditNoteBody = z.output<typeof creditNoteCreateSchema>;

/** The call's body: the amount in cents (parseDollars), the refund only when money is paid back. */
export const creditNoteBodyOf = (v: RefundValues) => ({
  amountCents: centsOf(v.amount) ?? undefined,
  reason: v.reason,
  refund: v.payBack ? { paymentMethod: v.method, reference: v.reference.trim() || undefined } : undefined,
});

/** A problem at a body path on its field: the refund as a whole (more than was paid) is the amount's. */
export function refundField(path: string): keyof RefundValues {
  if (path === 'refund.paymentMethod') return 'method';
  if (path === 'refund.reference') return 'reference';
  if (path === 'reason') return 'reason';
  return 'amount';
}

/** The form checked by creditNoteCreateSchema, and the credit note with one key per content. */
function useRefundForm(invoice: Invoice, onClose: () => void) {
  const fmt = useFormat();
  const credit = useCreateCreditNote();
  const [keyFor] = useState(idempotencyKeys);
  const tooMuch = (v: Pick<RefundValues, 'amount' | 'payBack'>) => {
    const cents = centsOf(v.amount);
    return v.payBack && cents !== null && cents > invoice.paidCents;
  };
  const dialog = useContractForm<RefundValues, CreditNoteBody>({
    schema: creditNoteCreateSchema,
    toBody: creditNoteBodyOf,
    fieldOf: refundField,
    // Screen only, said while typing: the server does not refuse it but pays back at most what was
    // paid (creditRefundCents) and credits the whole amount, which this dialog does not offer.
    screenRules: (v) =>
      tooMuch(v) ? { amount: `At most ${fmt.money(invoice.paidCents)} can be paid back.` } : {},
    defaultValues: {
      amount: dollarsText(invoice.paidCents),
      reason: '',
      payBack: true,
      method: 'Bank Transfer',
      reference: '',
    },
    mode: 'onChange',
  });
  const [amount, reason, payBack] = useWatch({
    control: dialog.form.control,
    name: ['amount', 'reason', 'payBack'],
  });
  const cents = centsOf(amount);

  const submit = dialog.onSubmit(async (body) => {
    await credit.mutateAsync({ id: invoice.id, body, key: keyFor(body) });
    toastSuccess(
      `Credit note of ${fmt.money(body.amountCents)} created${body.refund ? ' and the refund recorded' : ''}.`,
    );
    onClose();
  });

  return {
    ...dialog,
    submit,
    payBack,
    crediting: credit.isPending,
    blocked: cents === null || cents === 0 || !reason.trim() || tooMuch({ amount, payBack }),
  };
}

/**
 * Create Refund: a credit note against the invoice (a sent invoice is never edited), and the
 * money paid back with it when asked — at most what was paid.
 */
export function RefundDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const fmt = useFormat();
  const { form, formRef, failure, submit, payBack, crediting, blocked } = useRefundForm(invoice, onClose);
  return (
    <Modal opened onClose={onClose} title={`Create Refund — ${invoice.invoiceNumber ?? ''}`}>
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)}>
        <Stack>
          <Text size="sm">
            Paid so far: <strong>{fmt.money(invoice.paidCents)}</strong> of {fmt.money(invoice.totalCents)}
          </Text>
          <MoneyField control={form.control} name="amount" label="Amount to credit" autoFocus />
          <TextInput label="Reason" required maxLength={500} {...fieldProps(form, 'reason')} />
          <Checkbox
            label="Pay the money back to the customer"
            {...form.register('payBack', {
              // The amount's limit depends on it: checked again with it.
              onChange: () => void form.trigger('amount'),
            })}
          />
          {payBack ? (
            <>
              <SelectField
                control={form.control}
                name="method"
                label="Refund method"
                data={PAYMENT_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
                allowDeselect={false}
              />
              <TextInput label="Reference" maxLength={200} {...fieldProps(form, 'reference')} />
            </>
          ) : null}
          <DialogActions error={failure} onCancel={onClose}>
            <Button type="submit" loading={crediting} disabled={blocked}>
              Create Refund
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
