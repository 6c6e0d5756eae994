import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  CloseButton,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { EmptyState, PageHeader } from '@venue/ui';
import { useCustomers } from '../api/hooks.ts';
import { SEGMENTS, type Customer } from '../api/types.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { StatCards } from '../shared/StatCards.tsx';
import { useFormat } from '../shared/format.ts';
import { CustomerPanel } from './CustomerPanel.tsx';
import { usePhoneFormat } from '../shared/phone.ts';

type SortKey = 'name' | 'rfm' | 'clv' | 'lastActive' | 'bookings' | 'spend';
type Sort = { key: SortKey; order: 'asc' | 'desc' } | null;
const PAGE_SIZE = 50;

/** Sort cycles ascending → descending → unsorted per column (spec 02 §2.9). */
function nextSort(current: Sort, key: SortKey): Sort {
  if (!current || current.key !== key) return { key, order: 'asc' };
  return current.order === 'asc' ? { key, order: 'desc' } : null;
}

export function CustomersPage() {
  const fmt = useFormat();
  const phone = usePhoneFormat();
  const [search, setSearch] = useState('');
  const [segment, setSegment] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort>({ key: 'clv', order: 'desc' });
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const params = useMemo(
    () => ({ search: debounced, segment, tag, sort: sort?.key, order: sort?.order, page, limit: PAGE_SIZE }),
    [debounced, segment, tag, sort, page],
  );
  const list = useCustomers(params);

  const header = (key: SortKey, label: string) => {
    const active = sort?.key === key;
    return (
      <Table.Th aria-sort={active ? (sort!.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <UnstyledButton
          fw={700}
          fz="sm"
          onClick={() => {
            setSort(nextSort(sort, key));
            setPage(1);
          }}
        >
          {label}
          {active ? (sort!.order === 'asc' ? ' ▲' : ' ▼') : ''}
        </UnstyledButton>
      </Table.Th>
    );
  };

  const row = (c: Customer) => (
    <Table.Tr
      key={c.id}
      onClick={() => setOpenId(c.id)}
      style={{ cursor: 'pointer' }}
      data-testid="customer-row"
    >
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {c.name}{' '}
            {c.tags.map((t) => (
              <Badge key={t} size="xs" ml={4} variant="dot">
                {t}
              </Badge>
            ))}
          </Text>
          <Text size="xs" c="dimmed">
            {c.email}
            {c.phone ? ` · ${phone(c.phone)}` : ''}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{c.rfm}</Text>
        <Text size="xs" c="dimmed">
          {c.segment}
        </Text>
      </Table.Td>
      <Table.Td>{fmt.wholeMoney(c.clvCents)}</Table.Td>
      <Table.Td>{lastActive(c.lastActiveDays)}</Table.Td>
      <Table.Td>{c.totalBookings}</Table.Td>
      <Table.Td>{fmt.money(c.totalSpendCents)}</Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          onClick={(e) => {
            e.stopPropagation();
            setOpenId(c.id);
          }}
          aria-label={`View ${c.name}`}
        >
          View
        </Button>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <>
      <PageHeader
        title="Customers"
        actions={
          <Button variant="default" onClick={() => void list.refetch()} loading={list.isFetching}>
            Refresh
          </Button>
        }
      />
      {list.data ? (
        <StatCards
          cards={[
            { label: 'Total Customers', value: list.data.stats.total },
            { label: 'VIP Customers', value: list.data.stats.vip },
            { label: 'At-Risk Customers', value: list.data.stats.atRisk },
            { label: 'Top Segment', value: list.data.stats.topSegment ?? 'N/A' },
          ]}
        />
      ) : null}
      <Group mb="md" align="flex-end">
        <TextInput
          label="Search customers"
          placeholder="Name, e-mail or phone"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          rightSection={
            search ? <CloseButton aria-label="Clear search" onClick={() => setSearch('')} /> : null
          }
          w={320}
        />
        <Select
          label="Segment"
          data={[...SEGMENTS]}
          value={segment}
          onChange={(v) => {
            setSegment(v);
            setPage(1);
          }}
          clearable
          placeholder="All segments"
        />
        <Select
          label="Tag"
          data={['VIP', 'NFP']}
          value={tag}
          onChange={(v) => {
            setTag(v);
            setPage(1);
          }}
          clearable
          placeholder="Any tag"
        />
      </Group>
      <QueryStatus query={list} loading="Loading customers...">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              title="No customers found"
              description={
                debounced || segment || tag
                  ? 'Try adjusting your search terms'
                  : 'Customers will appear here when they make bookings'
              }
            />
          ) : (
            <>
              <Table.ScrollContainer minWidth={700}>
                <Table highlightOnHover aria-label="Customers">
                  <Table.Thead>
                    <Table.Tr>
                      {header('name', 'Customer')}
                      {header('rfm', 'RFM')}
                      {header('clv', 'CLV')}
                      {header('lastActive', 'Last Active')}
                      {header('bookings', 'Bookings')}
                      {header('spend', 'Spend')}
                      <Table.Th>Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>{data.items.map(row)}</Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {data.total !== null && data.total > PAGE_SIZE ? (
                <Group justify="flex-end" mt="sm">
                  <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Previous page
                  </Button>
                  <Text size="sm">
                    Page {page} of {Math.ceil(data.total / PAGE_SIZE)}
                  </Text>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={page * PAGE_SIZE >= data.total}
                    onClick={() => setPage(page + 1)}
                  >
                    Next page
                  </Button>
                </Group>
              ) : null}
            </>
          )
        }
      </QueryStatus>
      <CustomerPanel id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

/** Days since the customer's last booking activity, as a person would say it. */
export function lastActive(days: number | null): string {
  if (days == null) return '—';
  if (days <= 0) return 'Today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
