import { lazy, useMemo, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { EmptyState, PageHeader, useSession, downloadText, todayStamp, OnDemand } from '@venue/ui';
import type { Resource } from '../api/types.ts';
import { useBulkArchive, useResourceAction, useResources } from '../api/hooks.ts';
import { useCanManage } from '../shared/access.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { listStatus } from '../shared/list-status.ts';
import { SectionNav } from '../shared/SectionNav.tsx';
import { ReadOnlyNotice } from '../shared/ReadOnlyNotice.tsx';
import { errorText, notifyError } from '../shared/notify.ts';
import { filterHalls, nextSort, NO_FILTERS, type HallFilters, type Sort } from './filterHalls.ts';
import { HallsFilters } from './HallsFilters.tsx';
import { HallsTable } from './HallsTable.tsx';
import { HallDetailPanel } from './HallDetailPanel.tsx';

// Dialogs load when first opened (forms, colour picker, hours grid), not with the list.
const HallEditDialog = lazy(() =>
  import('./HallEditDialog.tsx').then((m) => ({ default: m.HallEditDialog })),
);
const BlockoutDialog = lazy(() =>
  import('../blockouts/BlockoutDialog.tsx').then((m) => ({ default: m.BlockoutDialog })),
);

export function HallsPage() {
  const canManage = useCanManage();
  const query = useResources();
  const action = useResourceAction();
  const [filters, setFilters] = useState<HallFilters>(NO_FILTERS);
  const [sort, setSort] = useState<Sort | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ resource: Resource | null } | null>(null);
  const [blockoutFor, setBlockoutFor] = useState<string[] | null>(null);
  const { exporting, exportCsv } = useCsvExport();

  const all = useMemo(() => query.data ?? [], [query.data]);
  const rows = useMemo(() => filterHalls(all, filters, sort), [all, filters, sort]);
  // The panel follows the live list so it shows an archive or edit as soon as it lands.
  const open = all.find((r) => r.id === openId) ?? null;
  const visibleSelection = selected.filter((id) => all.some((r) => r.id === id));

  // What a row's menu and the detail panel do with a resource.
  const actions = {
    onOpen: (r: Resource) => setOpenId(r.id),
    onEdit: (r: Resource) => setEditing({ resource: r }),
    onDuplicate: (r: Resource) =>
      action.mutate({ id: r.id, action: 'duplicate' }, { onSuccess: (copy) => setOpenId(copy.id) }),
    onBlockout: (r: Resource) => setBlockoutFor([r.id]),
    onArchiveToggle: (r: Resource) =>
      action.mutate({ id: r.id, action: r.status === 'active' ? 'archive' : 'restore' }),
  };

  return (
    <>
      <HallsHeader
        canManage={canManage}
        exporting={exporting}
        onExport={() => void exportCsv()}
        onBulkBlockout={() => setBlockoutFor([])}
        onNew={() => setEditing({ resource: null })}
      />
      <SectionNav area="resources" current="/ResourcesHalls" />
      {canManage ? null : <ReadOnlyNotice area="resources" />}
      <HallsFilters value={filters} onChange={setFilters} />
      <BulkBar
        selection={visibleSelection}
        canManage={canManage}
        exporting={exporting}
        onExport={() => void exportCsv(visibleSelection)}
        onArchived={() => setSelected([])}
      />
      <QueryStatus query={query} {...listStatus('resources')}>
        {() =>
          rows.length === 0 ? (
            <NoHalls any={all.length > 0} onClear={() => setFilters(NO_FILTERS)} />
          ) : (
            <HallsTable
              rows={rows}
              sort={sort}
              onSort={(k) => setSort((s) => nextSort(s, k))}
              selected={visibleSelection}
              onSelect={setSelected}
              canManage={canManage}
              actions={actions}
            />
          )
        }
      </QueryStatus>
      <HallDetailPanel
        resource={open}
        canManage={canManage}
        onClose={() => setOpenId(null)}
        actions={actions}
      />
      <HallsDialogs
        editing={editing}
        onEditClose={() => setEditing(null)}
        blockoutFor={blockoutFor}
        onBlockoutClose={() => setBlockoutFor(null)}
      />
    </>
  );
}

/** The resources' CSV, all or the selected ones, and whether it is being made. */
function useCsvExport() {
  const { api } = useSession();
  const [exporting, setExporting] = useState(false);

  async function exportCsv(ids?: string[]) {
    setExporting(true);
    try {
      const qs = ids ? `?ids=${ids.map(encodeURIComponent).join(',')}` : '';
      const csv = await api.api<string>(`/api/resources/export.csv${qs}`);
      downloadText(csv, `resources-${todayStamp()}.csv`, 'text/csv');
    } catch (e) {
      notifyError(errorText(e, 'Failed to export resources'));
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportCsv };
}

function HallsHeader({
  canManage,
  exporting,
  onExport,
  onBulkBlockout,
  onNew,
}: {
  canManage: boolean;
  exporting: boolean;
  onExport: () => void;
  onBulkBlockout: () => void;
  onNew: () => void;
}) {
  return (
    <PageHeader
      title="Halls/Rooms"
      subtitle="Details, capacity and opening hours of each hall and room."
      actions={
        canManage ? (
          <>
            <Button variant="default" onClick={onBulkBlockout}>
              Bulk Block-out
            </Button>
            <Button variant="default" loading={exporting} onClick={onExport}>
              Export CSV
            </Button>
            <Button onClick={onNew}>New Hall/Room</Button>
          </>
        ) : (
          <Button variant="default" loading={exporting} onClick={onExport}>
            Export CSV
          </Button>
        )
      }
    />
  );
}

/** What can be done with the selected rows: archive them, export them. */
function BulkBar({
  selection,
  canManage,
  exporting,
  onExport,
  onArchived,
}: {
  selection: string[];
  canManage: boolean;
  exporting: boolean;
  onExport: () => void;
  onArchived: () => void;
}) {
  const bulkArchive = useBulkArchive();
  if (selection.length === 0) return null;
  return (
    <Paper withBorder p="sm" mb="md" radius="md" data-testid="bulk-bar">
      <Group justify="space-between">
        <Text size="sm">{selection.length} selected</Text>
        <Group gap="xs">
          {canManage ? (
            <Button
              size="xs"
              variant="light"
              color="gray"
              loading={bulkArchive.isPending}
              onClick={() => bulkArchive.mutate(selection, { onSuccess: onArchived })}
            >
              Archive Selected
            </Button>
          ) : null}
          <Button size="xs" variant="light" loading={exporting} onClick={onExport}>
            Export Selected
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The edit dialog and the bulk block-out, each loaded when first opened. */
function HallsDialogs({
  editing,
  onEditClose,
  blockoutFor,
  onBlockoutClose,
}: {
  editing: { resource: Resource | null } | null;
  onEditClose: () => void;
  blockoutFor: string[] | null;
  onBlockoutClose: () => void;
}) {
  return (
    <>
      <OnDemand open={editing !== null}>
        <HallEditDialog
          opened={editing !== null}
          resource={editing?.resource ?? null}
          onClose={onEditClose}
        />
      </OnDemand>
      <OnDemand open={blockoutFor !== null}>
        <BlockoutDialog
          opened={blockoutFor !== null}
          mode="bulk"
          preselect={blockoutFor ?? undefined}
          onClose={onBlockoutClose}
        />
      </OnDemand>
    </>
  );
}

/** None yet, or none left by the filters (which can then be cleared). */
function NoHalls({ any, onClear }: { any: boolean; onClear: () => void }) {
  return (
    <EmptyState
      title={any ? 'No halls or rooms match these filters' : 'No halls or rooms yet'}
      action={
        any ? (
          <Button variant="subtle" onClick={onClear}>
            Clear filters
          </Button>
        ) : undefined
      }
    />
  );
}
