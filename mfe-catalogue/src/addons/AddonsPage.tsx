import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Table, TextInput, Title } from '@mantine/core';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '@venue/ui';
import type { Addon } from '../api/types.ts';
import { useAddons, useDeleteAddon, useSaveAddon } from '../api/hooks.ts';
import { useCanManage } from '../shared/access.ts';
import { SectionNav } from '../shared/SectionNav.tsx';
import { ReadOnlyNotice } from '../shared/ReadOnlyNotice.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { FormErrors } from '../shared/FormErrors.tsx';
import { toCents } from '../shared/labels.ts';
import { EMPTY_DRAFT, validateAddon, type AddonDraft } from './addonForm.ts';
import { AddonRow } from './AddonRow.tsx';

function NewAddonForm() {
  const save = useSaveAddon();
  const [draft, setDraft] = useState<AddonDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<string[]>([]);

  async function submit() {
    const problems = validateAddon(draft);
    setErrors(problems);
    if (problems.length) return;
    await save.mutateAsync({
      input: {
        name: draft.name.trim(),
        priceCents: toCents(Number(draft.price)),
        description: draft.description,
      },
    });
    setDraft(EMPTY_DRAFT);
  }

  return (
    <Paper withBorder p="md" radius="md" mb="md">
      <Title order={2} fz="md" mb="sm">
        Add an add-on
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit().catch(() => undefined);
        }}
      >
        <FormErrors errors={errors} />
        <Group align="flex-end" mt={errors.length ? 'sm' : 0}>
          <TextInput
            label="Add-on name"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          <NumberInput
            label="Add-on price"
            min={0}
            step={0.01}
            decimalScale={2}
            value={draft.price}
            onChange={(v) =>
              setDraft({ ...draft, price: typeof v === 'number' ? v : v === '' ? '' : Number(v) })
            }
            w={140}
          />
          <TextInput
            label="Add-on description"
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={save.isPending}>
            Add
          </Button>
        </Group>
      </form>
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
      {query.isPending ? (
        <LoadingState label="Loading add-ons..." />
      ) : query.isError ? (
        <ErrorState
          title="Failed to fetch add-ons"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <EmptyState title="No add-ons yet" />
      ) : (
        <Table verticalSpacing="sm" data-testid="addons-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Description</Table.Th>
              {canManage ? <Table.Th>Actions</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((a) => (
              <AddonRow key={a.id} addon={a} canManage={canManage} onDelete={() => setDeleting(a)} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDialog
        opened={deleting !== null}
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
