import { lazy, Suspense, useState } from 'react';
import { Button, Table } from '@mantine/core';
import { formatMoney, useSession } from '@venue/ui';
import type { Addon } from '../api/types.ts';
import { useSaveAddon } from '../api/hooks.ts';
import { EditDeleteButtons } from '../shared/EditDeleteButtons.tsx';
import type { AddonDraft } from './addonForm.ts';

// The form's code (react-hook-form, the contract's schema) loads with the first form shown.
const AddonDraftForm = lazy(() =>
  import('./AddonDraftForm.tsx').then((m) => ({ default: m.AddonDraftForm })),
);

/** One add-on; in edit mode the row itself becomes the form (inline edit). */
export function AddonRow({
  addon,
  canManage,
  onDelete,
}: {
  addon: Addon;
  canManage: boolean;
  onDelete: () => void;
}) {
  const { settings } = useSession();
  const save = useSaveAddon();
  const [draft, setDraft] = useState<AddonDraft | null>(null);

  if (!draft) {
    return (
      <Table.Tr>
        <Table.Td>{addon.name}</Table.Td>
        <Table.Td>{formatMoney(addon.priceCents, settings)}</Table.Td>
        <Table.Td>{addon.description}</Table.Td>
        {canManage ? (
          <EditDeleteButtons
            place="table"
            subject={addon.name}
            onEdit={() => {
              setDraft({
                name: addon.name,
                price: addon.priceCents / 100,
                description: addon.description ?? '',
              });
            }}
            onDelete={onDelete}
          />
        ) : null}
      </Table.Tr>
    );
  }

  return (
    <Table.Tr>
      <Table.Td colSpan={canManage ? 4 : 3}>
        <Suspense fallback={null}>
          <AddonDraftForm
            place="row"
            draft={draft}
            send={async (input) => {
              await save.mutateAsync({ id: addon.id, input });
              setDraft(null);
            }}
          >
            {(sending) => (
              <>
                <Button type="submit" size="sm" loading={save.isPending || sending}>
                  Save
                </Button>
                <Button size="sm" variant="default" onClick={() => setDraft(null)}>
                  Cancel
                </Button>
              </>
            )}
          </AddonDraftForm>
        </Suspense>
      </Table.Td>
    </Table.Tr>
  );
}
