/**
 * Accept (tentative hold), Decline (reason) and Request Changes (message) of pending online
 * requests, one or several: a react-hook-form whose resolver parses the body the call sends with
 * the contract's schema (acceptBody, declineBody, changesBody and the bulk ones), after the
 * screen's own rules (a reason chosen, a message written). PendingPage loads this file when a
 * review is first opened.
 */
import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { idempotencyKeys, DialogActions, useFocusFirstError } from '@venue/ui';
import { contractResolver, putServerErrors } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';
import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  acceptBody,
  bulkAcceptBody,
  bulkDeclineBody,
  changesBody,
  declineBody,
} from '@venue/contracts/bookings';
import { useBookingActions } from '../api/hooks.ts';
import type { Booking, BulkResult } from '../api/types.ts';
import { errorText, toastError, toastInfo, toastSuccess } from '../shared/notify.ts';

export const HOLD_OPTIONS = [
  { value: '24', label: '24 hours' },
  { value: '48', label: '48 hours' },
  { value: '72', label: '72 hours' },
  { value: '168', label: '7 days' },
];

export const DECLINE_REASONS = [
  { value: 'unavailable', label: 'Resource unavailable' },
  { value: 'conflict', label: 'Scheduling conflict' },
  { value: 'policy', label: 'Against venue policy' },
  { value: 'capacity', label: 'Over capacity' },
  { value: 'other', label: 'Other' },
];

export type Review = { kind: 'accept' | 'decline' | 'changes'; bookings: Booking[] } | null;
type Kind = NonNullable<Review>['kind'];

/** The boxes as typed: the hold (accept), the reason (decline), and the note or message. */
interface ReviewValues {
  hold: string | null;
  reason: string | null;
  text: string;
}

/** Every field the five bodies have; each call's schema says which it takes. */
interface ReviewBody {
  ids?: string[];
  holdHours?: number;
  reason?: string;
  note?: string | null;
  message?: string | null;
}

const SCHEMAS: Record<Kind, { one: z.ZodType; many: z.ZodType }> = {
  accept: { one: acceptBody, many: bulkAcceptBody },
  decline: { one: declineBody, many: bulkDeclineBody },
  // Changes are asked of one booking at a time.
  changes: { one: changesBody, many: changesBody },
};

const reviewField = (path: string): keyof ReviewValues => {
  const field = path.split('.')[0];
  return field === 'holdHours' || field === 'ids' ? 'hold' : field === 'reason' ? 'reason' : 'text';
};

/** The body of the review's call (the ids only in a bulk one's), as the form's values make it. */
function reviewBody(kind: Kind, ids: string[], v: ReviewValues): ReviewBody {
  const bulk = ids.length > 1 ? { ids } : {};
  if (kind === 'accept') return { ...bulk, holdHours: Number(v.hold ?? 48) };
  if (kind === 'decline')
    return ids.length > 1
      ? { ...bulk, reason: v.reason ?? undefined }
      : { reason: v.reason ?? undefined, note: v.text.trim() || undefined };
  return { message: v.text.trim() };
}

function reviewResolver(kind: Kind, ids: string[]) {
  return contractResolver<ReviewValues, ReviewBody>({
    schema: ids.length > 1 ? SCHEMAS[kind].many : SCHEMAS[kind].one,
    // The contract leaves these optional; a review without them means nothing to the customer.
    screenRules: (v) =>
      kind === 'decline' && !v.reason
        ? { reason: 'Please choose a reason' }
        : kind === 'changes' && !v.text.trim()
          ? { text: 'Please enter a message for the customer' }
          : {},
    toBody: (v) => reviewBody(kind, ids, v),
    fieldOf: reviewField,
  });
}

function reportBulk(verb: string, res: BulkResult) {
  if (res.failed.length === 0) toastSuccess(`${res.succeeded.length} booking(s) ${verb}`);
  else
    toastInfo(
      `${res.succeeded.length} ${verb}, ${res.failed.length} failed`,
      res.failed.map((f) => f.message).join('; '),
    );
}

/** Accept (tentative hold), Decline (reason) and Request Changes (message), single or bulk. */
export function ReviewDialog({
  review,
  onClose,
  onDone,
}: {
  review: Review;
  onClose: () => void;
  onDone: () => void;
}) {
  const titles = { accept: 'Accept Booking', decline: 'Decline Booking', changes: 'Request Changes' };
  return (
    <Modal opened={review !== null} onClose={onClose} title={review ? titles[review.kind] : ''}>
      {review ? (
        <ReviewForm
          key={review.kind + review.bookings.map((b) => b.id).join()}
          review={review}
          onClose={onClose}
          onDone={onDone}
        />
      ) : null}
    </Modal>
  );
}

/** Sends the parsed body by the review's call, and says how it went. */
function useReviewSend(kind: Kind, ids: string[]) {
  const actions = useBookingActions();
  // Bulk actions carry an Idempotency-Key: a double click or a retry acts on the bookings once.
  const [keyFor] = useState(idempotencyKeys);
  return async function send(body: ReviewBody) {
    const id = ids[0]!;
    if (kind === 'accept') {
      const holdHours = body.holdHours!;
      if (body.ids) {
        const idempotencyKey = keyFor({ kind: 'accept', ids, holdHours });
        reportBulk('accepted', await actions.bulkAccept.mutateAsync({ ids, holdHours, idempotencyKey }));
      } else {
        await actions.accept.mutateAsync({ id, holdHours });
        const label = HOLD_OPTIONS.find((o) => o.value === String(holdHours))?.label;
        toastSuccess('Booking accepted', `Held for ${label}`);
      }
    } else if (kind === 'decline') {
      const reason = body.reason!;
      if (body.ids) {
        const idempotencyKey = keyFor({ kind: 'decline', ids, reason });
        reportBulk('declined', await actions.bulkDecline.mutateAsync({ ids, reason, idempotencyKey }));
      } else {
        await actions.decline.mutateAsync({ id, reason, note: body.note ?? undefined });
        toastSuccess('Booking declined', 'The customer will be e-mailed.');
      }
    } else {
      await actions.requestChanges.mutateAsync({ id, message: body.message! });
      toastSuccess('Changes requested', 'The customer will be e-mailed.');
    }
  };
}

function useReviewForm(review: NonNullable<Review>, onClose: () => void, onDone: () => void) {
  const ids = review.bookings.map((b) => b.id);
  // The dialog keys the form by its review, so the resolver made at first render stays right.
  const [resolver] = useState(() => reviewResolver(review.kind, ids));
  const form = useForm<ReviewValues, unknown, ReviewBody>({
    defaultValues: { hold: '48', reason: null, text: '' },
    resolver,
    // The first invalid field is focused (useFocusFirstError), whoever found it (issue 24 item 13).
    shouldFocusError: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const formRef = useFocusFirstError<HTMLFormElement>(form.formState.submitCount + refusals);
  const send = useReviewSend(review.kind, ids);
  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      await send(body);
      onDone();
      onClose();
    } catch (err) {
      setError(errorText(err));
      toastError('Action failed', errorText(err));
      if (putServerErrors(form, err, reviewField) > 0) setRefusals((n) => n + 1);
    }
  });
  return { form, formRef, onSubmit, error };
}

function ReviewForm({
  review,
  onClose,
  onDone,
}: {
  review: NonNullable<Review>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { form, formRef, onSubmit, error } = useReviewForm(review, onClose, onDone);
  const many = review.bookings.length > 1;
  const who = many
    ? `${review.bookings.length} bookings`
    : `${review.bookings[0]!.customerName} (${review.bookings[0]!.bookingCode})`;
  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack>
        {review.kind === 'accept' ? <AcceptFields who={who} control={form.control} /> : null}
        {review.kind === 'decline' ? <DeclineFields who={who} many={many} control={form.control} /> : null}
        {review.kind === 'changes' ? <ChangesFields who={who} control={form.control} /> : null}
        <DialogActions error={error} onCancel={onClose}>
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            color={review.kind === 'decline' ? 'red' : undefined}
          >
            {review.kind === 'accept' ? 'Accept' : review.kind === 'decline' ? 'Decline' : 'Send Request'}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

interface FieldsProps {
  who: string;
  control: Control<ReviewValues, unknown, ReviewBody>;
}

function AcceptFields({ who, control }: FieldsProps) {
  return (
    <>
      <Text size="sm">Place a tentative hold for {who}. The slot stays blocked until the hold expires.</Text>
      <SelectField control={control} name="hold" label="Hold for" data={HOLD_OPTIONS} allowDeselect={false} />
    </>
  );
}

function DeclineFields({ who, many, control }: FieldsProps & { many: boolean }) {
  return (
    <>
      <Text size="sm">Decline {who}. The customer is e-mailed with the reason.</Text>
      <SelectField
        control={control}
        name="reason"
        label="Reason"
        required
        data={DECLINE_REASONS}
        placeholder="Choose a reason"
      />
      {!many ? (
        <Controller
          control={control}
          name="text"
          render={({ field, fieldState }) => (
            <Textarea label="Note to the customer (optional)" {...field} error={fieldState.error?.message} />
          )}
        />
      ) : null}
    </>
  );
}

function ChangesFields({ who, control }: FieldsProps) {
  return (
    <>
      <Text size="sm">Ask {who} to change their request. The booking stays pending.</Text>
      <Controller
        control={control}
        name="text"
        render={({ field, fieldState }) => (
          <Textarea
            label="Message"
            required
            autosize
            minRows={3}
            {...field}
            error={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}
