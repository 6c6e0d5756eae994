import { lazy, Suspense, useState } from 'react';
import { Button, Paper, Table, Title } from '@mantine/core';
import { EmptyState, PageHeader } from '@venue/ui';
import type { Addon } from '../api/types.ts';
import { useAddons, useDeleteAddon, useSaveAddon } from '../api/hooks.ts';
import { useCanManage } from '../shared/access.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { listStatus } from '../shared/list-status.ts';
import { SectionNav } from '../shared/SectionNav.tsx';
import { ReadOnlyNotice } from '../shared/ReadOnlyNotice.tsx';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { TableHead } from '@venue/ui/table-head';
import { ScrollTable } from '../shared/ScrollTable.tsx';
import { EMPTY_DRAFT } from './addonForm.ts';
import { AddonRow } from './AddonRow.tsx';

// The form's code (react-hook-form, the contract's schema) loads with the first form shown: the
// add form opens from its button, so a visit that only reads the list stays within the page
// budget (bench/README, 2026-11-30).
const AddonDraftForm = lazy(() =>
  import('./AddonDraftForm.tsx').then((m) => ({ default: m.AddonDraftForm })),
);

function NewAddonForm() {
  const save = useSaveAddon();
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <Title order={2} fz="md" mb="sm">
        Add an add-on
      </Title>
      {open ? (
        <Suspense fallback={null}>
          <AddonDraftForm
            place="panel"
            draft={EMPTY_DRAFT}
            send={async (input, reset) => {
              await save.mutateAsync({ input });
              reset();
            }}
          >
            {(sending) => (
              <Button type="submit" loading={save.isPending || sending}>
                Add
              </Button>
            )}
          </AddonDraftForm>
        </Suspense>
      ) : (
        <Button variant="light" onClick={() => setOpen(true)}>
          New add-on
        </Button>
      )}
    </Paper>
  );
}

export function AddonsPage() {
  const canManage = useCanManage();
  const query = useAddons();
  const remove = useDeleteAddon();
  const [deleting, setDeleting] = useState<Addon | null>(null);

  return (
    <>
      <PageHeader
        title="Add-ons"
        subtitle="Extras customers can add to a booking, such as equipment or cleaning."
      />
      <SectionNav area="pricing" current="/PricingAddons" />
      {canManage ? <NewAddonForm /> : <ReadOnlyNotice area="pricing" />}
      <QueryStatus query={query} {...listStatus('add-ons')}>
        {(addons) =>
          addons.length === 0 ? (
            <EmptyState title="No add-ons yet" />
          ) : (
            <ScrollTable minWidth={560} label="Add-ons">
              <Table verticalSpacing="sm" data-testid="addons-table">
                <TableHead columns={['Name', 'Price', 'Description', ...(canManage ? ['Actions'] : [])]} />
                <Table.Tbody>
                  {addons.map((a) => (
                    <AddonRow key={a.id} addon={a} canManage={canManage} onDelete={() => setDeleting(a)} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )
        }
      </QueryStatus>
      <ConfirmDialog
        opened={deleting !== null}
        confirmLabel="Delete"
        confirmColor="red"
        title="Delete Add-on"
        message={`Delete ${deleting?.name ?? 'this add-on'}? It will no longer be offered on new bookings.`}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </>
  );
}
