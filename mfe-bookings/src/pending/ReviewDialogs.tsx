import { useRef, useState } from 'react';
import { idempotencyKeys, DialogActions } from '@venue/ui';
import { Button, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
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

function ReviewForm({
  review,
  onClose,
  onDone,
}: {
  review: NonNullable<Review>;
  onClose: () => void;
  onDone: () => void;
}) {
  const actions = useBookingActions();
  const [hold, setHold] = useState<string | null>('48');
  const [reason, setReason] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The one required field's problem, beside it and focused (issue 24 item 13).
  const [fieldError, setFieldError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [busy, setBusy] = useState(false);
  // Bulk actions carry an Idempotency-Key: a double click or a retry acts on the bookings once.
  const [keyFor] = useState(idempotencyKeys);
  const many = review.bookings.length > 1;
  const who = many
    ? `${review.bookings.length} bookings`
    : `${review.bookings[0]!.customerName} (${review.bookings[0]!.bookingCode})`;
  const ids = review.bookings.map((b) => b.id);

  async function submit() {
    setError(null);
    const missing =
      review.kind === 'decline' && !reason
        ? 'Please choose a reason'
        : review.kind === 'changes' && !text.trim()
          ? 'Please enter a message for the customer'
          : null;
    setFieldError(missing);
    if (missing) {
      fieldRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      if (review.kind === 'accept') {
        const holdHours = Number(hold ?? 48);
        if (many) {
          const idempotencyKey = keyFor({ kind: 'accept', ids, holdHours });
          reportBulk('accepted', await actions.bulkAccept.mutateAsync({ ids, holdHours, idempotencyKey }));
        } else {
          await actions.accept.mutateAsync({ id: ids[0]!, holdHours });
          toastSuccess('Booking accepted', `Held for ${HOLD_OPTIONS.find((o) => o.value === hold)?.label}`);
        }
      } else if (review.kind === 'decline') {
        if (many) {
          const idempotencyKey = keyFor({ kind: 'decline', ids, reason });
          reportBulk(
            'declined',
            await actions.bulkDecline.mutateAsync({ ids, reason: reason!, idempotencyKey }),
          );
        } else {
          await actions.decline.mutateAsync({ id: ids[0]!, reason: reason!, note: text.trim() || undefined });
          toastSuccess('Booking declined', 'The customer will be e-mailed.');
        }
      } else {
        await actions.requestChanges.mutateAsync({ id: ids[0]!, message: text.trim() });
        toastSuccess('Changes requested', 'The customer will be e-mailed.');
      }
      onDone();
      onClose();
    } catch (err) {
      setError(errorText(err));
      toastError('Action failed', errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      {review.kind === 'accept' ? (
        <>
          <Text size="sm">
            Place a tentative hold for {who}. The slot stays blocked until the hold expires.
          </Text>
          <Select
            label="Hold for"
            data={HOLD_OPTIONS}
            value={hold}
            onChange={setHold}
            allowDeselect={false}
          />
        </>
      ) : null}
      {review.kind === 'decline' ? (
        <>
          <Text size="sm">Decline {who}. The customer is e-mailed with the reason.</Text>
          <Select
            label="Reason"
            required
            data={DECLINE_REASONS}
            value={reason}
            onChange={(v) => {
              setReason(v);
              setFieldError(null);
            }}
            placeholder="Choose a reason"
            error={fieldError}
            ref={fieldRef}
          />
          {!many ? (
            <Textarea
              label="Note to the customer (optional)"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
          ) : null}
        </>
      ) : null}
      {review.kind === 'changes' ? (
        <>
          <Text size="sm">Ask {who} to change their request. The booking stays pending.</Text>
          <Textarea
            label="Message"
            required
            autosize
            minRows={3}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            ref={fieldRef}
          />
        </>
      ) : null}
      <DialogActions error={error} onCancel={onClose}>
        <Button
          onClick={() => void submit()}
          loading={busy}
          color={review.kind === 'decline' ? 'red' : undefined}
        >
          {review.kind === 'accept' ? 'Accept' : review.kind === 'decline' ? 'Decline' : 'Send Request'}
        </Button>
      </DialogActions>
    </Stack>
  );
}
