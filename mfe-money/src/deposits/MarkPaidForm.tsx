/**
 * The Deposits drawer's Mark Paid (spec 03 §2.2) as a form on the contract form piece (issue 28
 * item 4), loaded with the drawer's first opening.
 */
import type { KeyboardEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions } from '@venue/ui';
import { useContractForm } from '@venue/ui/contract-form';
import type { DepositMethod } from './deposit-filters.ts';
import type { MarkPaidBody } from './DepositTable.tsx';

const SHORT: Record<DepositMethod, string> = { 'Bank Transfer': 'Bank', Cash: 'Cash', Cheque: 'Cheque' };

/** The form as typed: the method is the Mark Paid button pressed. */
interface MarkPaidValues {
  paymentMethod: DepositMethod;
  reference: string;
}

/** The body the service parses: a blank reference is left out. */
const markPaidBodyOf = (v: MarkPaidValues): MarkPaidBody => ({
  paymentMethod: v.paymentMethod,
  reference: v.reference.trim() || undefined,
});

/**
 * Mark Paid with a payment reference, one submit button per accepted method: the reference is
 * checked by the tab's own mark-paid schema, sent with the method pressed, and a refusal is said
 * above the buttons, with what it says of the reference beside it.
 */
export function MarkPaidForm({
  methods,
  schema,
  busy,
  onPaid,
}: {
  /** The methods the venue accepts, at least one: a button each. */
  methods: DepositMethod[];
  /** The contract's schema of the tab's mark-paid body. */
  schema: z.ZodType;
  /** Another Mark Paid or Mark Unpaid of the tab is being sent. */
  busy: boolean;
  /** Sends it; rejects with the refusal (toasted) so the form can show it. */
  onPaid: (body: MarkPaidBody) => Promise<void>;
}) {
  const { form, formRef, errors, failure, onSubmit } = useContractForm<MarkPaidValues, MarkPaidBody>({
    schema,
    toBody: markPaidBodyOf,
    defaultValues: { paymentMethod: methods[0] ?? 'Bank Transfer', reference: '' },
  });
  const submit = onSubmit(onPaid);
  const { isSubmitting } = form.formState;
  const pressed = useWatch({ control: form.control, name: 'paymentMethod' });
  // Enter would mark it paid by whichever method comes first; how it was paid is the user's button.
  const noImplicitSubmit = (e: KeyboardEvent) => {
    if (e.key === 'Enter') e.preventDefault();
  };
  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} aria-label="Mark Paid">
      <Stack gap="sm">
        <TextInput
          label="Payment reference (optional)"
          maxLength={200}
          {...form.register('reference')}
          onKeyDown={noImplicitSubmit}
          error={errors.reference?.message}
        />
        <DialogActions error={failure ?? errors.paymentMethod?.message} errorTitle="Not marked paid">
          {methods.map((m) => (
            <Button
              key={m}
              type="submit"
              loading={isSubmitting && pressed === m}
              disabled={(isSubmitting && pressed !== m) || busy}
              onClick={() => form.setValue('paymentMethod', m)}
            >
              Mark Paid ({SHORT[m]})
            </Button>
          ))}
        </DialogActions>
      </Stack>
    </form>
  );
}
