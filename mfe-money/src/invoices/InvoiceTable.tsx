import { Anchor, Badge, Button, Checkbox, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Invoice } from '@venue/contracts/money-api';
import { allTicked, withAllToggled, withToggled } from '@venue/ui/selection';
import { SortHeader } from '@venue/ui/sort-header';
import { BreakableEmail } from '@venue/ui/breakable-email';
import { TableHead } from '@venue/ui/table-head';
import type { InvoiceSort, InvoiceSortKey } from './invoice-filters.ts';
import { useFormat } from '../shared/format.ts';
import { STATUS_COLORS } from '../shared/labels.ts';
import { RowMenu, type RowActions } from './RowMenu.tsx';

interface Props {
  rows: Invoice[];
  sort: InvoiceSort;
  onSort: (s: InvoiceSort) => void;
  selected: Set<string>;
  onSelected: (s: Set<string>) => void;
  onOpen: (inv: Invoice) => void;
  actions: RowActions;
}

/** The Deposit/Due chips of a final invoice with a deposit applied, or Paid/Bal once paid into. */
function TotalChips({ inv }: { inv: Invoice }) {
  const fmt = useFormat();
  if (inv.paidCents > 0 && inv.status !== 'PAID') {
    return (
      <Group gap={4}>
        <Badge size="xs" color="green" variant="light">
          Paid {fmt.money(inv.paidCents)}
        </Badge>
        <Badge size="xs" color="orange" variant="light">
          Bal {fmt.money(inv.balanceCents)}
        </Badge>
      </Group>
    );
  }
  if (inv.depositAppliedCents > 0) {
    return (
      <Group gap={4}>
        <Badge size="xs" color="teal" variant="light">
          Deposit {fmt.money(inv.depositAppliedCents)}
        </Badge>
        <Badge size="xs" color="blue" variant="light">
          Due {fmt.money(inv.balanceCents)}
        </Badge>
      </Group>
    );
  }
  return null;
}

export function InvoiceTable({ rows, sort, onSort, selected, onSelected, onOpen, actions }: Props) {
  const allSelected = allTicked(selected, rows);
  const toggle = (id: string) => onSelected(withToggled(selected, id));
  const toggleAll = () => onSelected(withAllToggled(selected, rows));
  // A column sorts newest (largest) first on its first click, then the other way on each next.
  const sortable = (key: InvoiceSortKey, label: string) => {
    const direction = sort.key === key ? sort.order : null;
    return (
      <SortHeader
        key={key}
        label={label}
        direction={direction}
        onSort={() => onSort({ key, order: direction === 'desc' ? 'asc' : 'desc' })}
      />
    );
  };
  return (
    <Table.ScrollContainer minWidth={1000} type="native">
      <Table highlightOnHover striped aria-label="Invoices">
        <TableHead
          columns={[
            <Table.Th key="select" w={40}>
              <Checkbox aria-label="Select all invoices" checked={allSelected} onChange={toggleAll} />
            </Table.Th>,
            sortable('invoiceNumber', 'Invoice'),
            'Type',
            'Customer',
            'Booking',
            sortable('issueDate', 'Issue Date'),
            sortable('dueDate', 'Due Date'),
            sortable('total', 'Total'),
            'Status',
            'Actions',
          ]}
        />
        <Table.Tbody>
          {rows.map((inv) => (
            <InvoiceRow
              key={inv.id}
              inv={inv}
              selected={selected.has(inv.id)}
              onToggle={() => toggle(inv.id)}
              onOpen={onOpen}
              actions={actions}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One invoice: a click on the row (or Enter on its number) opens it; the box and menu do not. */
function InvoiceRow({
  inv,
  selected,
  onToggle,
  onOpen,
  actions,
}: {
  inv: Invoice;
  selected: boolean;
  onToggle: () => void;
  onOpen: (inv: Invoice) => void;
  actions: RowActions;
}) {
  const fmt = useFormat();
  const name = inv.invoiceNumber ?? 'Draft';
  return (
    <Table.Tr onClick={() => onOpen(inv)} style={{ cursor: 'pointer' }} data-testid="invoice-row">
      <Table.Td onClick={(e) => e.stopPropagation()}>
        <Checkbox
          aria-label={`Select invoice ${name} of ${inv.customer.name}`}
          checked={selected}
          onChange={onToggle}
        />
      </Table.Td>
      {/* an invoice number reads as one word: never broken at its hyphens (issue 24 item 13) */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {/* The row opens on click; this link is the keyboard's way in. */}
        <Anchor
          component="button"
          type="button"
          fw={600}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(inv);
          }}
        >
          {name}
        </Anchor>
      </Table.Td>
      <Table.Td>{inv.type}</Table.Td>
      <CustomerCell inv={inv} />
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{inv.bookingCode ?? inv.bookingId ?? '—'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.date(inv.issueDate)}</Table.Td>
      <DueCell inv={inv} />
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {fmt.money(inv.totalCents)}
          </Text>
          <TotalChips inv={inv} />
        </Stack>
      </Table.Td>
      <StatusCell inv={inv} />
      <Table.Td onClick={(e) => e.stopPropagation()}>
        <RowMenu invoice={inv} actions={actions} />
      </Table.Td>
    </Table.Tr>
  );
}

function CustomerCell({ inv }: { inv: Invoice }) {
  return (
    <Table.Td>
      <Stack gap={0}>
        <Text size="sm">{inv.customer.name}</Text>
        <Text size="xs" c="dimmed">
          <BreakableEmail email={inv.customer.email} />
        </Text>
        {inv.customer.abn ? (
          <Text size="xs" c="dimmed">
            ABN {inv.customer.abn}
          </Text>
        ) : null}
      </Stack>
    </Table.Td>
  );
}

/** The due date, and how overdue an OVERDUE invoice is. */
function DueCell({ inv }: { inv: Invoice }) {
  const fmt = useFormat();
  return (
    <Table.Td>
      <Text size="sm">{fmt.date(inv.dueDate)}</Text>
      {inv.status === 'OVERDUE' ? (
        <Text size="xs" c="red.8">
          {inv.daysOverdue} {inv.daysOverdue === 1 ? 'day' : 'days'} overdue
        </Text>
      ) : null}
    </Table.Td>
  );
}

/** The status, with a mark on a high-priority invoice. */
function StatusCell({ inv }: { inv: Invoice }) {
  return (
    <Table.Td>
      <Group gap={4} wrap="nowrap">
        <Badge color={STATUS_COLORS[inv.status]} variant="light">
          {inv.status}
        </Badge>
        {inv.priority === 'high' ? (
          <Tooltip label="High priority">
            <Text component="span" c="red.8" fw={700} aria-label="High priority" role="img">
              !
            </Text>
          </Tooltip>
        ) : null}
      </Group>
    </Table.Td>
  );
}

/** The Paid tab's rows: when and how much each was paid; a click opens the invoice. */
export function PaidInvoiceTable({ rows, onOpen }: { rows: Invoice[]; onOpen: (inv: Invoice) => void }) {
  const fmt = useFormat();
  return (
    <Table.ScrollContainer minWidth={700} type="native">
      <Table striped highlightOnHover aria-label="Paid invoices">
        <TableHead columns={['Invoice', 'Customer', 'Booking', 'Paid On', 'Paid Amount', 'Status']} />
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr key={i.id} onClick={() => onOpen(i)} style={{ cursor: 'pointer' }}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Button variant="subtle" size="compact-sm" onClick={() => onOpen(i)}>
                  {i.invoiceNumber}
                </Button>
              </Table.Td>
              <Table.Td>{i.customer.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{i.bookingCode ?? i.bookingId ?? '—'}</Table.Td>
              <Table.Td>{fmt.date(i.paidAt ?? i.updatedAt)}</Table.Td>
              <Table.Td>{fmt.money(i.paidCents)}</Table.Td>
              <Table.Td>
                <Badge color="green" variant="light">
                  {i.status}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
