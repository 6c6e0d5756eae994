import { Badge, Table, Text } from '@mantine/core';
import { SortHeader } from '@venue/ui/sort-header';
import { formatDate, useSession } from '@venue/ui';
import type { Holiday } from '../api/types.ts';
import { EditDeleteButtons } from '../shared/EditDeleteButtons.tsx';
import { ScrollTable } from '../shared/ScrollTable.tsx';
import { SCOPE_LABELS, type HolidaySort, type HolidaySortKey } from './filterHolidays.ts';

export function HolidaysTable({
  rows,
  sort,
  onSort,
  canManage,
  onEdit,
  onDelete,
}: {
  rows: Holiday[];
  sort: HolidaySort | null;
  onSort: (k: HolidaySortKey) => void;
  canManage: boolean;
  onEdit: (h: Holiday) => void;
  onDelete: (h: Holiday) => void;
}) {
  const sortable = (column: HolidaySortKey, label: string) => (
    <SortHeader
      label={label}
      direction={sort?.key === column ? sort.dir : null}
      onSort={() => onSort(column)}
    />
  );
  return (
    <ScrollTable minWidth={960} label="Public holidays">
      <Table verticalSpacing="xs" data-testid="holidays-table">
        <Table.Thead>
          <Table.Tr>
            {sortable('date', 'Date')}
            {sortable('name', 'Name')}
            {sortable('scope', 'Scope')}
            <Table.Th>Pricing rule</Table.Th>
            <Table.Th>Surcharge</Table.Th>
            <Table.Th>Block-out</Table.Th>
            <Table.Th>Notes</Table.Th>
            <Table.Th>Provenance</Table.Th>
            {canManage ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((h) => (
            <HolidayRow key={h.id} h={h} canManage={canManage} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function HolidayRow({
  h,
  canManage,
  onEdit,
  onDelete,
}: {
  h: Holiday;
  canManage: boolean;
  onEdit: (h: Holiday) => void;
  onDelete: (h: Holiday) => void;
}) {
  const { settings } = useSession();
  return (
    <Table.Tr>
      <Table.Td>{formatDate(h.date, settings)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {h.name}
        </Text>
        {h.restrictedTrading ? (
          <Badge size="xs" color="orange" variant="light">
            Restricted trading
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td>
        {SCOPE_LABELS[h.scope]}
        {h.state ? ` (${h.state})` : ''}
      </Table.Td>
      <Table.Td>{h.pricingRule ?? '—'}</Table.Td>
      <Table.Td>{h.surchargePercent}%</Table.Td>
      <Table.Td>{h.blockOut ? 'Yes' : 'No'}</Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {h.notes}
        </Text>
      </Table.Td>
      <Table.Td>
        {h.sourceUrl ? (
          <a href={h.sourceUrl} target="_blank" rel="noreferrer">
            {h.provenance === 'official' ? 'Official' : 'Manual'}
          </a>
        ) : h.provenance === 'official' ? (
          'Official'
        ) : (
          'Manual'
        )}
      </Table.Td>
      {canManage ? (
        <EditDeleteButtons
          place="table"
          subject={h.name}
          onEdit={() => onEdit(h)}
          onDelete={() => onDelete(h)}
        />
      ) : null}
    </Table.Tr>
  );
}
