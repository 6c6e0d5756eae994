// Send Email's right-hand side (split out of SendEmailPage.tsx): the message as it will be sent,
// the bounce warning for the chosen address, and the confirmation that repeats them.
import { useMemo } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { renderTemplate } from '@venue/contracts/comms';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { useClearBounce, useSendPreview } from '../api/hooks.ts';
import type { CommsFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { previewValues, type SendDraft } from './sendForm.ts';

/**
 * The draft filled in: with a booking, the server's own rendering (debounced while typing); the
 * local one until it answers, or if it cannot (the text is over its limits). `exact` when what
 * is shown is what will be sent.
 */
export function useRenderedPreview(draft: SendDraft, fmt: CommsFormat) {
  const local = useMemo(
    () => renderTemplate(draft.subject, draft.body, previewValues(draft, fmt)),
    [draft, fmt],
  );
  const bookingId = draft.booking?.id ?? null;
  const wanted = useMemo(
    () =>
      bookingId && (draft.subject.trim() || draft.body.trim())
        ? { subject: draft.subject, body: draft.body, bookingId }
        : null,
    [bookingId, draft.subject, draft.body],
  );
  const [previewInput] = useDebouncedValue(wanted, 400);
  const server = useSendPreview(previewInput);
  // An attached invoice's number and amount are filled by the server from its PDF when sent; the
  // preview shows the Dashboard's, so it is not "as it will be sent".
  const exact = Boolean(
    !draft.invoice &&
    draft.booking &&
    server.data &&
    !server.isError &&
    !server.isPlaceholderData &&
    previewInput?.bookingId === draft.booking.id &&
    previewInput.subject === draft.subject &&
    previewInput.body === draft.body,
  );
  const rendered = exact && server.data ? server.data : local;
  return { rendered, exact };
}

type Rendered = ReturnType<typeof useRenderedPreview>;

/** Where the preview's values come from, in a word under it. */
function previewSource(draft: SendDraft, exact: boolean): string {
  if (draft.invoice)
    return `Invoice ${draft.invoice.number}’s number and amount due are filled from its PDF when it is sent.`;
  if (exact) return 'As it will be sent, filled from the booking.';
  return draft.booking ? 'Filling from the booking...' : 'Choose a booking to fill its details.';
}

export function EmailPreview({
  draft,
  preview: { rendered, exact },
  bounceWarning,
}: {
  draft: SendDraft;
  preview: Rendered;
  bounceWarning: string | null;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="email-preview">
      <Title order={2} fz="lg" mb="sm">
        Email Preview
      </Title>
      {bounceWarning && draft.customer ? (
        <BounceWarning email={draft.customer.email} warning={bounceWarning} />
      ) : null}
      <Stack gap={4}>
        <Text size="sm">
          <strong>To:</strong>{' '}
          {draft.customer ? `${draft.customer.name} <${draft.customer.email}>` : 'Choose a customer'}
        </Text>
        <Text size="sm">
          <strong>Subject:</strong> {rendered.subject || '—'}
        </Text>
        <Paper withBorder p="sm" mt="xs" bg="gray.0">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="preview-body">
            {rendered.text || 'The message appears here as you write it.'}
          </Text>
        </Paper>
        <Text size="xs" c="dimmed" data-testid="preview-source">
          {previewSource(draft, exact)}
        </Text>
        {rendered.unfilled.length ? (
          <Text size="xs" c="dimmed">
            No value yet for: {rendered.unfilled.map((n) => `{{${n}}}`).join(', ')}
          </Text>
        ) : null}
        {draft.files.length ? (
          <Text size="xs" c="dimmed">
            {draft.files.length} attachment{draft.files.length === 1 ? '' : 's'}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The address bounced before; the venue may say it is correct now. */
function BounceWarning({ email, warning }: { email: string; warning: string }) {
  const clearBounce = useClearBounce();
  return (
    <Alert color="orange" mb="sm" role="alert" data-testid="bounce-warning">
      <Text size="sm">{warning}</Text>
      <Button
        mt="xs"
        size="xs"
        variant="light"
        color="orange"
        loading={clearBounce.isPending}
        onClick={() =>
          clearBounce.mutate(email, {
            onSuccess: (answer) => toastSuccess(answer.message),
            onError: (error) => toastError(errorText(error)),
          })
        }
      >
        The address is correct now
      </Button>
    </Alert>
  );
}

/** Spec 02 §2.10: the last look before sending, with the bounce warning again. */
export function SendConfirmDialog({
  opened,
  draft,
  subject,
  bounceWarning,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  draft: SendDraft;
  subject: string;
  bounceWarning: string | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const files = draft.files.length;
  return (
    <ConfirmDialog
      opened={opened}
      title="Send this e-mail?"
      confirmLabel="Send"
      busy={busy}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <Text size="sm">
        To {draft.customer?.name} &lt;{draft.customer?.email}&gt;: “{subject}”
        {files ? ` with ${files} attachment(s)` : ''}
        {draft.invoice ? `${files ? ' and' : ' with'} invoice ${draft.invoice.number} (PDF)` : ''}.
      </Text>
      {bounceWarning ? (
        <Alert color="orange" role="alert">
          {bounceWarning}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
