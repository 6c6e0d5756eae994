// The Send Email form's state and its sends (split out of SendEmailPage.tsx): the draft on
// react-hook-form, checked by the contract (sendResolver), confirmed, sent, then cleared; and the
// Pay Link, which sends the venue's own template for the chosen booking.
import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import { fieldErrorsOf, idempotencyKeys } from '@venue/ui';
import {
  CUSTOMER_EMAIL_MISSING,
  EMAIL_SENT,
  type CommsBooking,
  type CommsCustomer,
} from '@venue/contracts/comms';
import { useSendEmail } from '../api/hooks.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import {
  DRAFT_FIELD,
  EMPTY_DRAFT,
  sendPayload,
  sendProblems,
  sendResolver,
  type SendDraft,
} from './sendForm.ts';

const DRAFT_KEYS = ['customer', 'booking', 'templateId', 'subject', 'body', 'files', 'invoice'] as const;

/** The draft as it is now, rendering its user on each change (the preview follows every key). */
function useDraft(form: ReturnType<typeof useForm<SendDraft>>): SendDraft {
  const [customer, booking, templateId, subject, body, files, invoice] = useWatch({
    control: form.control,
    name: DRAFT_KEYS,
  });
  return useMemo(
    () => ({ customer, booking, templateId, subject, body, files, invoice }),
    [customer, booking, templateId, subject, body, files, invoice],
  );
}

/**
 * Send Email's form: `change` sets fields (and takes the problems away, as typing does),
 * `trySend` checks and asks for the confirmation, `confirmSend` sends; once sent, the form,
 * customer, booking and booking list clear (spec 02 §2.10) and `onCleared` runs.
 */
export function useSendEmailForm(initial: SendDraft, onCleared: () => void) {
  const form = useForm<SendDraft>({ resolver: sendResolver, defaultValues: initial });
  const draft = useDraft(form);
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [keyFor, setKeyFor] = useState(idempotencyKeys);
  const send = useSendEmail();

  const change = (patch: Partial<SendDraft>) => {
    const shouldValidate = form.formState.isSubmitted;
    for (const [field, value] of Object.entries(patch))
      form.setValue(field as FieldPath<SendDraft>, value, { shouldValidate });
    setProblems([]);
  };

  function onInvalid(errors: FieldErrors<SendDraft>) {
    const found = sendProblems(errors);
    setProblems(found);
    toastError(found.join(', '), 'Validation Error');
  }

  const trySend = form.handleSubmit(() => {
    setProblems([]);
    setConfirming(true);
  }, onInvalid);

  function confirmSend() {
    const payload = sendPayload(draft);
    const key = keyFor({ payload, files: draft.files.map((f) => [f.name, f.size, f.lastModified]) });
    send.mutate(
      { payload, files: draft.files, key },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          toastSuccess(EMAIL_SENT);
          if (answer.warning) toastError(answer.warning, 'Warning');
          form.reset(EMPTY_DRAFT);
          onCleared();
          setKeyFor(() => idempotencyKeys());
        },
        onError: (error) => {
          setConfirming(false);
          toastError(errorText(error, 'Failed to send email'));
          // The fields the server names say its words (the subject and body beneath them).
          for (const [path, message] of Object.entries(fieldErrorsOf(error)))
            if (DRAFT_FIELD[path]) form.setError(DRAFT_FIELD[path], { type: 'server', message });
        },
      },
    );
  }

  return {
    form,
    draft,
    change,
    problems,
    trySend: () => void trySend(),
    confirming,
    cancelSend: () => setConfirming(false),
    confirmSend,
    sending: send.isPending,
  };
}

/** Spec 02 §2.10: the venue's Payment link template with a link the server builds from the booking. */
export function useSendPayLink(customer: CommsCustomer | null, booking: CommsBooking | null) {
  const payLink = useSendEmail();
  const [payLinkKeys] = useState(idempotencyKeys);

  function sendPayLink() {
    if (!customer?.email || !booking) {
      toastError(CUSTOMER_EMAIL_MISSING, 'Failed to Send Pay Link');
      return;
    }
    const payload = {
      recipientEmail: customer.email,
      recipientName: customer.name,
      bookingId: booking.id,
      purpose: 'payment_link' as const,
    };
    payLink.mutate(
      { payload, files: [], key: payLinkKeys(payload) },
      {
        onSuccess: () =>
          toastSuccess(`A payment link was e-mailed to ${customer.email}.`, 'Payment Link Sent'),
        onError: (error) => toastError(errorText(error), 'Failed to Send Pay Link'),
      },
    );
  }

  return { sendPayLink, busy: payLink.isPending };
}
