import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_ALL_EVENTS,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS_REQUIRED,
  WEBHOOK_RETRY_DAYS,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  WEBHOOK_URL_MAX,
  WEBHOOK_URL_REQUIRED,
  WEBHOOKS_PER_VENUE,
  type Webhook,
  type WebhookWithSecret,
} from '@venue/contracts/admin';
import {
  ApiError,
  ErrorState,
  LoadingState,
  fieldErrorsOf,
  formatDateTime,
  idempotencyKeys,
  useSession,
} from '@venue/ui';
import { DeleteDialog, DialogButtons, DialogError, FormDialog } from '../shared/DialogParts.tsx';
import { messageOr } from '../shared/errors.ts';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';
import { WEBHOOKS_PATH, WEBHOOKS_QUERY } from './webhook-api.ts';

/** The create's answer, or its replay with the same Idempotency-Key (no secret then). */
type Created = WebhookWithSecret | (Webhook & { secret?: undefined; message: string });

interface Draft {
  url: string;
  description: string;
  events: string[];
}

const EMPTY: Draft = { url: '', description: '', events: [] };

export function eventsText(events: string[]): string {
  if (events.includes(WEBHOOK_ALL_EVENTS)) return 'All events';
  return events.map((e) => WEBHOOK_EVENT_LABELS[e as keyof typeof WEBHOOK_EVENT_LABELS] ?? e).join(', ');
}

/**
 * Settings → Integrations → Webhooks (issue 26, decision 60): the venue's own systems told of its
 * events, signed. Only the hall owner manages them (the server refuses anyone else: a webhook
 * sends the venue's data out), so others are told why instead of shown a list they cannot use.
 */
export function WebhooksCard() {
  const { role } = useSession();
  return (
    <Card withBorder padding="lg" data-testid="webhooks">
      <Stack gap="sm">
        {role === 'hall_owner' ? (
          <WebhooksManager />
        ) : (
          <>
            <Title order={2} fz="lg">
              Webhooks
            </Title>
            <Text c="dimmed" size="sm">
              Only the hall owner can set up webhooks.
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

function WebhooksManager() {
  const { api, settings } = useSession();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ hook: Webhook; secret: string | null; rotated: boolean } | null>(
    null,
  );
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  const [keyFor] = useState(idempotencyKeys);
  const query = useQuery({ queryKey: WEBHOOKS_QUERY, queryFn: () => api.api<Webhook[]>(WEBHOOKS_PATH) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY });

  const save = useMutation({
    mutationFn: async ({ draft, hook }: { draft: Draft; hook: Webhook | null }) => {
      const body = {
        url: draft.url.trim(),
        events: draft.events,
        description: draft.description.trim() || null,
      };
      if (hook)
        return { updated: await api.api<Webhook>(`${WEBHOOKS_PATH}/${hook.id}`, { method: 'PATCH', body }) };
      return {
        created: await api.api<Created>(WEBHOOKS_PATH, {
          method: 'POST',
          body,
          idempotencyKey: keyFor(body),
        }),
      };
    },
    onSuccess: async (result) => {
      setEditing(null);
      if (result.created)
        setSecret({ hook: result.created, secret: result.created.secret ?? null, rotated: false });
      else setNotice({ color: 'green', text: 'Webhook saved.' });
      await refresh();
    },
  });
  const pause = useMutation({
    mutationFn: (hook: Webhook) =>
      api.api<Webhook>(`${WEBHOOKS_PATH}/${hook.id}`, {
        method: 'PATCH',
        body: { status: hook.status === 'active' ? 'paused' : 'active' },
      }),
    onSuccess: async (hook, before) => {
      setNotice({
        color: 'green',
        text:
          hook.status !== 'active'
            ? 'Webhook paused. Its events are held and sent when you resume it.'
            : before.status === 'paused'
              ? 'Webhook resumed. The events held while it was paused are being sent, in order.'
              : 'Webhook resumed.',
      });
      await refresh();
    },
    onError: (err) => setNotice({ color: 'red', text: messageOr(err, 'The webhook could not be changed.') }),
  });
  const rotate = useMutation({
    mutationFn: (hook: Webhook) =>
      api.api<Created>(`${WEBHOOKS_PATH}/${hook.id}/rotate-secret`, { method: 'POST' }),
    onSuccess: async (hook) => {
      setRotating(null);
      setSecret({ hook, secret: hook.secret ?? null, rotated: true });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (hook: Webhook) => api.api(`${WEBHOOKS_PATH}/${hook.id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setDeleting(null);
      setNotice({ color: 'green', text: 'Webhook deleted.' });
      await refresh();
    },
  });
  const sendTest = useMutation({
    mutationFn: (hook: Webhook) =>
      api.api<{ message: string }>(`${WEBHOOKS_PATH}/${hook.id}/test`, { method: 'POST' }),
    onSuccess: async (answer, hook) => {
      setNotice({ color: 'green', text: answer.message });
      await queryClient.invalidateQueries({ queryKey: [...WEBHOOKS_QUERY, hook.id, 'deliveries'] });
    },
    onError: (err) => setNotice({ color: 'red', text: messageOr(err, 'The test event could not be sent.') }),
  });

  const full = (query.data?.length ?? 0) >= WEBHOOKS_PER_VENUE;
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Title order={2} fz="lg">
          Webhooks
        </Title>
        <Button
          size="xs"
          disabled={full}
          onClick={() => {
            save.reset();
            setEditing('new');
          }}
        >
          Add webhook
        </Button>
      </Group>
      <Text>
        Tell your own systems (a CRM, accounting, automation) when something happens: VenueDesk sends each
        event as a signed HTTPS POST to the address you give, retries for {WEBHOOK_RETRY_DAYS} days if it
        fails, and keeps one booking&apos;s or invoice&apos;s events in order. How to check the signature is
        in the API documentation (Webhooks).
      </Text>
      {notice ? (
        <Alert
          color={notice.color}
          variant="light"
          role={notice.color === 'red' ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      ) : null}
      {query.isPending ? (
        <LoadingState label="Loading webhooks..." />
      ) : query.isError && !query.data ? (
        <ErrorState
          title="Could not load webhooks"
          message={query.error instanceof ApiError ? query.error.message : String(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No webhooks yet. Add one to send events to another system.
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Webhooks"
        >
          {query.data.map((hook) => (
            <Card key={hook.id} withBorder padding="sm" component="li" data-testid="webhook-row">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {hook.description ?? 'Webhook'}
                    </Text>
                    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {hook.url}
                    </Text>
                  </Stack>
                  <StatusBadge hook={hook} />
                </Group>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    Events:{' '}
                  </Text>
                  {eventsText(hook.events)}
                </Text>
                {hook.status === 'disabled' ? (
                  <Text size="sm" c="red">
                    {hook.disabledReason ?? 'Switched off.'} Resume it when the receiver works again.
                  </Text>
                ) : hook.status === 'paused' ? (
                  <Text size="sm" c="dimmed">
                    Paused: events are held, not sent. Resume sends them in order; any held longer than{' '}
                    {WEBHOOK_RETRY_DAYS} days is not sent and shows why in the delivery log.
                  </Text>
                ) : hook.failingSince ? (
                  <Text size="sm" c="orange">
                    Failing since {formatDateTime(hook.failingSince, settings)}; retried for{' '}
                    {WEBHOOK_RETRY_DAYS} days.
                  </Text>
                ) : null}
                {hook.previousSecretExpiresAt ? (
                  <Text size="xs" c="dimmed">
                    The previous secret also signs until{' '}
                    {formatDateTime(hook.previousSecretExpiresAt, settings)}.
                  </Text>
                ) : null}
                <Group gap="xs" wrap="wrap">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setLogOf(hook)}
                    aria-label={`Delivery log of ${label(hook)}`}
                  >
                    Delivery log
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    disabled={hook.status !== 'active'}
                    loading={sendTest.isPending && sendTest.variables?.id === hook.id}
                    onClick={() => sendTest.mutate(hook)}
                    aria-label={`Send test event to ${label(hook)}`}
                  >
                    Send test event
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => {
                      save.reset();
                      setEditing(hook);
                    }}
                    aria-label={`Edit ${label(hook)}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={pause.isPending && pause.variables?.id === hook.id}
                    onClick={() => pause.mutate(hook)}
                    aria-label={`${hook.status === 'active' ? 'Pause' : 'Resume'} ${label(hook)}`}
                  >
                    {hook.status === 'active' ? 'Pause' : 'Resume'}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => {
                      rotate.reset();
                      setRotating(hook);
                    }}
                    aria-label={`Rotate secret of ${label(hook)}`}
                  >
                    Rotate secret
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      remove.reset();
                      setDeleting(hook);
                    }}
                    aria-label={`Delete ${label(hook)}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {full ? (
        <Text c="dimmed" size="xs">
          A venue can have at most {WEBHOOKS_PER_VENUE} webhooks.
        </Text>
      ) : null}

      <WebhookDialog
        editing={editing}
        busy={save.isPending}
        error={save.error}
        onClose={() => setEditing(null)}
        onSubmit={(draft) => save.mutate({ draft, hook: editing === 'new' ? null : editing })}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <Modal
        opened={rotating !== null}
        onClose={() => setRotating(null)}
        title="Rotate signing secret"
        centered
      >
        {rotating ? (
          <Stack gap="sm">
            <DialogError
              error={
                rotate.isError
                  ? messageOr(rotate.error, 'The secret could not be rotated. Please try again.')
                  : null
              }
            />
            <Text>
              Make a new signing secret for <strong>{label(rotating)}</strong>? For the next{' '}
              {WEBHOOK_ROTATION_OVERLAP_HOURS} hours every delivery is signed with both the new and the
              current secret, so your system can switch over; after that only the new one signs.
            </Text>
            <DialogButtons
              actionLabel="Rotate secret"
              busy={rotate.isPending}
              onCancel={() => setRotating(null)}
              onAction={() => rotate.mutate(rotating)}
            />
          </Stack>
        ) : null}
      </Modal>
      <DeleteDialog
        item={deleting}
        title="Delete webhook"
        busy={remove.isPending}
        error={
          remove.isError
            ? messageOr(remove.error, 'The webhook could not be deleted. Please try again.')
            : null
        }
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {(hook) => (
          <Text>
            Delete the webhook to <strong>{hook.url}</strong> and its delivery log? Nothing more is sent to
            it. This cannot be undone.
          </Text>
        )}
      </DeleteDialog>
      <WebhookDeliveries hook={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}

const label = (hook: Webhook) => hook.description ?? hook.url;

function StatusBadge({ hook }: { hook: Webhook }) {
  const [color, text] =
    hook.status === 'active'
      ? hook.failingSince
        ? ['orange', 'Failing']
        : ['green', 'Active']
      : hook.status === 'paused'
        ? ['gray', 'Paused']
        : ['red', 'Switched off'];
  return (
    <Badge color={color} variant="light" style={{ minWidth: 'max-content' }}>
      {text}
    </Badge>
  );
}

function WebhookDialog({
  editing,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  editing: Webhook | 'new' | null;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (draft: Draft) => void;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [local, setLocal] = useState<Record<string, string>>({});
  useEffect(() => {
    if (editing === null) return;
    setLocal({});
    setDraft(
      editing === 'new'
        ? EMPTY
        : { url: editing.url, description: editing.description ?? '', events: [...editing.events] },
    );
  }, [editing]);
  const server = fieldErrorsOf(error);
  const fieldError = (name: keyof Draft) => local[name] ?? server[name];
  const headline =
    error && Object.keys(server).length === 0 ? messageOr(error, 'The webhook could not be saved.') : null;
  const all = draft.events.includes(WEBHOOK_ALL_EVENTS);

  const submit = () => {
    const problems: Record<string, string> = {};
    if (!draft.url.trim()) problems.url = WEBHOOK_URL_REQUIRED;
    if (draft.events.length === 0) problems.events = WEBHOOK_EVENTS_REQUIRED;
    setLocal(problems);
    if (Object.keys(problems).length === 0) onSubmit(draft);
  };

  return (
    <FormDialog
      opened={editing !== null}
      title={editing === 'new' ? 'Add webhook' : 'Edit webhook'}
      error={headline}
      busy={busy}
      actionLabel={editing === 'new' ? 'Add webhook' : 'Save webhook'}
      onClose={onClose}
      onSubmit={(event) => {
        event?.preventDefault();
        submit();
      }}
    >
      <TextInput
        label="Address (URL)"
        description="Where VenueDesk sends the events: an https:// address of your system."
        placeholder="https://example.com/venuedesk"
        withAsterisk
        maxLength={WEBHOOK_URL_MAX}
        value={draft.url}
        onChange={(e) => setDraft({ ...draft, url: e.currentTarget.value })}
        error={fieldError('url')}
        data-autofocus
      />
      <TextInput
        label="Description"
        description="Which system receives it, e.g. Our CRM (optional)."
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        value={draft.description}
        onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
        error={fieldError('description')}
      />
      <Checkbox.Group
        label="Events"
        description="Choose the events to send, or all of them."
        withAsterisk
        value={draft.events}
        // "All events" stands alone: ticked, it is the whole subscription (the server says the same)
        onChange={(events) =>
          setDraft({ ...draft, events: events.includes(WEBHOOK_ALL_EVENTS) ? [WEBHOOK_ALL_EVENTS] : events })
        }
        error={fieldError('events')}
      >
        <Stack gap="sm" mt="xs">
          <Checkbox value={WEBHOOK_ALL_EVENTS} label="All events (including ones added later)" />
          {WEBHOOK_EVENT_GROUPS.map((group) => (
            <fieldset key={group.label} style={{ border: 0, padding: 0, margin: 0 }} disabled={all}>
              <Text component="legend" size="sm" fw={600} mb={4}>
                {group.label}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                {group.events.map((e) => (
                  <Checkbox key={e.type} value={e.type} label={e.label} disabled={all} />
                ))}
              </SimpleGrid>
            </fieldset>
          ))}
        </Stack>
      </Checkbox.Group>
    </FormDialog>
  );
}

function SecretDialog({
  shown,
  onClose,
}: {
  shown: { hook: Webhook; secret: string | null; rotated: boolean } | null;
  onClose: () => void;
}) {
  return (
    // Not closed by a stray click outside: the secret would be lost with it.
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown?.rotated ? 'New signing secret' : 'Webhook added'}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {shown ? (
        <Stack gap="sm">
          {shown.secret ? (
            <>
              <Alert color="yellow" variant="light" role="status" title="Copy the signing secret now">
                This is the only time it is shown. Your system uses it to check that each delivery comes from
                VenueDesk. If it is lost, rotate the secret.
              </Alert>
              <Code
                block
                data-testid="webhook-secret"
                style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
              >
                {shown.secret}
              </Code>
            </>
          ) : (
            <Alert color="yellow" variant="light" role="status">
              This webhook was already added by the same request; its secret was shown then and is not shown
              again. If it was lost, rotate the secret.
            </Alert>
          )}
          <Group justify="flex-end">
            {shown.secret ? (
              <CopyButton value={shown.secret}>
                {({ copied, copy }) => (
                  <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? 'Copied' : 'Copy secret'}
                  </Button>
                )}
              </CopyButton>
            ) : null}
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
