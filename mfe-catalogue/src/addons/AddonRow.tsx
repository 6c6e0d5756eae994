import { useState } from 'react';
import { Button, Group, NumberInput, Table, TextInput } from '@mantine/core';
import { formatMoney, useSession } from '@venue/ui';
import type { Addon } from '../api/types.ts';
import { useSaveAddon } from '../api/hooks.ts';
import { toCents } from '../shared/labels.ts';
import { FormErrors } from '../shared/FormErrors.tsx';
import { validateAddon, type AddonDraft } from './addonForm.ts';

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
  const [errors, setErrors] = useState<string[]>([]);

  if (!draft) {
    return (
      <Table.Tr>
        <Table.Td>{addon.name}</Table.Td>
        <Table.Td>{formatMoney(addon.priceCents, settings)}</Table.Td>
        <Table.Td>{addon.description}</Table.Td>
        {canManage ? (
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="subtle"
                aria-label={`Edit ${addon.name}`}
                onClick={() => {
                  setErrors([]);
                  setDraft({
                    name: addon.name,
                    price: addon.priceCents / 100,
                    description: addon.description ?? '',
                  });
                }}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Delete ${addon.name}`}
                onClick={onDelete}
              >
                Delete
              </Button>
            </Group>
          </Table.Td>
        ) : null}
      </Table.Tr>
    );
  }

  async function submit(d: AddonDraft) {
    const problems = validateAddon(d);
    setErrors(problems);
    if (problems.length) return;
    await save.mutateAsync({
      id: addon.id,
      input: { name: d.name.trim(), priceCents: toCents(Number(d.price)), description: d.description },
    });
    setDraft(null);
  }

  return (
    <Table.Tr>
      <Table.Td colSpan={canManage ? 4 : 3}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit(draft).catch(() => undefined);
          }}
        >
          <FormErrors errors={errors} />
          <Group align="flex-end" mt={errors.length ? 'xs' : 0}>
            <TextInput
              label="Name"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            />
            <NumberInput
              label="Price"
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
              label="Description"
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <Button type="submit" size="sm" loading={save.isPending}>
              Save
            </Button>
            <Button size="sm" variant="default" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </Group>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}
