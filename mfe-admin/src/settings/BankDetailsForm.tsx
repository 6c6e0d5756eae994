import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorState, LoadingState, focusFirstInvalid, useSession } from '@venue/ui';
import { FlashMessage, useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { useSaveGroup } from './save-groups.tsx';
import { ACCOUNT_NUMBER_MESSAGE, BSB_MESSAGE, isValidAccountNumber, isValidBsb } from '@venue/contracts';
import { digitsOnly, formatBsb } from './payment-fields.ts';
import { EMPTY_BANK, fetchBank, paymentKeys, type BankDetails } from './payment-api.ts';

/** What the form sends: the fields as typed, trimmed. */
function trimmed(form: BankDetails): BankDetails {
  return {
    accountName: form.accountName.trim(),
    bankName: form.bankName.trim(),
    bsb: form.bsb.trim(),
    accountNumber: form.accountNumber.trim(),
    referenceNote: form.referenceNote.trim(),
  };
}

type BankErrors = Partial<Record<keyof BankDetails, string>>;

/** The fields the form refuses before sending: a BSB or account number in the wrong shape. */
function bankProblems(body: BankDetails): BankErrors {
  const problems: BankErrors = {};
  if (body.bsb && !isValidBsb(body.bsb)) problems.bsb = BSB_MESSAGE;
  if (body.accountNumber && !isValidAccountNumber(body.accountNumber)) {
    problems.accountNumber = ACCOUNT_NUMBER_MESSAGE;
  }
  return problems;
}

/** The form, filled from the saved details each time they are read. */
function useFilledForm(saved: BankDetails | undefined) {
  const [form, setForm] = useState<BankDetails>(EMPTY_BANK);
  // The saved details the form was last filled from: its edits are what differs from them.
  const [base, setBase] = useState<BankDetails | null>(null);
  useEffect(() => {
    if (saved) {
      setForm(saved);
      setBase(saved);
    }
  }, [saved]);
  return { form, setForm, base };
}

/** The account customers pay into by bank transfer; printed on invoices. */
export function BankDetailsForm({ canEdit }: { canEdit: boolean }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const flash = useFlash();
  const query = useQuery({ queryKey: paymentKeys.bank, queryFn: () => fetchBank(api) });
  const { form, setForm, base } = useFilledForm(query.data);
  const [errors, setErrors] = useState<BankErrors>({});

  const formRef = useRef<HTMLFormElement>(null);
  const save = useMutation({
    mutationFn: (body: BankDetails) => api.api('/api/users/bank-details', { method: 'PUT', body }),
    onSuccess: (_answer, body) => {
      // What was saved is what the form now holds: no edits are left unsaved.
      queryClient.setQueryData(paymentKeys.bank, body);
      if (!managed) flash.success('Bank details saved.');
      void queryClient.invalidateQueries({ queryKey: paymentKeys.bank });
    },
    onError: (error) => flash.error(messageOr(error, 'Failed to save bank details')),
  });

  /** Checks and saves the form; false when a field is refused (its message beside it) or the save failed. */
  const saveEdits = async (): Promise<boolean> => {
    const body = trimmed(form);
    const problems = bankProblems(body);
    setErrors(problems);
    const first = problems.bsb ?? problems.accountNumber;
    if (first) {
      flash.error(first);
      return false;
    }
    return save.mutateAsync(body).then(
      () => true,
      () => false,
    );
  };
  const dirty = canEdit && base !== null && JSON.stringify(trimmed(form)) !== JSON.stringify(trimmed(base));
  const managed = useSaveGroup('bank-details', 'Bank details', dirty, saveEdits);

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

  const set = (key: keyof BankDetails, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void saveEdits().then((ok) => {
      if (!ok) setTimeout(() => focusFirstInvalid(formRef.current));
    });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="bank-details">
      <Stack gap="sm" pl="xl">
        <FlashMessage flash={flash.flash} testId="bank-flash" />
        <BankFields form={form} errors={errors} canEdit={canEdit} set={set} />
        {canEdit && !managed ? (
          <Button type="submit" loading={save.isPending} w="fit-content">
            Save Bank Details
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}

function BankFields({
  form,
  errors,
  canEdit,
  set,
}: {
  form: BankDetails;
  errors: BankErrors;
  canEdit: boolean;
  set: (key: keyof BankDetails, value: string) => void;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Account name"
          value={form.accountName}
          disabled={!canEdit}
          onChange={(e) => set('accountName', e.currentTarget.value)}
        />
        <TextInput
          label="Bank name"
          value={form.bankName}
          disabled={!canEdit}
          onChange={(e) => set('bankName', e.currentTarget.value)}
        />
        <TextInput
          label="BSB"
          placeholder="123-456"
          inputMode="numeric"
          value={form.bsb}
          error={errors.bsb}
          disabled={!canEdit}
          onChange={(e) => set('bsb', formatBsb(e.currentTarget.value))}
        />
        <TextInput
          label="Account number"
          inputMode="numeric"
          value={form.accountNumber}
          error={errors.accountNumber}
          disabled={!canEdit}
          onChange={(e) => set('accountNumber', digitsOnly(e.currentTarget.value, 12))}
        />
      </SimpleGrid>
      <Textarea
        label="Reference note"
        description="Shown on invoices, e.g. 'Use your invoice number as the reference'."
        value={form.referenceNote}
        disabled={!canEdit}
        onChange={(e) => set('referenceNote', e.currentTarget.value)}
        autosize
        minRows={2}
      />
    </>
  );
}
