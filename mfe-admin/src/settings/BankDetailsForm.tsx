import { useEffect } from 'react';
import { Button, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bankDetailsSchema } from '@venue/contracts';
import { ErrorState, LoadingState, useSession } from '@venue/ui';
import { fieldProps, putServerErrors, useContractForm } from '@venue/ui/contract-form';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { checkedSave, useSaveGroup } from './save-groups.tsx';
import { digitsOnly, formatBsb } from './payment-fields.ts';
import { EMPTY_BANK, fetchBank, paymentKeys, type BankDetails } from './payment-api.ts';

/**
 * The account customers pay into by bank transfer; printed on invoices. Checked by the schema the
 * service parses the PUT with (bankDetailsSchema): what it sends is the body that schema reads
 * (trimmed, the BSB written 123-456).
 */
export function BankDetailsForm({ canEdit }: { canEdit: boolean }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const flash = useFlash();
  const query = useQuery({ queryKey: paymentKeys.bank, queryFn: () => fetchBank(api) });
  const { form, formRef } = useContractForm<BankDetails, BankDetails>({
    schema: bankDetailsSchema,
    defaultValues: EMPTY_BANK,
  });
  const { reset } = form;
  // The form is filled from the saved details each time they are read: its edits are what differs.
  useEffect(() => {
    if (query.data) reset(query.data);
  }, [query.data, reset]);

  const save = useMutation({
    mutationFn: (body: BankDetails) => api.api('/api/users/bank-details', { method: 'PUT', body }),
    onSuccess: (_answer, body) => {
      // What was saved is what the form now holds: no edits are left unsaved.
      queryClient.setQueryData(paymentKeys.bank, body);
      if (!managed) flash.success('Bank details saved.');
      void queryClient.invalidateQueries({ queryKey: paymentKeys.bank });
    },
    onError: (error) => {
      // A refusal naming a field is shown beside it as well as in the banner.
      putServerErrors(form, error);
      flash.error(messageOr(error, 'Failed to save bank details'));
    },
  });

  /** Checks and saves the form; false when a field is refused (its message beside it) or the save failed. */
  const saveEdits = checkedSave(form.handleSubmit, save.mutateAsync, (found: FieldErrors<BankDetails>) =>
    sayFirst(flash, found),
  );
  const managed = useSaveGroup('bank-details', 'Bank details', canEdit && form.formState.isDirty, saveEdits);

  if (query.isPending) return <LoadingState label="Loading settings..." />;
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title="Could not load bank details"
        message={messageOr(query.error, 'The server did not answer. Please try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        void saveEdits();
      }}
      noValidate
      data-testid="bank-details"
    >
      <Stack gap="sm" pl="xl">
        <FlashMessage flash={flash.flash} testId="bank-flash" />
        <BankFields form={form} canEdit={canEdit} />
        {canEdit && !managed ? (
          <Button type="submit" loading={save.isPending} w="fit-content">
            Save Bank Details
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}

const FIELD_ORDER: Array<keyof BankDetails> = [
  'accountName',
  'bankName',
  'bsb',
  'accountNumber',
  'referenceNote',
];

/** The banner says the first problem, in the order the fields are shown; the save did not happen. */
function sayFirst(flash: ReturnType<typeof useFlash>, found: FieldErrors<BankDetails>): false {
  const first = FIELD_ORDER.map((name) => found[name]?.message).find(Boolean);
  if (first) flash.error(first);
  return false;
}

function BankFields({
  form,
  canEdit,
}: {
  form: UseFormReturn<BankDetails, unknown, BankDetails>;
  canEdit: boolean;
}) {
  const { control } = form;
  const { errors } = form.formState;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Account name" disabled={!canEdit} {...fieldProps(form, 'accountName')} />
        <TextInput label="Bank name" disabled={!canEdit} {...fieldProps(form, 'bankName')} />
        <Controller
          control={control}
          name="bsb"
          render={({ field }) => (
            <TextInput
              label="BSB"
              placeholder="123-456"
              inputMode="numeric"
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              error={errors.bsb?.message}
              disabled={!canEdit}
              onChange={(e) => field.onChange(formatBsb(e.currentTarget.value))}
            />
          )}
        />
        <Controller
          control={control}
          name="accountNumber"
          render={({ field }) => (
            <TextInput
              label="Account number"
              inputMode="numeric"
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              error={errors.accountNumber?.message}
              disabled={!canEdit}
              onChange={(e) => field.onChange(digitsOnly(e.currentTarget.value, 12))}
            />
          )}
        />
      </SimpleGrid>
      <Textarea
        label="Reference note"
        description="Shown on invoices, e.g. 'Use your invoice number as the reference'."
        disabled={!canEdit}
        {...fieldProps(form, 'referenceNote')}
        autosize
        minRows={2}
      />
    </>
  );
}
