import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_EVENT_LABELS,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
} from '@venue/contracts/admin';
import { ApiError, ErrorState, LoadingState, formatDateTime, useSession } from '@venue/ui';
import { RefreshButton } from '@venue/ui/refresh-button';
import { messageOr } from '../shared/errors.ts';
import { WEBHOOKS_PATH, WEBHOOKS_QUERY } from './webhook-api.ts';

const typeLabel = (type: string) => WEBHOOK_EVENT_LABELS[type as keyof typeof WEBHOOK_EVENT_LABELS] ?? type;

/**
 * A webhook's delivery log (issue 26): each event sent, newest first, with its attempts (when,
 * the receiver's status code or why there was none, and the first 2 kB of its answer), and
 * "Send again" (the same event id and body, so a receiver that deduplicates is not confused).
 */
export function WebhookDeliveries({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) {
  return (
    <Modal
      opened={hook !== null}
      onClose={onClose}
      title={hook ? `Delivery log: ${hook.description ?? hook.url}` : 'Delivery log'}
      size="xl"
      centered
    >
      {hook ? <DeliveryList hook={hook} /> : null}
    </Modal>
  );
}

/** A webhook's deliveries, paged newest first, and Send again with its answer. */
function useDeliveries(hook: Webhook) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  const key = [...WEBHOOKS_QUERY, hook.id, 'deliveries'];
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api.api<WebhookDeliveryPage>(
        `${WEBHOOKS_PATH}/${hook.id}/deliveries?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
  const resend = useMutation({
    mutationFn: (d: WebhookDelivery) =>
      api.api<{ message: string }>(`${WEBHOOKS_PATH}/${hook.id}/deliveries/${d.id}/resend`, {
        method: 'POST',
      }),
    onSuccess: async (answer) => {
      setNotice({ color: 'green', text: answer.message });
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (err) => setNotice({ color: 'red', text: messageOr(err, 'It could not be sent again.') }),
  });
  return { query, resend, notice };
}

function DeliveryList({ hook }: { hook: Webhook }) {
  const { query, resend, notice } = useDeliveries(hook);
  const deliveries = query.data?.pages.flatMap((p) => p.deliveries) ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Each event is retried until your system answers with a 2xx status. Newest first.
        </Text>
        <RefreshButton queries={[query]} size="xs" />
      </Group>
      {notice ? (
        <Alert color={notice.color} variant="light" role={notice.color === 'red' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      ) : null}
      {query.isPending ? (
        <LoadingState label="Loading deliveries..." />
      ) : query.isError && !query.data ? (
        <ErrorState
          title="Could not load the delivery log"
          message={query.error instanceof ApiError ? query.error.message : String(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : deliveries.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing sent yet. Events appear here as they happen; use Send test event to try the address.
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Deliveries"
        >
          {deliveries.map((d) => (
            <DeliveryCard
              key={d.id}
              delivery={d}
              canResend={hook.status === 'active'}
              sending={resend.isPending && resend.variables?.id === d.id}
              onResend={() => resend.mutate(d)}
            />
          ))}
        </Stack>
      )}
      {query.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            size="xs"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Show older deliveries
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function DeliveryCard({
  delivery: d,
  canResend,
  sending,
  onResend,
}: {
  delivery: WebhookDelivery;
  canResend: boolean;
  sending: boolean;
  onResend: () => void;
}) {
  const { settings } = useSession();
  return (
    <Card withBorder padding="sm" component="li" data-testid="webhook-delivery">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {typeLabel(d.type)}{' '}
              <Text span size="xs" c="dimmed" ff="monospace">
                {d.type}
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(d.createdAt, settings)} · event {d.eventId}
            </Text>
          </Stack>
          <Group gap="xs">
            <StateBadge delivery={d} />
            <Button
              size="xs"
              variant="light"
              disabled={!canResend}
              loading={sending}
              onClick={onResend}
              aria-label={`Send again ${typeLabel(d.type)} of ${formatDateTime(d.createdAt, settings)}`}
            >
              Send again
            </Button>
          </Group>
        </Group>
        {d.state === 'pending' && d.nextAttemptAt && d.attemptCount > 0 ? (
          <Text size="xs" c="dimmed">
            Next attempt {formatDateTime(d.nextAttemptAt, settings)}.
          </Text>
        ) : null}
        {d.attempts.length === 0 ? (
          <Text size="xs" c="dimmed">
            Not tried yet.
          </Text>
        ) : (
          <AttemptList delivery={d} />
        )}
      </Stack>
    </Card>
  );
}

/** The attempts kept of one delivery, each with the receiver's answer if it gave one. */
function AttemptList({ delivery: d }: { delivery: WebhookDelivery }) {
  const { settings } = useSession();
  return (
    <Stack gap={4} aria-label={`Attempts of ${typeLabel(d.type)}`}>
      <Text size="xs" c="dimmed">
        {d.attemptCount} attempt{d.attemptCount === 1 ? '' : 's'}
        {d.attemptCount > d.attempts.length ? ` (the last ${d.attempts.length} shown)` : ''}
      </Text>
      {d.attempts.map((a, i) => (
        <Stack key={`${a.at}-${i}`} gap={2} data-testid="webhook-attempt">
          <Text size="xs">
            {formatDateTime(a.at, settings)} ·{' '}
            {a.statusCode !== null ? `HTTP ${a.statusCode}` : (a.error ?? 'No answer')} · {a.durationMs} ms
          </Text>
          {a.answer ? (
            <Code
              block
              style={{
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
                maxHeight: 160,
                overflow: 'auto',
              }}
            >
              {a.answer}
              {a.answerTruncated ? '\n… (first 2 kB of the answer)' : ''}
            </Code>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}

function StateBadge({ delivery }: { delivery: WebhookDelivery }) {
  const [color, text] =
    delivery.state === 'delivered'
      ? ['green', `Delivered${delivery.lastStatusCode ? ` (${delivery.lastStatusCode})` : ''}`]
      : delivery.state === 'failed'
        ? ['red', 'Gave up']
        : delivery.attemptCount > 0
          ? ['orange', 'Retrying']
          : ['gray', 'Queued'];
  return (
    <Badge color={color} variant="light" style={{ minWidth: 'max-content' }}>
      {text}
    </Badge>
  );
}
