import { lazy, useMemo, useState } from 'react';
import { Button, Group, Select, Table, Text } from '@mantine/core';
import { EmptyState, PageHeader, formatDate, formatWallClock, useSession, OnDemand } from '@venue/ui';
import { DateField } from '@venue/ui/date-field';
import { TableHead } from '@venue/ui/table-head';
import type { Blockout } from '../api/types.ts';
import { useBlockouts, useDeleteBlockout, useResources } from '../api/hooks.ts';
import { useCanManage } from '../shared/access.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { listStatus } from '../shared/list-status.ts';
import { SectionNav } from '../shared/SectionNav.tsx';
import { ReadOnlyNotice } from '../shared/ReadOnlyNotice.tsx';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { EditDeleteButtons } from '../shared/EditDeleteButtons.tsx';
import { ScrollTable } from '../shared/ScrollTable.tsx';
import type { BlockoutMode } from './BlockoutDialog.tsx';

// The dialogs' form code (react-hook-form, the contract's schemas) loads when one first opens.
const BlockoutDialog = lazy(() =>
  import('./BlockoutDialog.tsx').then((m) => ({ default: m.BlockoutDialog })),
);

/** Whether [dateFrom, dateTo] touches the filter range; empty bounds are open. */
function inRange(b: Blockout, from: string, to: string): boolean {
  return (!from || b.dateTo >= from) && (!to || b.dateFrom <= to);
}

export function BlockoutsPage() {
  const canManage = useCanManage();
  const query = useBlockouts();
  const [resourceId, setResourceId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [dialog, setDialog] = useState<{ mode: BlockoutMode; blockout: Blockout | null } | null>(null);
  const [deleting, setDeleting] = useState<Blockout | null>(null);

  const rows = useMemo(
    () =>
      (query.data ?? [])
        .filter((b) => (!resourceId || b.resourceIds.includes(resourceId)) && inRange(b, from, to))
        .sort((a, b) => `${a.dateFrom}${a.timeFrom}`.localeCompare(`${b.dateFrom}${b.timeFrom}`)),
    [query.data, resourceId, from, to],
  );
  const filtered = resourceId !== null || from !== '' || to !== '';

  return (
    <>
      <PageHeader
        title="Block-outs"
        subtitle="Set maintenance periods and other times when the hall is unavailable."
        actions={
          canManage ? (
            <>
              <Button variant="default" onClick={() => setDialog({ mode: 'bulk', blockout: null })}>
                Bulk Block-out
              </Button>
              <Button onClick={() => setDialog({ mode: 'single', blockout: null })}>New Block-out</Button>
            </>
          ) : undefined
        }
      />
      <SectionNav area="resources" current="/ResourcesBlockouts" />
      {canManage ? null : <ReadOnlyNotice area="resources" />}
      <BlockoutFilters
        resourceId={resourceId}
        onResource={setResourceId}
        from={from}
        onFrom={setFrom}
        to={to}
        onTo={setTo}
      />
      <QueryStatus query={query} {...listStatus('block-outs')}>
        {() =>
          rows.length === 0 ? (
            <EmptyState
              title={filtered ? 'No block-outs match these filters' : 'No block-outs yet'}
              description={
                filtered ? undefined : 'Block out a resource for maintenance, cleaning or a private event.'
              }
            />
          ) : (
            <BlockoutsTable
              rows={rows}
              canManage={canManage}
              onEdit={(b) => setDialog({ mode: 'edit', blockout: b })}
              onDelete={setDeleting}
            />
          )
        }
      </QueryStatus>
      <OnDemand open={dialog !== null}>
        <BlockoutDialog
          opened={dialog !== null}
          mode={dialog?.mode ?? 'single'}
          blockout={dialog?.blockout ?? null}
          onClose={() => setDialog(null)}
        />
      </OnDemand>
      <DeleteBlockoutDialog blockout={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** The resource and the date range shown, with Clear filters. */
function BlockoutFilters({
  resourceId,
  onResource,
  from,
  onFrom,
  to,
  onTo,
}: {
  resourceId: string | null;
  onResource: (id: string | null) => void;
  from: string;
  onFrom: (date: string) => void;
  to: string;
  onTo: (date: string) => void;
}) {
  const resources = useResources();
  const filtered = resourceId !== null || from !== '' || to !== '';
  return (
    <Group align="flex-end" mb="md" wrap="wrap">
      <Select
        label="Resource"
        placeholder="All resources"
        data={(resources.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        value={resourceId}
        onChange={onResource}
        clearable
        w={220}
      />
      <DateField label="From" clearable value={from} onChange={onFrom} w={150} />
      <DateField label="To" clearable value={to} onChange={onTo} w={150} />
      <Button
        variant="subtle"
        disabled={!filtered}
        onClick={() => {
          onResource(null);
          onFrom('');
          onTo('');
        }}
      >
        Clear filters
      </Button>
    </Group>
  );
}

function BlockoutsTable({
  rows,
  canManage,
  onEdit,
  onDelete,
}: {
  rows: Blockout[];
  canManage: boolean;
  onEdit: (b: Blockout) => void;
  onDelete: (b: Blockout) => void;
}) {
  const { settings } = useSession();
  return (
    <ScrollTable minWidth={760} label="Block-outs">
      <Table data-testid="blockouts-table" verticalSpacing="sm">
        <TableHead
          columns={['Resources', 'From', 'To', 'Reason', 'Notes', ...(canManage ? ['Actions'] : [])]}
        />
        <Table.Tbody>
          {rows.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>{b.resources.map((r) => r.name).join(', ') || '—'}</Table.Td>
              <Table.Td>
                {formatDate(b.dateFrom, settings)} {formatWallClock(b.timeFrom, settings)}
              </Table.Td>
              <Table.Td>
                {formatDate(b.dateTo, settings)} {formatWallClock(b.timeTo, settings)}
              </Table.Td>
              <Table.Td>{b.reason}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {b.notes}
                </Text>
              </Table.Td>
              {canManage ? (
                <EditDeleteButtons
                  place="table"
                  subject={`block-out of ${b.resources.map((r) => r.name).join(', ')} from ${formatDate(b.dateFrom, settings)}`}
                  onEdit={() => onEdit(b)}
                  onDelete={() => onDelete(b)}
                />
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function DeleteBlockoutDialog({ blockout, onClose }: { blockout: Blockout | null; onClose: () => void }) {
  const remove = useDeleteBlockout();
  return (
    <ConfirmDialog
      opened={blockout !== null}
      confirmLabel="Delete"
      confirmColor="red"
      title="Delete Block-out"
      message="Delete this block-out? The resources become bookable again for that period."
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (blockout) remove.mutate(blockout.id, { onSuccess: onClose });
      }}
    />
  );
}
