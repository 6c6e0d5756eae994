import { ActionIcon, Badge, Checkbox, ColorSwatch, Menu, Table, Text } from '@mantine/core';
import { SortHeader } from '@venue/ui/sort-header';
import { TableHead } from '@venue/ui/table-head';
import type { Resource } from '../api/types.ts';
import { TYPE_LABELS } from '../shared/labels.ts';
import type { Sort, SortKey } from './filterHalls.ts';
import { hoursLabel } from './resourceForm.ts';

export interface HallRowActions {
  onOpen: (r: Resource) => void;
  onEdit: (r: Resource) => void;
  onDuplicate: (r: Resource) => void;
  onArchiveToggle: (r: Resource) => void;
}

export function HallsTable({
  rows,
  sort,
  onSort,
  selected,
  onSelect,
  canManage,
  actions,
}: {
  rows: Resource[];
  sort: Sort | null;
  onSort: (k: SortKey) => void;
  selected: string[];
  onSelect: (ids: string[]) => void;
  canManage: boolean;
  actions: HallRowActions;
}) {
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const toggle = (id: string) =>
    onSelect(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  const sortable = (column: SortKey, label: string) => (
    <SortHeader
      key={column}
      label={label}
      direction={sort?.key === column ? sort.dir : null}
      onSort={() => onSort(column)}
    />
  );

  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="halls-table">
        <TableHead
          columns={[
            <Table.Th key="select" w={40}>
              <Checkbox
                aria-label="Select all"
                checked={allSelected}
                indeterminate={!allSelected && selected.length > 0}
                onChange={() => onSelect(allSelected ? [] : rows.map((r) => r.id))}
              />
            </Table.Th>,
            sortable('name', 'Name'),
            'Code',
            'Type',
            sortable('capacity', 'Capacity'),
            'Hours',
            'Buffers',
            'Colour',
            'Visibility',
            sortable('status', 'Status'),
          ]}
          actions="Actions"
        />
        <Table.Tbody>
          {rows.map((r) => (
            <HallRow
              key={r.id}
              r={r}
              checked={selected.includes(r.id)}
              onToggle={() => toggle(r.id)}
              canManage={canManage}
              actions={actions}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One space: opened by a click or Enter; its checkbox and menu act on their own. */
function HallRow({
  r,
  checked,
  onToggle,
  canManage,
  actions,
}: {
  r: Resource;
  checked: boolean;
  onToggle: () => void;
  canManage: boolean;
  actions: HallRowActions;
}) {
  return (
    <Table.Tr
      tabIndex={0}
      style={{ cursor: 'pointer' }}
      aria-label={`${r.name} details`}
      onClick={() => actions.onOpen(r)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) actions.onOpen(r);
      }}
    >
      <Table.Td onClick={(e) => e.stopPropagation()}>
        <Checkbox aria-label={`Select ${r.name}`} checked={checked} onChange={onToggle} />
      </Table.Td>
      <Table.Td>
        <Text fw={600} size="sm">
          {r.name}
        </Text>
        {r.description ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {r.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{r.code}</Table.Td>
      <Table.Td>{TYPE_LABELS[r.type]}</Table.Td>
      <Table.Td>{r.capacity}</Table.Td>
      <Table.Td>{hoursLabel(r)}</Table.Td>
      <Table.Td>
        {r.setupBufferMinutes}/{r.packdownBufferMinutes} min
      </Table.Td>
      <Table.Td>
        <ColorSwatch color={r.calendarColour} size={18} title={r.colourName || r.calendarColour} />
      </Table.Td>
      <Table.Td>{r.visibility === 'public' ? 'Public' : 'Admin-only'}</Table.Td>
      <Table.Td>
        {/* A Mantine badge may shrink below its label inside a squeezed table column;
            the status must read whole ("Active", not "Acti…"). */}
        <Badge
          color="green"
          variant={r.status === 'active' ? 'light' : 'default'}
          style={{ minWidth: 'max-content' }}
        >
          {r.status === 'active' ? 'Active' : 'Archived'}
        </Badge>
      </Table.Td>
      <Table.Td onClick={(e) => e.stopPropagation()}>
        <HallRowMenu r={r} canManage={canManage} actions={actions} />
      </Table.Td>
    </Table.Tr>
  );
}

function HallRowMenu({
  r,
  canManage,
  actions,
}: {
  r: Resource;
  canManage: boolean;
  actions: HallRowActions;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${r.name}`}>
          ⋮
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canManage ? <Menu.Item onClick={() => actions.onEdit(r)}>Edit</Menu.Item> : null}
        <Menu.Item onClick={() => actions.onOpen(r)}>View Details</Menu.Item>
        {canManage ? (
          <>
            <Menu.Item onClick={() => actions.onDuplicate(r)}>Duplicate</Menu.Item>
            <Menu.Item onClick={() => actions.onArchiveToggle(r)}>
              {r.status === 'active' ? 'Archive' : 'Restore'}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
