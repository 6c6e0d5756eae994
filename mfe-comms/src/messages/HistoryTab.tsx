import { useState } from 'react';
import { Button, Group, NativeSelect } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { useDebouncedValue } from '@mantine/hooks';
import { EmptyState, ErrorState, LoadingState } from '@venue/ui';
import { RefreshButton, type Refetchable } from '@venue/ui/refresh-button';
import type { HistoryResponse } from '@venue/contracts/comms';
import { useHistory } from '../api/hooks.ts';
import { useFailureToast } from '../shared/notify.ts';
import { EmailDetailDialog } from './EmailDetailDialog.tsx';
import { HistoryTable } from './HistoryTable.tsx';

const STATUS_LABELS = { all: 'All Status', sent: 'Sent', failed: 'Failed', pending: 'Pending' } as const;
type StatusFilter = keyof typeof STATUS_LABELS;
const CHANNEL_FILTERS = { all: 'E-mail and SMS', email: 'E-mail', sms: 'SMS' } as const;
type ChannelFilter = keyof typeof CHANNEL_FILTERS;

/**
 * Message History (spec 02 §2.12's Email History; issue 26 adds SMS): search, status and channel
 * filters, Refresh, the list and a detail popup.
 */
export function HistoryTab() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [channel, setChannel] = useState<ChannelFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [open, setOpen] = useState<string | null>(null);
  const history = useHistory(status, debounced, channel);
  useFailureToast(history, 'Failed to load message history');
  const pages = history.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);

  return (
    <>
      <HistoryFilters
        search={search}
        onSearch={setSearch}
        status={status}
        onStatus={setStatus}
        channel={channel}
        onChannel={setChannel}
        counts={pages[0]?.counts}
        history={history}
      />
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
          <HistoryTable items={items} onView={setOpen} />
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

/** Search, the status (with its counts) and channel filters, and Refresh. */
function HistoryFilters({
  search,
  onSearch,
  status,
  onStatus,
  channel,
  onChannel,
  counts,
  history,
}: {
  search: string;
  onSearch: (v: string) => void;
  status: StatusFilter;
  onStatus: (v: StatusFilter) => void;
  channel: ChannelFilter;
  onChannel: (v: ChannelFilter) => void;
  counts: HistoryResponse['counts'] | undefined;
  /** The list, fetched again by Refresh. */
  history: Refetchable;
}) {
  const countOf = (s: StatusFilter) =>
    counts ? (s === 'all' ? counts.sent + counts.failed + counts.pending : counts[s]) : undefined;
  return (
    <Group align="flex-end" mb="md" wrap="wrap">
      <SearchField
        label="Search"
        placeholder="Recipient, name or subject"
        value={search}
        onSearch={onSearch}
        w={300}
      />
      <NativeSelect
        label="Status"
        value={status}
        onChange={(e) => onStatus(e.currentTarget.value as StatusFilter)}
        data={(Object.keys(STATUS_LABELS) as StatusFilter[]).map((s) => {
          const n = countOf(s);
          return { value: s, label: n === undefined ? STATUS_LABELS[s] : `${STATUS_LABELS[s]} (${n})` };
        })}
      />
      <NativeSelect
        label="Channel"
        value={channel}
        onChange={(e) => onChannel(e.currentTarget.value as ChannelFilter)}
        data={(Object.keys(CHANNEL_FILTERS) as ChannelFilter[]).map((c) => ({
          value: c,
          label: CHANNEL_FILTERS[c],
        }))}
      />
      <RefreshButton queries={[history]} />
    </Group>
  );
}
