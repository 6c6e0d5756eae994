import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { idempotencyKeys } from '@venue/ui';
import { contractResolver, fieldProps, putServerErrors } from '@venue/ui/contract-form';
import {
  EMAIL_SENT,
  QUICK_EMAIL_REQUIRED,
  sendEmailSchema,
  type SendEmailRequest,
} from '@venue/contracts/comms';
import { useSendEmail } from '../api/hooks.ts';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';

interface QuickDraft {
  to: string;
  subject: string;
  body: string;
}
const EMPTY: QuickDraft = { to: '', subject: '', body: '' };

/** Spec 02 §3.5: the quick e-mail's name is the part of the address before the at-sign. */
export function quickPayload(d: QuickDraft): SendEmailRequest {
  const to = d.to.trim();
  return {
    recipientEmail: to,
    recipientName: to.split('@')[0] ?? '',
    customSubject: d.subject,
    customBody: d.body,
    isCustom: true,
    purpose: 'quick',
  };
}

const FIELDS = ['to', 'subject', 'body'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = { to: 'recipient', subject: 'subject', body: 'message' };
/** The send body's fields as the quick form names them. */
const FORM_FIELD: Record<string, Field> = {
  recipientEmail: 'to',
  customSubject: 'subject',
  customBody: 'body',
};

/**
 * All three required (spec 02 §5.3), then the payload they make through the contract's own
 * schema (POST /api/email-comms/send parses the same), its problems put back on the boxes.
 */
const quickSchema = z
  .custom<QuickDraft>()
  .superRefine((d, ctx) => {
    for (const f of FIELDS)
      if (!d[f].trim())
        ctx.addIssue({ code: 'custom', path: [f], message: `Please fill in the ${LABELS[f]}` });
  })
  .transform(quickPayload)
  .pipe(sendEmailSchema);
/** The draft is what is confirmed (`raw`): the payload is made again from it when sent. */
const quickResolver = contractResolver<QuickDraft, QuickDraft>({
  schema: quickSchema,
  fieldOf: FORM_FIELD,
  raw: true,
});

/** The confirmation and the send; once sent, the form clears and `onSent` runs. */
function useQuickSend(form: UseFormReturn<QuickDraft>, onSent: () => void) {
  const [confirming, setConfirming] = useState<QuickDraft | null>(null);
  const [keyFor, setKeyFor] = useState(idempotencyKeys);
  const send = useSendEmail();

  function confirmSend() {
    if (!confirming) return;
    const payload = quickPayload(confirming);
    send.mutate(
      { payload, files: [], key: keyFor(payload) },
      {
        onSuccess: (answer) => {
          setConfirming(null);
          toastSuccess(EMAIL_SENT);
          if (answer.warning) toastError(answer.warning, 'Warning');
          form.reset(EMPTY);
          setKeyFor(() => idempotencyKeys());
          onSent();
        },
        onError: (error) => {
          setConfirming(null);
          toastError(errorText(error, 'Failed to send email'));
          putServerErrors(form, error, FORM_FIELD);
        },
      },
    );
  }

  return { confirming, setConfirming, confirmSend, send };
}

/** Send Quick Email (spec 02 §2.12): recipient, subject, body → confirm → send → cleared. */
export function QuickEmailTab({ onSent }: { onSent: () => void }) {
  const form = useForm<QuickDraft>({ resolver: quickResolver, defaultValues: EMPTY });
  const [problem, setProblem] = useState<string | null>(null);
  const { confirming, setConfirming, confirmSend, send } = useQuickSend(form, onSent);

  function onInvalid(found: FieldErrors<QuickDraft>) {
    // Spec 02 §5.3: "Validation Error" / "Please fill in all required fields"; other problems as said.
    const blank = FIELDS.some((f) => found[f]?.type === 'custom' && !form.getValues(f).trim());
    const text = blank
      ? QUICK_EMAIL_REQUIRED
      : [...new Set(FIELDS.flatMap((f) => found[f]?.message ?? []))].join(', ');
    setProblem(text);
    toastError(text, 'Validation Error');
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((d) => {
        setProblem(null);
        setConfirming(d);
      }, onInvalid)}
    >
      <Stack maw={640}>
        {problem ? (
          <Alert color="red" title="Validation Error" role="alert" data-testid="quick-problems">
            {problem}
          </Alert>
        ) : null}
        <TextInput
          label="Recipient"
          type="email"
          required
          placeholder="customer@example.com"
          {...fieldProps(form, 'to', { onChange: () => setProblem(null) })}
        />
        <TextInput
          label="Subject"
          required
          {...fieldProps(form, 'subject', { onChange: () => setProblem(null) })}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={6}
          {...fieldProps(form, 'body', { onChange: () => setProblem(null) })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Send Quick Email
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title="Send this e-mail?"
        confirmLabel="Send"
        busy={send.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={confirmSend}
      >
        <Text size="sm">
          To {confirming?.to.trim()}: “{confirming?.subject.trim()}”.
        </Text>
      </ConfirmDialog>
    </form>
  );
}
