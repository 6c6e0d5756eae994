import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { PageHeader, idempotencyKeys, useSession } from '@venue/ui';
import { CUSTOMER_EMAIL_MISSING, EMAIL_SENT, renderTemplate } from '@venue/contracts/comms';
import { useBounce, useClearBounce, useSendEmail, useSendPreview } from '../api/hooks.ts';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { useCommsFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { useRouteParams } from '@venue/ui/remote-root';
import {
  EMPTY_DRAFT,
  previewValues,
  readShareLink,
  sendPayload,
  shareInvoice,
  sendProblems,
  shareText,
  type SendDraft,
} from './sendForm.ts';
import { BookingPanel } from './BookingPanel.tsx';
import { ContentPanel } from './ContentPanel.tsx';
import { CustomerPanel } from './CustomerPanel.tsx';
import { SmsPanel } from './SmsPanel.tsx';

/** Send Email (spec 02 §2.10): customer → booking → template → content → preview → confirm. */
export function SendEmailPage() {
  const fmt = useCommsFormat();
  const { navigate } = useSession();
  const params = useRouteParams();
  // The dashboard's share link fills the form once, when the page opens with it.
  const [share] = useState(() => readShareLink(params));
  const [draft, setDraft] = useState<SendDraft>(() =>
    share ? { ...EMPTY_DRAFT, ...shareText(share, fmt), invoice: shareInvoice(share) } : EMPTY_DRAFT,
  );
  const [search, setSearch] = useState(share?.toName ?? '');
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [keyFor, setKeyFor] = useState(idempotencyKeys);
  const send = useSendEmail();
  const payLink = useSendEmail();
  const [payLinkKeys] = useState(idempotencyKeys);
  const bounce = useBounce(draft.customer?.email ?? null);
  const bounceWarning = bounce.data?.warning ?? null;
  const clearBounce = useClearBounce();

  const change = (patch: Partial<SendDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblems([]);
  };

  function trySend() {
    const found = sendProblems(draft);
    setProblems(found);
    if (found.length) {
      toastError(found.join(', '), 'Validation Error');
      return;
    }
    setConfirming(true);
  }

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
          // Spec 02 §2.10: after success the form, customer, booking and booking list clear.
          setDraft(EMPTY_DRAFT);
          setSearch('');
          setKeyFor(() => idempotencyKeys());
        },
        onError: (error) => {
          setConfirming(false);
          toastError(errorText(error, 'Failed to send email'));
        },
      },
    );
  }

  /** Spec 02 §2.10: the venue's Payment link template with a link the server builds from the booking. */
  function sendPayLink() {
    const customer = draft.customer;
    if (!customer?.email || !draft.booking) {
      toastError(CUSTOMER_EMAIL_MISSING, 'Failed to Send Pay Link');
      return;
    }
    const payload = {
      recipientEmail: customer.email,
      recipientName: customer.name,
      bookingId: draft.booking.id,
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

  const local = useMemo(
    () => renderTemplate(draft.subject, draft.body, previewValues(draft, fmt)),
    [draft, fmt],
  );
  // With a booking, the server's own rendering (debounced while typing); the local one until it
  // answers, or if it cannot (the text is over its limits).
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

  return (
    <>
      <PageHeader
        title="Send Email"
        subtitle="Write to a customer about their booking, from a template or in your own words."
        actions={
          <Button variant="default" onClick={() => navigate('/CommsMailPreview')}>
            Mail preview
          </Button>
        }
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <CustomerPanel
              search={search}
              onSearch={setSearch}
              selected={draft.customer}
              autoPick={share?.toName ?? null}
              // The share link's invoice stays with the customer it picked, not with another one.
              onSelect={(customer) =>
                change({ customer, booking: null, ...(draft.customer ? { invoice: null } : {}) })
              }
            />
            <BookingPanel
              customer={draft.customer}
              selected={draft.booking}
              autoPick={share?.bookingId ?? null}
              onSelect={(booking) => change({ booking })}
              onPayLink={sendPayLink}
              payLinkBusy={payLink.isPending}
              fmt={fmt}
            />
            <ContentPanel draft={draft} onChange={change} />
            <SmsPanel booking={draft.booking} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" radius="md" data-testid="email-preview">
            <Title order={2} fz="lg" mb="sm">
              Email Preview
            </Title>
            {bounceWarning ? (
              <Alert color="orange" mb="sm" role="alert" data-testid="bounce-warning">
                <Text size="sm">{bounceWarning}</Text>
                <Button
                  mt="xs"
                  size="xs"
                  variant="light"
                  color="orange"
                  loading={clearBounce.isPending}
                  onClick={() =>
                    clearBounce.mutate(draft.customer!.email, {
                      onSuccess: (answer) => toastSuccess(answer.message),
                      onError: (error) => toastError(errorText(error)),
                    })
                  }
                >
                  The address is correct now
                </Button>
              </Alert>
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
                {draft.invoice
                  ? `Invoice ${draft.invoice.number}’s number and amount due are filled from its PDF when it is sent.`
                  : exact
                    ? 'As it will be sent, filled from the booking.'
                    : draft.booking
                      ? 'Filling from the booking...'
                      : 'Choose a booking to fill its details.'}
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
        </Grid.Col>
      </Grid>
      {problems.length ? (
        <Alert color="red" mt="md" title="Validation Error" role="alert" data-testid="send-problems">
          {problems.join(', ')}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button onClick={trySend} disabled={!draft.customer} loading={send.isPending}>
          Send Email
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Send this e-mail?"
        confirmLabel="Send"
        busy={send.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirmSend}
      >
        <Text size="sm">
          To {draft.customer?.name} &lt;{draft.customer?.email}&gt;: “{rendered.subject}”
          {draft.files.length ? ` with ${draft.files.length} attachment(s)` : ''}
          {draft.invoice
            ? `${draft.files.length ? ' and' : ' with'} invoice ${draft.invoice.number} (PDF)`
            : ''}
          .
        </Text>
        {bounceWarning ? (
          <Alert color="orange" role="alert">
            {bounceWarning}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
