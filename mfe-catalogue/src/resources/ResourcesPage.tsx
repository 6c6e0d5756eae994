import { lazy, useMemo, useState } from 'react';
import { Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { EmptyState, PageHeader, OnDemand } from '@venue/ui';
import type { Resource } from '../api/types.ts';
import { useDeleteResource, useResources } from '../api/hooks.ts';
import { useCanManage } from '../shared/access.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { RefreshButton } from '@venue/ui/refresh-button';
import { listStatus } from '../shared/list-status.ts';
import { SectionNav } from '../shared/SectionNav.tsx';
import { ReadOnlyNotice } from '../shared/ReadOnlyNotice.tsx';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { ResourceCard } from './ResourceCard.tsx';

// The dialogs' form code (react-hook-form, the contract's schemas) loads when one first opens.
const ResourceDialog = lazy(() =>
  import('./ResourceDialog.tsx').then((m) => ({ default: m.ResourceDialog })),
);

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={`stat-${label.toLowerCase()}`}>
        {value}
      </Text>
    </Paper>
  );
}

export function ResourcesPage() {
  const canManage = useCanManage();
  const query = useResources();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Resource | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<Resource | null>(null);

  const resources = useMemo(() => query.data ?? [], [query.data]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return resources;
    return resources.filter((r) => [r.name, r.code, r.type].some((f) => f.toLowerCase().includes(q)));
  }, [resources, search]);

  return (
    <>
      <PageHeader
        title="Resources"
        subtitle="The halls, rooms and outdoor spaces you hire out."
        actions={
          <>
            <RefreshButton queries={[query]} />
            {canManage ? (
              <Button
                onClick={() => {
                  setEditing(null);
                  setDialogOpen(true);
                }}
              >
                Add Resource
              </Button>
            ) : null}
          </>
        }
      />
      <SectionNav area="resources" current="/Resources" />
      {canManage ? null : <ReadOnlyNotice area="resources" />}
      <QueryStatus query={query} {...listStatus('resources')}>
        {() => (
          <>
            <ResourceCounts resources={resources} />
            <SearchField
              label="Search resources"
              placeholder="Name, code or type"
              value={search}
              onSearch={setSearch}
              mb="md"
              maw={360}
            />
            <ResourceGrid
              shown={shown}
              empty={resources.length === 0}
              canManage={canManage}
              onEdit={(r) => {
                setEditing(r);
                setDialogOpen(true);
              }}
              onDelete={setDeleting}
            />
          </>
        )}
      </QueryStatus>
      <OnDemand open={dialogOpen}>
        <ResourceDialog opened={dialogOpen} resource={editing} onClose={() => setDialogOpen(false)} />
      </OnDemand>
      <DeleteResourceDialog resource={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** How many there are, of each type. */
function ResourceCounts({ resources }: { resources: Resource[] }) {
  const count = (type: Resource['type']) => resources.filter((r) => r.type === type).length;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
      <Stat label="Total" value={resources.length} />
      <Stat label="Halls" value={count('hall')} />
      <Stat label="Rooms" value={count('room')} />
      <Stat label="Outdoor" value={count('outdoor')} />
    </SimpleGrid>
  );
}

function DeleteResourceDialog({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  const remove = useDeleteResource();
  return (
    <ConfirmDialog
      opened={resource !== null}
      confirmLabel="Delete"
      confirmColor="red"
      title="Delete Resource"
      message={`Delete ${resource?.name ?? ''}? Its rate card is deleted too and it is removed from block-outs. Archive it instead to keep its history.`}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (resource) remove.mutate(resource.id, { onSuccess: onClose });
      }}
    />
  );
}

/** The resources the search leaves, or why there are none. */
function ResourceGrid({
  shown,
  empty,
  canManage,
  onEdit,
  onDelete,
}: {
  shown: Resource[];
  /** No resource at all (not only none matching). */
  empty: boolean;
  canManage: boolean;
  onEdit: (r: Resource) => void;
  onDelete: (r: Resource) => void;
}) {
  return (
    <>
      {shown.length === 0 ? (
        <EmptyState
          title={empty ? 'No resources yet' : 'No resources match your search'}
          description={empty && canManage ? 'Add your first hall, room or outdoor space.' : undefined}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {shown.map((r) => (
            <ResourceCard
              key={r.id}
              resource={r}
              canManage={canManage}
              onEdit={() => onEdit(r)}
              onDelete={() => onDelete(r)}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
