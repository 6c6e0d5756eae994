import { useState } from 'react';
import { Badge, Button, Group, NativeSelect, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { EmptyState, ErrorState, LoadingState } from '@venue/ui';
import { CHANNEL_LABELS, type HistoryResponse } from '@venue/contracts/comms';
import { useHistory } from '../api/hooks.ts';
import { DeliveryBadge, StatusBadge } from '../shared/StatusBadge.tsx';
import { useCommsFormat } from '../shared/format.ts';
import { useFailureToast } from '../shared/notify.ts';
import { EmailDetailDialog } from './EmailDetailDialog.tsx';

const STATUS_LABELS = { all: 'All Status', sent: 'Sent', failed: 'Failed', pending: 'Pending' } as const;
type StatusFilter = keyof typeof STATUS_LABELS;
const CHANNEL_FILTERS = { all: 'E-mail and SMS', email: 'E-mail', sms: 'SMS' } as const;
type ChannelFilter = keyof typeof CHANNEL_FILTERS;

/**
 * Message History (spec 02 §2.12's Email History; issue 26 adds SMS): search, status and channel
 * filters, Refresh, the list and a detail popup.
 */
export function HistoryTab() {
  const fmt = useCommsFormat();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [channel, setChannel] = useState<ChannelFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [open, setOpen] = useState<string | null>(null);
  const history = useHistory(status, debounced, channel);
  useFailureToast(history, 'Failed to load message history');
  const pages = history.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const counts: HistoryResponse['counts'] | undefined = pages[0]?.counts;
  const countOf = (s: StatusFilter) =>
    counts ? (s === 'all' ? counts.sent + counts.failed + counts.pending : counts[s]) : undefined;

  return (
    <>
      <Group align="flex-end" mb="md" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Recipient, name or subject"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={300}
        />
        <NativeSelect
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as StatusFilter)}
          data={(Object.keys(STATUS_LABELS) as StatusFilter[]).map((s) => {
            const n = countOf(s);
            return { value: s, label: n === undefined ? STATUS_LABELS[s] : `${STATUS_LABELS[s]} (${n})` };
          })}
        />
        <NativeSelect
          label="Channel"
          value={channel}
          onChange={(e) => setChannel(e.currentTarget.value as ChannelFilter)}
          data={(Object.keys(CHANNEL_FILTERS) as ChannelFilter[]).map((c) => ({
            value: c,
            label: CHANNEL_FILTERS[c],
          }))}
        />
        <Button variant="default" onClick={() => void history.refetch()} loading={history.isRefetching}>
          Refresh
        </Button>
      </Group>
      {history.isPending ? (
        <LoadingState label="Loading message history..." />
      ) : history.isError && items.length === 0 ? (
        <ErrorState
          title="Failed to load message history"
          message={history.error.message}
          onRetry={() => void history.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          title="No messages found"
          description={
            search.trim() || status !== 'all' || channel !== 'all'
              ? 'Try another search, status or channel.'
              : 'E-mails and SMS you send appear here with their delivery status.'
          }
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="email-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Recipient</Table.Th>
                  <Table.Th>Channel</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Template</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>
                      <Text size="sm">{e.recipientName || e.to}</Text>
                      {e.recipientName ? (
                        <Text size="xs" c="dimmed">
                          {e.to}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color={e.channel === 'sms' ? 'grape' : 'gray'}>
                        {CHANNEL_LABELS[e.channel]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {e.subject}
                      {e.channel === 'sms' && e.segments ? (
                        <Text size="xs" c="dimmed">
                          {e.segments} segment{e.segments === 1 ? '' : 's'}
                        </Text>
                      ) : null}
                      {e.lastError && e.status !== 'sent' ? (
                        <Text size="xs" c="red">
                          {e.lastError}
                        </Text>
                      ) : null}
                      {e.attachments.length ? (
                        <Text size="xs" c="dimmed">
                          {e.attachments.length} attachment{e.attachments.length === 1 ? '' : 's'}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={e.status} />
                      {e.channel === 'sms' && e.status === 'sent' && e.delivery ? (
                        <DeliveryBadge delivery={e.delivery} code={e.deliveryError} />
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {e.sentAt ? (
                        fmt.dateTime(e.sentAt)
                      ) : (
                        // Not accepted by a mail server or SMS provider (yet): when it was queued instead.
                        <Text size="sm" c="dimmed">
                          Queued {fmt.dateTime(e.createdAt)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{e.templateName ?? '—'}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setOpen(e.id)}
                        aria-label={`View ${e.subject} to ${e.to}`}
                      >
                        View
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {history.hasNextPage ? (
            <Group justify="center" mt="md">
              <Button
                variant="default"
                onClick={() => void history.fetchNextPage()}
                loading={history.isFetchingNextPage}
              >
                Load more
              </Button>
            </Group>
          ) : null}
        </>
      )}
      {open ? <EmailDetailDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
