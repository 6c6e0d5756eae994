import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Modal, MultiSelect, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { BLOCKOUT_REASONS, type Blockout, type BlockoutInput, type BlockoutReason } from '../api/types.ts';
import { useBulkBlockout, useResources, useSaveBlockout } from '../api/hooks.ts';
import { FormErrors } from '../shared/FormErrors.tsx';
import { emptyBlockout, validateBlockout } from './blockoutForm.ts';

export type BlockoutMode = 'single' | 'bulk' | 'edit';

const TITLES: Record<BlockoutMode, string> = {
  single: 'New Block-out',
  bulk: 'Bulk Block-out',
  edit: 'Edit Block-out',
};

/**
 * One form for the three ways in: a single resource, several at once (only Active resources
 * are offered, spec 03 §2.5), or editing an existing block-out.
 */
export function BlockoutDialog({
  opened,
  mode,
  blockout,
  preselect,
  onClose,
}: {
  opened: boolean;
  mode: BlockoutMode;
  blockout?: Blockout | null;
  preselect?: string[];
  onClose: () => void;
}) {
  const resources = useResources();
  const saveOne = useSaveBlockout();
  const saveBulk = useBulkBlockout();
  const [form, setForm] = useState<BlockoutInput>(() => emptyBlockout());
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    if (!opened) return;
    setForm(
      blockout
        ? {
            resourceIds: blockout.resourceIds,
            dateFrom: blockout.dateFrom,
            dateTo: blockout.dateTo,
            timeFrom: blockout.timeFrom,
            timeTo: blockout.timeTo,
            reason: blockout.reason,
            notes: blockout.notes ?? '',
          }
        : emptyBlockout(preselect ?? []),
    );
    setErrors([]);
  }, [opened, blockout, preselect]);

  const options = useMemo(
    () =>
      (resources.data ?? [])
        // An archived resource already on an edited block-out stays listed so it can be removed.
        .filter((r) => r.status === 'active' || form.resourceIds.includes(r.id))
        .map((r) => ({ value: r.id, label: r.name })),
    [resources.data, form.resourceIds],
  );

  const set = (patch: Partial<BlockoutInput>) => setForm((f) => ({ ...f, ...patch }));
  const pending = saveOne.isPending || saveBulk.isPending;

  async function submit() {
    const problems = validateBlockout(form);
    setErrors(problems);
    if (problems.length) return;
    if (mode === 'bulk') await saveBulk.mutateAsync(form);
    else await saveOne.mutateAsync({ id: blockout?.id, input: form });
    onClose();
  }

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={TITLES[mode]}
      size="lg"
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit().catch(() => undefined);
        }}
      >
        <Stack>
          <FormErrors errors={errors} />
          {mode === 'single' ? (
            <Select
              label="Resource"
              data={options}
              value={form.resourceIds[0] ?? null}
              onChange={(v) => set({ resourceIds: v ? [v] : [] })}
              searchable
            />
          ) : (
            <MultiSelect
              label="Resources"
              data={options}
              value={form.resourceIds}
              onChange={(resourceIds) => set({ resourceIds })}
              searchable
              placeholder={form.resourceIds.length ? undefined : 'Choose active resources'}
            />
          )}
          <Group grow>
            <TextInput
              type="date"
              label="Date from"
              value={form.dateFrom}
              onChange={(e) => set({ dateFrom: e.currentTarget.value })}
            />
            <TextInput
              type="date"
              label="Date to"
              value={form.dateTo}
              onChange={(e) => set({ dateTo: e.currentTarget.value })}
            />
          </Group>
          <Group grow>
            <TextInput
              type="time"
              label="Time from"
              value={form.timeFrom}
              onChange={(e) => set({ timeFrom: e.currentTarget.value })}
            />
            <TextInput
              type="time"
              label="Time to"
              value={form.timeTo}
              onChange={(e) => set({ timeTo: e.currentTarget.value })}
            />
          </Group>
          <Select
            label="Reason"
            data={[...BLOCKOUT_REASONS]}
            value={form.reason}
            allowDeselect={false}
            onChange={(v) => set({ reason: (v as BlockoutReason) ?? 'Maintenance' })}
          />
          <Textarea
            label="Notes"
            value={form.notes ?? ''}
            onChange={(e) => set({ notes: e.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {mode === 'edit' ? 'Save Changes' : 'Create Block-out'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
