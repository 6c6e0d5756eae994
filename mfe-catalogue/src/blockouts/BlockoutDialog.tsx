import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, MultiSelect, Radio, Select, Text } from '@mantine/core';
import type { BlockoutSpan } from '@venue/contracts';
import { formatDate, formatWallClock, useSession } from '@venue/ui';
import { DateField } from '@venue/ui/date-field';
import { BLOCKOUT_REASONS, type Blockout, type BlockoutInput, type BlockoutReason } from '../api/types.ts';
import { useBulkBlockout, useResources, useSaveBlockout } from '../api/hooks.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { blockoutSummary, emptyBlockout, validateBlockout } from './blockoutForm.ts';
import { NotesField, TextField } from '../shared/fields.tsx';
import { BlockoutClashes } from './BlockoutClashes.tsx';
import { blockoutRefusal, type BlockoutRefusal } from './blockoutRefusal.ts';

export type BlockoutMode = 'single' | 'bulk' | 'edit';

const TITLES: Record<BlockoutMode, string> = {
  single: 'New Block-out',
  bulk: 'Bulk Block-out',
  edit: 'Edit Block-out',
};

/**
 * One form for the three ways in: a single resource, several at once (only Active resources
 * are offered, spec 03 §2.5), or editing an existing block-out. A new block-out over several
 * days is one per day for the times given unless "Continuous" is chosen; the dialog says
 * which before saving. An edit changes the one block-out it opened.
 *
 * Bookings hold the time of every block-out (decision 55): a save over bookings is refused with
 * the bookings named, and the dialog lists them and offers to block out over them (the same
 * write with `overBookings: true`) or, with Cancel, to go back to the form as it was typed. When
 * bookings could not confirm the write (503), nothing was saved and the dialog says so.
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
  const { settings } = useSession();
  const resources = useResources();
  const saveOne = useSaveBlockout();
  const saveBulk = useBulkBlockout();
  const [form, setForm] = useState<BlockoutInput>(() => emptyBlockout());
  const [errors, setErrors] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<BlockoutRefusal | null>(null);

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
            span: 'continuous',
          }
        : emptyBlockout(preselect ?? []),
    );
    setErrors([]);
    setRefusal(null);
  }, [opened, blockout, preselect]);

  const options = useMemo(
    () =>
      (resources.data ?? [])
        // An archived resource already on an edited block-out stays listed so it can be removed.
        .filter((r) => r.status === 'active' || form.resourceIds.includes(r.id))
        .map((r) => ({ value: r.id, label: r.name })),
    [resources.data, form.resourceIds],
  );

  const set = (patch: Partial<BlockoutInput>) => {
    setForm((f) => ({ ...f, ...patch }));
    // A refusal was about the period as it was sent; a changed form must be sent again first.
    setRefusal(null);
  };
  const summary =
    mode === 'edit'
      ? null
      : blockoutSummary(
          form,
          (d) => formatDate(d, settings),
          (t) => formatWallClock(t, settings),
        );
  const pending = saveOne.isPending || saveBulk.isPending;

  /** Saves the form; `overBookings` only once the venue has seen the bookings in the way. */
  async function save(overBookings: boolean) {
    const problems = validateBlockout(form);
    setErrors(problems);
    if (problems.length) return;
    setRefusal(null);
    try {
      if (mode === 'edit') {
        const { span: _oneBlockout, ...input } = form;
        await saveOne.mutateAsync({ id: blockout?.id, input: { ...input, overBookings } });
      } else {
        // The bulk route lays several days out per day or as one period (one resource or many).
        await saveBulk.mutateAsync({ ...form, overBookings });
      }
    } catch (error) {
      const refused = blockoutRefusal(error);
      if (refused) setRefusal(refused);
      throw error;
    }
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
      onSubmit={() => save(false)}
      actions={
        refusal?.kind === 'over-bookings' ? (
          <>
            {/* Back to the form as typed: change the period or the resources, or close. */}
            <Button variant="default" onClick={() => setRefusal(null)}>
              Cancel
            </Button>
            <Button
              color="orange"
              loading={pending}
              onClick={() => {
                save(true).catch(() => undefined);
              }}
            >
              Block out over these bookings
            </Button>
          </>
        ) : undefined
      }
    >
      {refusal?.kind === 'over-bookings' ? <BlockoutClashes clashes={refusal.clashes} /> : null}
      {refusal?.kind === 'not-confirmed' ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="Not saved"
          data-testid="blockout-not-confirmed"
        >
          {refusal.message}
        </Alert>
      ) : null}
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
        <DateField label="Date from" value={form.dateFrom} onChange={(dateFrom) => set({ dateFrom })} />
        <DateField label="Date to" value={form.dateTo} onChange={(dateTo) => set({ dateTo })} />
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
      {mode === 'edit' ? null : (
        <Radio.Group
          label="Over several days"
          value={form.span ?? 'daily'}
          onChange={(v) => set({ span: v as BlockoutSpan })}
        >
          <Group mt={4}>
            <Radio value="daily" label="One block-out per day, for these hours" />
            <Radio value="continuous" label="Continuous from start to end" />
          </Group>
        </Radio.Group>
      )}
      {summary ? (
        <Text size="sm" c="dimmed" data-testid="blockout-summary" aria-live="polite">
          {summary}
        </Text>
      ) : null}
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
