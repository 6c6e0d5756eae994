import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { DangerButton } from '@venue/ui/danger-button';
import {
  WEBHOOK_ALL_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_RETRY_DAYS,
  type Webhook,
} from '@venue/contracts/admin';
import { formatDateTime, useSession } from '@venue/ui';

export function eventsText(events: string[]): string {
  if (events.includes(WEBHOOK_ALL_EVENTS)) return 'All events';
  return events.map((e) => WEBHOOK_EVENT_LABELS[e as keyof typeof WEBHOOK_EVENT_LABELS] ?? e).join(', ');
}

export const label = (hook: Webhook) => hook.description ?? hook.url;

/** What a row's buttons do; `testing` and `pausing` are whether this row's request is under way. */
export interface WebhookRowActions {
  testing: boolean;
  pausing: boolean;
  onLog: () => void;
  onTest: () => void;
  onEdit: () => void;
  onPause: () => void;
  onRotate: () => void;
  onDelete: () => void;
}

/** One webhook in the list: its address, events, state and what can be done to it. */
export function WebhookRow({ hook, actions }: { hook: Webhook; actions: WebhookRowActions }) {
  return (
    <Card withBorder padding="sm" component="li" data-testid="webhook-row">
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
        <WebhookState hook={hook} />
        <RowButtons hook={hook} actions={actions} />
      </Stack>
    </Card>
  );
}

function WebhookState({ hook }: { hook: Webhook }) {
  const { settings } = useSession();
  return (
    <>
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
          Failing since {formatDateTime(hook.failingSince, settings)}; retried for {WEBHOOK_RETRY_DAYS} days.
        </Text>
      ) : null}
      {hook.previousSecretExpiresAt ? (
        <Text size="xs" c="dimmed">
          The previous secret also signs until {formatDateTime(hook.previousSecretExpiresAt, settings)}.
        </Text>
      ) : null}
    </>
  );
}

function RowButtons({ hook, actions }: { hook: Webhook; actions: WebhookRowActions }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button size="xs" variant="light" onClick={actions.onLog} aria-label={`Delivery log of ${label(hook)}`}>
        Delivery log
      </Button>
      <Button
        size="xs"
        variant="light"
        disabled={hook.status !== 'active'}
        loading={actions.testing}
        onClick={actions.onTest}
        aria-label={`Send test event to ${label(hook)}`}
      >
        Send test event
      </Button>
      <Button size="xs" variant="subtle" onClick={actions.onEdit} aria-label={`Edit ${label(hook)}`}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="subtle"
        loading={actions.pausing}
        onClick={actions.onPause}
        aria-label={`${hook.status === 'active' ? 'Pause' : 'Resume'} ${label(hook)}`}
      >
        {hook.status === 'active' ? 'Pause' : 'Resume'}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        onClick={actions.onRotate}
        aria-label={`Rotate secret of ${label(hook)}`}
      >
        Rotate secret
      </Button>
      <DangerButton onClick={actions.onDelete} aria-label={`Delete ${label(hook)}`}>
        Delete
      </DangerButton>
    </Group>
  );
}

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
