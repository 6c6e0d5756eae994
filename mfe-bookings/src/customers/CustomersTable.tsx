/** The customers list's table: sortable headings, a row per customer, and its pages. */
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { SortHeader } from '@venue/ui/sort-header';
import { TableHead } from '@venue/ui/table-head';
import { TwoLineCell } from '@venue/ui/two-line-cell';
import type { Customer } from '../api/types.ts';
import { useFormat } from '../shared/format.ts';
import { usePhoneFormat } from '../shared/phone.ts';

export type SortKey = 'name' | 'rfm' | 'clv' | 'lastActive' | 'bookings' | 'spend';
export type Sort = { key: SortKey; order: 'asc' | 'desc' } | null;
export const PAGE_SIZE = 50;

/** Sort cycles ascending → descending → unsorted per column (spec 02 §2.9). */
function nextSort(current: Sort, key: SortKey): Sort {
  if (!current || current.key !== key) return { key, order: 'asc' };
  return current.order === 'asc' ? { key, order: 'desc' } : null;
}

/** Days since the customer's last booking activity, as a person would say it. */
export function lastActive(days: number | null): string {
  if (days == null) return '—';
  if (days <= 0) return 'Today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

const COLUMNS: Array<[SortKey, string]> = [
  ['name', 'Customer'],
  ['rfm', 'RFM'],
  ['clv', 'CLV'],
  ['lastActive', 'Last Active'],
  ['bookings', 'Bookings'],
  ['spend', 'Spend'],
];

interface TableProps {
  items: Customer[];
  sort: Sort;
  /** A heading clicked: the next sort of that column. */
  onSort: (sort: Sort) => void;
  onOpen: (id: string) => void;
}

export function CustomersTable({ items, sort, onSort, onOpen }: TableProps) {
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table highlightOnHover aria-label="Customers">
        <TableHead
          columns={[
            ...COLUMNS.map(([key, label]) => (
              <SortHeader
                key={key}
                label={label}
                direction={sort?.key === key ? sort.order : null}
                onSort={() => onSort(nextSort(sort, key))}
              />
            )),
            'Actions',
          ]}
        />
        <Table.Tbody>
          {items.map((c) => (
            <CustomerRow key={c.id} customer={c} onOpen={() => onOpen(c.id)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CustomerRow({ customer: c, onOpen }: { customer: Customer; onOpen: () => void }) {
  const fmt = useFormat();
  const phone = usePhoneFormat();
  return (
    <Table.Tr onClick={onOpen} style={{ cursor: 'pointer' }} data-testid="customer-row">
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
      <TwoLineCell under={c.segment}>{c.rfm}</TwoLineCell>
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
            onOpen();
          }}
          aria-label={`View ${c.name}`}
        >
          View
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Previous and Next page, shown only when there is more than one page. */
export function CustomerPages({
  total,
  page,
  onPage,
}: {
  total: number | null;
  page: number;
  onPage: (p: number) => void;
}) {
  if (total === null || total <= PAGE_SIZE) return null;
  return (
    <Group justify="flex-end" mt="sm">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <Text size="sm">
        Page {page} of {Math.ceil(total / PAGE_SIZE)}
      </Text>
      <Button
        size="xs"
        variant="default"
        disabled={page * PAGE_SIZE >= total}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </Button>
    </Group>
  );
}
