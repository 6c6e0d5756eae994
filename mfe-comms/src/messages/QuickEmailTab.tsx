import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { idempotencyKeys } from '@venue/ui';
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

/** Send Quick Email (spec 02 §2.12): recipient, subject, body → confirm → send → cleared. */
export function QuickEmailTab({ onSent }: { onSent: () => void }) {
  const [draft, setDraft] = useState<QuickDraft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [keyFor, setKeyFor] = useState(idempotencyKeys);
  const send = useSendEmail();
  const change = (patch: Partial<QuickDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem(null);
  };

  function trySend() {
    // Spec 02 §5.3: all three required, "Validation Error" / "Please fill in all required fields".
    if (!draft.to.trim() || !draft.subject.trim() || !draft.body.trim()) {
      setProblem(QUICK_EMAIL_REQUIRED);
      toastError(QUICK_EMAIL_REQUIRED, 'Validation Error');
      return;
    }
    const parsed = sendEmailSchema.safeParse(quickPayload(draft));
    if (!parsed.success) {
      const text = [...new Set(parsed.error.issues.map((i) => i.message))].join(', ');
      setProblem(text);
      toastError(text, 'Validation Error');
      return;
    }
    setConfirming(true);
  }

  function confirmSend() {
    const payload = quickPayload(draft);
    send.mutate(
      { payload, files: [], key: keyFor(payload) },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          toastSuccess(EMAIL_SENT);
          if (answer.warning) toastError(answer.warning, 'Warning');
          setDraft(EMPTY);
          setKeyFor(() => idempotencyKeys());
          onSent();
        },
        onError: (error) => {
          setConfirming(false);
          toastError(errorText(error, 'Failed to send email'));
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        trySend();
      }}
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
          value={draft.to}
          onChange={(e) => change({ to: e.currentTarget.value })}
        />
        <TextInput
          label="Subject"
          required
          value={draft.subject}
          onChange={(e) => change({ subject: e.currentTarget.value })}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={6}
          value={draft.body}
          onChange={(e) => change({ body: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Send Quick Email
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Send this e-mail?"
        confirmLabel="Send"
        busy={send.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirmSend}
      >
        <Text size="sm">
          To {draft.to.trim()}: “{draft.subject.trim()}”.
        </Text>
      </ConfirmDialog>
    </form>
  );
}
