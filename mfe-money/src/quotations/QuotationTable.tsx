import { ActionIcon, Badge, Checkbox, Menu, Table, Text } from '@mantine/core';
import { SortHeader } from '@venue/ui/sort-header';
import type { Quotation, QuotationSortKey, QuotationStatus } from '@venue/contracts/money-api';
import { allTicked, withToggled } from '@venue/ui/selection';
import { TableHead } from '@venue/ui/table-head';
import { useFormat } from '../shared/format.ts';
import { quotationName } from '../shared/labels.ts';

export const STATUS_COLOURS: Record<QuotationStatus, string> = {
  Draft: 'gray',
  Sent: 'blue',
  Accepted: 'green',
  Declined: 'red',
  Expired: 'orange',
};

/** Send and Edit apply to a Draft or Sent quotation; Accept and Decline to a Sent one. */
export const editable = (q: Quotation) => q.status === 'Draft' || q.status === 'Sent';

/** Only a draft nobody has received is deleted: a sent one keeps its number (it is declined instead). */
export const deletable = (q: Quotation) => q.status === 'Draft' && q.number === null;

export type QuotationSort = { key: QuotationSortKey; dir: 1 | -1 };

/** What the row menu and the drawer do to a quotation; the page carries them out. */
export interface QuotationActions {
  open: (q: Quotation) => void;
  setStatus: (q: Quotation, to: 'Sent' | 'Accepted' | 'Declined') => void;
  edit: (q: Quotation) => void;
  duplicate: (q: Quotation) => void;
  pdf: (q: Quotation) => void;
  remove: (q: Quotation) => void;
}

function RowMenu({ q, actions }: { q: Quotation; actions: QuotationActions }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${quotationName(q)} of ${q.customerName}`}>
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.open(q)}>Preview</Menu.Item>
        <Menu.Item disabled={!editable(q)} onClick={() => actions.setStatus(q, 'Sent')}>
          Send
        </Menu.Item>
        <Menu.Item disabled={q.status !== 'Sent'} onClick={() => actions.setStatus(q, 'Accepted')}>
          Accept
        </Menu.Item>
        <Menu.Item disabled={q.status !== 'Sent'} onClick={() => actions.setStatus(q, 'Declined')}>
          Decline
        </Menu.Item>
        <Menu.Item disabled={!editable(q)} onClick={() => actions.edit(q)}>
          Edit
        </Menu.Item>
        <Menu.Item onClick={() => actions.duplicate(q)}>Duplicate</Menu.Item>
        <Menu.Item onClick={() => actions.pdf(q)}>Download</Menu.Item>
        <Menu.Item color="red" disabled={!deletable(q)} onClick={() => actions.remove(q)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The page of quotations: selectable rows, sortable columns and each row's menu (spec 03 §2.3). */
export function QuotationTable({
  rows,
  selected,
  onSelected,
  sort,
  onSort,
  actions,
}: {
  rows: Quotation[];
  selected: Set<string>;
  onSelected: (update: (s: Set<string>) => Set<string>) => void;
  sort: QuotationSort;
  onSort: (key: QuotationSortKey) => void;
  actions: QuotationActions;
}) {
  const allChecked = allTicked(selected, rows);
  const header = (key: QuotationSortKey, label: string) => (
    <SortHeader
      key={key}
      label={label}
      direction={sort.key === key ? (sort.dir === 1 ? 'asc' : 'desc') : null}
      onSort={() => onSort(key)}
    />
  );
  const toggle = (id: string) => onSelected((s) => withToggled(s, id));

  return (
    <Table.ScrollContainer minWidth={860} type="native">
      <Table highlightOnHover aria-label="Quotations">
        <TableHead
          columns={[
            <Table.Th key="select">
              <Checkbox
                aria-label="Select all"
                checked={allChecked}
                onChange={() => onSelected(() => (allChecked ? new Set() : new Set(rows.map((q) => q.id))))}
              />
            </Table.Th>,
            header('id', 'Number'),
            'Customer',
            'Event',
            header('eventDate', 'Event Date'),
            header('amount', 'Amount'),
            header('deposit', 'Deposit'),
            header('validUntil', 'Valid Until'),
            'Status',
            <Table.Th key="menu" />,
          ]}
        />
        <Table.Tbody>
          {rows.map((q) => (
            <QuotationRow
              key={q.id}
              q={q}
              checked={selected.has(q.id)}
              onCheck={() => toggle(q.id)}
              actions={actions}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One quotation; a click opens it, the box and menu do not. */
function QuotationRow({
  q,
  checked,
  onCheck,
  actions,
}: {
  q: Quotation;
  checked: boolean;
  onCheck: () => void;
  actions: QuotationActions;
}) {
  const fmt = useFormat();
  return (
    <Table.Tr onClick={() => actions.open(q)} style={{ cursor: 'pointer' }}>
      <Table.Td onClick={(e) => e.stopPropagation()}>
        <Checkbox
          aria-label={`Select ${quotationName(q)} for ${q.customerName}`}
          checked={checked}
          onChange={onCheck}
        />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {q.number ?? (
          <Text span size="sm" c="dimmed">
            Draft
          </Text>
        )}
      </Table.Td>
      <Table.Td>{q.customerName}</Table.Td>
      <Table.Td>
        {q.eventType} · {q.resourceName}
      </Table.Td>
      <Table.Td>{fmt.date(q.eventDate)}</Table.Td>
      <Table.Td>{fmt.money(Math.round(q.totalInclGst * 100))} AUD</Table.Td>
      <Table.Td>{q.depositCents > 0 ? fmt.money(q.depositCents) : '—'}</Table.Td>
      <Table.Td>{fmt.date(q.validUntil)}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOURS[q.status]}>{q.status}</Badge>
      </Table.Td>
      <Table.Td onClick={(e) => e.stopPropagation()}>
        <RowMenu q={q} actions={actions} />
      </Table.Td>
    </Table.Tr>
  );
}
