import { useEffect, useMemo, useState } from 'react';
import { Group, MultiSelect, Select } from '@mantine/core';
import { BLOCKOUT_REASONS, type Blockout, type BlockoutInput, type BlockoutReason } from '../api/types.ts';
import { useBulkBlockout, useResources, useSaveBlockout } from '../api/hooks.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { emptyBlockout, validateBlockout } from './blockoutForm.ts';
import { NotesField, TextField } from '../shared/fields.tsx';

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
    <FormDialog
      opened={opened}
      title={TITLES[mode]}
      size="lg"
      errors={errors}
      busy={pending}
      submitLabel={mode === 'edit' ? 'Save Changes' : 'Create Block-out'}
      onClose={onClose}
      onSubmit={submit}
    >
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
        <TextField
          type="date"
          label="Date from"
          value={form.dateFrom}
          onValue={(dateFrom) => set({ dateFrom })}
        />
        <TextField type="date" label="Date to" value={form.dateTo} onValue={(dateTo) => set({ dateTo })} />
      </Group>
      <Group grow>
        <TextField
          type="time"
          label="Time from"
          value={form.timeFrom}
          onValue={(timeFrom) => set({ timeFrom })}
        />
        <TextField type="time" label="Time to" value={form.timeTo} onValue={(timeTo) => set({ timeTo })} />
      </Group>
      <Select
        label="Reason"
        data={[...BLOCKOUT_REASONS]}
        value={form.reason}
        allowDeselect={false}
        onChange={(v) => set({ reason: (v as BlockoutReason) ?? 'Maintenance' })}
      />
      <NotesField label="Notes" value={form.notes ?? ''} onValue={(notes) => set({ notes })} />
    </FormDialog>
  );
}
