import { useEffect, useState } from 'react';
import { Badge, Button, Card, Divider, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { ErrorState, LoadingState, focusFirstInvalid, useSession } from '@venue/ui';
import { putServerErrors, useContractForm } from '@venue/ui/contract-form';
import { FlashMessage, useFlash, type Flash } from '../shared/flash.tsx';
import { stripeAccountSchema } from '@venue/contracts';
import { messageOr } from '../shared/errors.ts';
import { checkedSave, useSaveGroup } from './save-groups.tsx';
import { BankDetailsForm } from './BankDetailsForm.tsx';
import {
  DEFAULT_METHODS,
  fetchMethods,
  fetchStripeId,
  paymentKeys,
  type PaymentMethods,
} from './payment-api.ts';

const METHOD_LABELS: Record<keyof PaymentMethods, string> = {
  stripe: 'Card payments (Stripe)',
  bankTransfer: 'Bank Transfer',
  cash: 'Cash',
  cheque: 'Cheque',
};

type StripeValues = { stripeAccountId: string };

/**
 * The provider account ID state shared with the page's top "Save Settings" button: a form checked
 * by the schema the service parses the PUT with (stripeAccountSchema: trimmed, `acct_…` or empty).
 */
export function useStripeId() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: paymentKeys.stripe, queryFn: () => fetchStripeId(api) });
  const { form, formRef, errors } = useContractForm<StripeValues, StripeValues>({
    schema: stripeAccountSchema,
    defaultValues: { stripeAccountId: '' },
    // Said while it is typed, as it always was; the save stays off until the ID reads right.
    mode: 'onChange',
  });
  const { reset } = form;
  const draft = useWatch({ control: form.control, name: 'stripeAccountId' });
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (query.data !== undefined) {
      reset({ stripeAccountId: query.data });
      // Spec 01 §2: locked once an ID exists; an empty field starts editable.
      setEditing(query.data === '');
    }
  }, [query.data, reset]);
  const save = useMutation({
    mutationFn: (body: StripeValues) => api.api('/api/users/stripe-account', { method: 'PUT', body }),
    onSuccess: async (_answer, body) => {
      // Locks again after a successful save (unless it was cleared).
      setEditing(body.stripeAccountId === '');
      await queryClient.invalidateQueries({ queryKey: paymentKeys.stripe });
    },
    // A refusal naming the ID is shown under it; the page's bar says the group was not saved.
    onError: (error) => {
      if (putServerErrors(form, error) > 0) setTimeout(() => focusFirstInvalid(formRef.current));
    },
  });
  /** Checks and saves the ID: false when it is refused (the message under it) or the save failed. */
  const saveEdits = checkedSave(form.handleSubmit, save.mutateAsync);
  const problem = errors.stripeAccountId?.message;
  return { query, form, formRef, problem, draft, editing, setEditing, save, saveEdits };
}

export type StripeState = ReturnType<typeof useStripeId>;

export function PaymentMethodsCard({
  stripe,
  canEdit,
  stripeFlash,
}: {
  stripe: StripeState;
  canEdit: boolean;
  stripeFlash: Flash | null;
}) {
  const { api } = useSession();
  const flash = useFlash();
  const methods = useQuery({ queryKey: paymentKeys.methods, queryFn: () => fetchMethods(api) });
  const toggle = useToggleMethod(flash);

  // The Stripe account ID is saved with the page's other edits (its one Save button).
  const stripeDirty = canEdit && stripe.editing && stripe.draft.trim() !== (stripe.query.data ?? '').trim();
  const managed = useSaveGroup('stripe-account', 'Stripe account ID', stripeDirty, stripe.saveEdits);

  if (methods.isPending || stripe.query.isPending) {
    return (
      <Card withBorder padding="lg">
        <LoadingState label="Loading settings..." />
      </Card>
    );
  }
  // Only a first read that failed replaces the card; a refresh after a save that failed keeps it.
  if ((methods.isError && !methods.data) || (stripe.query.isError && stripe.query.data === undefined)) {
    return (
      <ErrorState
        title="Could not load payment methods"
        message={messageOr(
          methods.error ?? stripe.query.error,
          'The server did not answer. Please try again.',
        )}
        onRetry={() => {
          void methods.refetch();
          void stripe.query.refetch();
        }}
      />
    );
  }

  const m = methods.data;
  const switchFor = (key: keyof PaymentMethods) => (
    <Switch
      label={METHOD_LABELS[key]}
      checked={m[key]}
      disabled={!canEdit}
      onChange={(e) => toggle.mutate({ [key]: e.currentTarget.checked })}
    />
  );

  return (
    <Card withBorder padding="lg" data-testid="payment-methods">
      <Title order={2} fz="lg" mb="sm">
        Payment Methods
      </Title>
      <FlashMessage flash={flash.flash} />
      <Stack gap="md">
        {switchFor('stripe')}
        {m.stripe ? (
          <StripeAccountField stripe={stripe} canEdit={canEdit} managed={managed} stripeFlash={stripeFlash} />
        ) : null}
        <Divider />
        {switchFor('bankTransfer')}
        {m.bankTransfer ? <BankDetailsForm canEdit={canEdit} /> : null}
        <Divider />
        {switchFor('cash')}
        {switchFor('cheque')}
      </Stack>
    </Card>
  );
}

/** Saves one payment method's switch at once, showing it before the server answers. */
function useToggleMethod(flash: ReturnType<typeof useFlash>) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<PaymentMethods>) =>
      api.api<{ paymentMethods?: Partial<PaymentMethods> }>('/api/users/payment-methods', {
        method: 'PUT',
        body: change,
      }),
    // Saved on each toggle (spec 01 §7): show the new state at once, undo it if the save fails.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: paymentKeys.methods });
      const before = queryClient.getQueryData<PaymentMethods>(paymentKeys.methods);
      queryClient.setQueryData<PaymentMethods>(paymentKeys.methods, {
        ...(before ?? DEFAULT_METHODS),
        ...change,
      });
      return { before };
    },
    onError: (error, _change, context) => {
      console.warn('Saving a payment method failed', error);
      if (context?.before) queryClient.setQueryData(paymentKeys.methods, context.before);
      flash.error(messageOr(error, 'That payment method could not be saved. Please try again.'));
    },
    onSuccess: (body) => {
      if (body?.paymentMethods) {
        queryClient.setQueryData(paymentKeys.methods, { ...DEFAULT_METHODS, ...body.paymentMethods });
      }
    },
  });
}

/** The venue's own Stripe account ID: locked once saved, until Edit Stripe ID. */
function StripeAccountField({
  stripe,
  canEdit,
  managed,
  stripeFlash,
}: {
  stripe: StripeState;
  canEdit: boolean;
  /** The page's one Save button saves it: no button of its own. */
  managed: boolean;
  stripeFlash: Flash | null;
}) {
  const trimmed = stripe.draft.trim();
  const locked = !stripe.editing || !canEdit;
  return (
    <Stack gap="xs" pl="xl">
      <FlashMessage flash={stripeFlash} testId="stripe-flash" />
      <form
        ref={stripe.formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // Enter in the field saves it, as in the bank details below; a locked ID has nothing to save.
          if (!locked) void stripe.saveEdits();
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Stripe Account ID"
            placeholder="acct_..."
            readOnly={locked}
            {...stripe.form.register('stripeAccountId')}
            error={stripe.problem}
            style={{ flex: 1 }}
          />
          {canEdit && stripe.editing && !managed ? (
            <Button type="submit" disabled={Boolean(stripe.problem)} loading={stripe.save.isPending}>
              Save Stripe
            </Button>
          ) : null}
          {canEdit && !stripe.editing ? (
            <Button variant="light" onClick={() => stripe.setEditing(true)}>
              Edit Stripe ID
            </Button>
          ) : null}
        </Group>
      </form>
      {trimmed && !stripe.problem ? (
        <Badge color="green" variant="light">
          Looks valid
        </Badge>
      ) : null}
      <Text size="xs" c="dimmed">
        Card payments are taken by your own Stripe account; VenueDesk stores only its ID.
      </Text>
    </Stack>
  );
}
