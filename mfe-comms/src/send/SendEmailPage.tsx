import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Grid,
  Group,
  List,
  NativeSelect,
  Paper,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { EmptyState, ErrorState, LoadingState, PageHeader, idempotencyKeys, useSession } from '@venue/ui';
import {
  CUSTOMER_EMAIL_MISSING,
  EMAIL_SENT,
  renderTemplate,
  type CommsBooking,
  type CommsCustomer,
} from '@venue/contracts/comms';
import {
  useBounce,
  useClearBounce,
  useCustomerBookings,
  useCustomers,
  useSendEmail,
  useSendPreview,
  useTemplates,
} from '../api/hooks.ts';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { sizeKb, useCommsFormat, type CommsFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';
import { useFailureToast } from '../shared/QueryStatus.tsx';
import { useRouteParams } from '../shared/route-search.ts';
import {
  EMPTY_DRAFT,
  attachmentProblems,
  previewValues,
  readShareLink,
  sendPayload,
  sendProblems,
  shareText,
  type SendDraft,
} from './sendForm.ts';

function bookingLabel(b: CommsBooking, fmt: CommsFormat): string {
  return `${b.bookingCode} — ${b.eventType}, ${fmt.date(b.bookingDate)} ${fmt.time(b.startTime)}–${fmt.time(b.endTime)}, ${b.hallName || b.selectedHall}, ${fmt.money(b.calculatedPriceCents)}`;
}

/** Send Email (spec 02 §2.10): customer → booking → template → content → preview → confirm. */
export function SendEmailPage() {
  const fmt = useCommsFormat();
  const { navigate } = useSession();
  const params = useRouteParams();
  // The dashboard's share link fills the form once, when the page opens with it.
  const [share] = useState(() => readShareLink(params));
  const [draft, setDraft] = useState<SendDraft>(() =>
    share ? { ...EMPTY_DRAFT, ...shareText(share, fmt) } : EMPTY_DRAFT,
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
  const exact = Boolean(
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
              onSelect={(customer) => change({ customer, booking: null })}
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
                {exact
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
          {draft.files.length ? ` with ${draft.files.length} attachment(s)` : ''}.
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

function CustomerPanel({
  search,
  onSearch,
  selected,
  autoPick,
  onSelect,
}: {
  search: string;
  onSearch: (s: string) => void;
  selected: CommsCustomer | null;
  autoPick: string | null;
  onSelect: (c: CommsCustomer | null) => void;
}) {
  const [debounced] = useDebouncedValue(search, 300);
  const customers = useCustomers(debounced);
  useFailureToast(customers, 'Failed to load customers');
  const list = useMemo(() => customers.data?.customers ?? [], [customers.data]);
  // The share link names the customer: pick them when the search finds exactly that name.
  const [picked, setPicked] = useState(false);
  useEffect(() => {
    if (picked || !autoPick || selected || customers.isPlaceholderData) return;
    const matches = list.filter((c) => c.name.toLowerCase() === autoPick.toLowerCase());
    if (customers.data) setPicked(true);
    if (matches.length === 1) onSelect(matches[0]!);
  }, [picked, autoPick, selected, list, customers.data, customers.isPlaceholderData, onSelect]);

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="lg" mb="sm">
        Select Customer
      </Title>
      <TextInput
        label="Search customers"
        placeholder="Name or e-mail"
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        mb="sm"
      />
      {customers.isPending ? (
        <LoadingState label="Loading customers..." />
      ) : customers.isError ? (
        <ErrorState
          title="Failed to load customers"
          message={customers.error.message}
          onRetry={() => void customers.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title="No customers found"
          description={
            search.trim() ? 'Try another name or address.' : 'Customers appear here once they book.'
          }
        />
      ) : (
        <ScrollArea.Autosize mah={260} type="auto">
          <Radio.Group
            label="Customer"
            value={selected?.email ?? null}
            onChange={(email) => onSelect(list.find((c) => c.email === email) ?? null)}
          >
            <Stack gap="xs" mt="xs">
              {list.map((c) => (
                <Radio
                  key={c.email}
                  value={c.email}
                  label={`${c.name} (${c.email})`}
                  description={`${c.totalBookings} booking${c.totalBookings === 1 ? '' : 's'}${c.bounced ? ' · mail bounced before' : ''}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

function BookingPanel({
  customer,
  selected,
  autoPick,
  onSelect,
  onPayLink,
  payLinkBusy,
  fmt,
}: {
  customer: CommsCustomer | null;
  selected: CommsBooking | null;
  autoPick: string | null;
  onSelect: (b: CommsBooking | null) => void;
  onPayLink: () => void;
  payLinkBusy: boolean;
  fmt: CommsFormat;
}) {
  const bookings = useCustomerBookings(customer?.email ?? null);
  useFailureToast(bookings, 'Failed to load customer bookings');
  const list = bookings.data?.bookings;
  // The share link's booking is chosen once its customer's bookings arrive; the user may clear it.
  const [picked, setPicked] = useState(false);
  useEffect(() => {
    if (picked || !autoPick || selected || !list) return;
    setPicked(true);
    const match = list.find((b) => b.id === autoPick);
    if (match) onSelect(match);
  }, [picked, autoPick, selected, list, onSelect]);

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="lg" mb="sm">
        Select Booking
      </Title>
      {!customer ? (
        <Text size="sm" c="dimmed">
          Choose a customer to see their bookings.
        </Text>
      ) : bookings.isPending ? (
        <LoadingState label="Loading bookings..." />
      ) : bookings.isError ? (
        <ErrorState
          title="Failed to load customer bookings"
          message={bookings.error.message}
          onRetry={() => void bookings.refetch()}
        />
      ) : (
        <NativeSelect
          label="Booking (optional)"
          value={selected?.id ?? ''}
          onChange={(e) => onSelect(list?.find((b) => b.id === e.currentTarget.value) ?? null)}
          data={[
            { value: '', label: list?.length ? 'No booking' : 'This customer has no bookings' },
            ...(list ?? []).map((b) => ({ value: b.id, label: bookingLabel(b, fmt) })),
          ]}
        />
      )}
      {selected ? (
        <Group justify="flex-end" mt="sm">
          <Button variant="light" size="xs" onClick={onPayLink} loading={payLinkBusy}>
            Send Pay Link
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

function ContentPanel({ draft, onChange }: { draft: SendDraft; onChange: (p: Partial<SendDraft>) => void }) {
  const templates = useTemplates();
  useFailureToast(templates, 'Failed to load email templates');
  // Only active e-mail templates can be sent (sms templates have no provider).
  const usable = (templates.data?.templates ?? []).filter((t) => t.type === 'email' && t.isActive);
  const fileProblems = attachmentProblems(draft.files);

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="lg" mb="sm">
        Email Content
      </Title>
      <Stack gap="sm">
        <NativeSelect
          label="Template (optional)"
          value={draft.templateId ?? ''}
          disabled={templates.isPending}
          description={
            templates.isError ? `Templates could not be loaded: ${templates.error.message}` : undefined
          }
          onChange={(e) => {
            const t = usable.find((x) => x.id === e.currentTarget.value);
            // A template copies its subject and body into the fields, which stay editable.
            onChange(t ? { templateId: t.id, subject: t.subject, body: t.body } : { templateId: null });
          }}
          data={[
            { value: '', label: templates.isPending ? 'Loading templates...' : 'No template' },
            ...usable.map((t) => ({ value: t.id, label: t.name })),
          ]}
        />
        <TextInput
          label="Subject"
          value={draft.subject}
          onChange={(e) => onChange({ subject: e.currentTarget.value })}
        />
        <Textarea
          label="Body"
          autosize
          minRows={6}
          maxRows={16}
          value={draft.body}
          onChange={(e) => onChange({ body: e.currentTarget.value })}
        />
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={500}>
              Attachments
            </Text>
            <FileButton multiple onChange={(files) => onChange({ files: [...draft.files, ...files] })}>
              {(props) => (
                <Button {...props} variant="default" size="xs">
                  Add attachments
                </Button>
              )}
            </FileButton>
          </Group>
          {draft.files.length === 0 ? (
            <Text size="sm" c="dimmed">
              No attachments.
            </Text>
          ) : (
            <List size="sm" spacing={4} listStyleType="none" data-testid="attachments">
              {draft.files.map((f, i) => (
                <List.Item key={`${f.name}-${i}`}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {f.name} ({sizeKb(f.size)})
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={`Remove ${f.name}`}
                      onClick={() => onChange({ files: draft.files.filter((_, j) => j !== i) })}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
          {fileProblems.map((p) => (
            <Text key={p} size="sm" c="red.8" role="alert">
              {p}
            </Text>
          ))}
        </div>
      </Stack>
    </Paper>
  );
}
