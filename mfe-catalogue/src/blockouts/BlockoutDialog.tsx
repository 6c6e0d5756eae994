import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert, Button } from '@mantine/core';
import { blockoutBulkInput, blockoutInput } from '@venue/contracts/catalogue';
import { formatDate, formatWallClock, useSession } from '@venue/ui';
import { useContractForm } from '@venue/ui/contract-form';
import type { Blockout, BlockoutInput } from '../api/types.ts';
import { useBulkBlockout, useResources, useSaveBlockout } from '../api/hooks.ts';
import { FormDialog } from '../shared/FormDialog.tsx';
import { blockoutSummary, emptyBlockout } from './blockoutForm.ts';
import { BlockoutClashes } from './BlockoutClashes.tsx';
import { BlockoutFields } from './BlockoutFields.tsx';
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
  // The contract's schema of the route the save goes to: an edit is one period (PUT), a new
  // block-out goes to the bulk route, per day or continuous (span).
  const { form, formRef, summary, onSubmit } = useContractForm<BlockoutInput, BlockoutInput>({
    schema: mode === 'edit' ? blockoutInput : blockoutBulkInput,
    defaultValues: emptyBlockout(),
  });
  const { reset } = form;
  const [refusal, setRefusal] = useState<BlockoutRefusal | null>(null);

  useEffect(() => {
    if (!opened) return;
    reset(blockout ? draftOf(blockout) : emptyBlockout(preselect ?? []));
    setRefusal(null);
  }, [opened, blockout, preselect, reset]);
  // A refusal was about the period as it was sent; a changed form must be sent again first.
  useEffect(() => form.watch(() => setRefusal(null)).unsubscribe, [form]);

  const values = useWatch({ control: form.control }) as BlockoutInput;
  const resourceIds = values.resourceIds;
  const options = useResourceOptions(resourceIds);
  const summaryText =
    mode === 'edit'
      ? null
      : blockoutSummary(
          values,
          (d) => formatDate(d, settings),
          (t) => formatWallClock(t, settings),
        );
  const { save, saving } = useBlockoutSave({ mode, blockout, onSubmit, setRefusal, onClose });
  const pending = saving || form.formState.isSubmitting;

  return (
    <FormDialog
      opened={opened}
      title={TITLES[mode]}
      size="lg"
      errors={summary}
      busy={pending}
      submitLabel={mode === 'edit' ? 'Save Changes' : 'Create Block-out'}
      onClose={onClose}
      onSubmit={save(false)}
      formRef={formRef}
      actions={
        refusal?.kind === 'over-bookings' ? (
          <OverBookingsActions
            busy={pending}
            onBack={() => setRefusal(null)}
            onOver={() => void save(true)()}
          />
        ) : undefined
      }
    >
      <RefusalNotice refusal={refusal} />
      <BlockoutFields form={form} mode={mode} options={options} summary={summaryText} />
    </FormDialog>
  );
}

function draftOf(blockout: Blockout): BlockoutInput {
  return {
    resourceIds: blockout.resourceIds,
    dateFrom: blockout.dateFrom,
    dateTo: blockout.dateTo,
    timeFrom: blockout.timeFrom,
    timeTo: blockout.timeTo,
    reason: blockout.reason,
    notes: blockout.notes ?? '',
    span: 'continuous',
  };
}

/** The active resources, and an archived one already on an edited block-out (so it can be removed). */
function useResourceOptions(resourceIds: string[] | undefined) {
  const resources = useResources();
  return useMemo(
    () =>
      (resources.data ?? [])
        .filter((r) => r.status === 'active' || resourceIds?.includes(r.id))
        .map((r) => ({ value: r.id, label: r.name })),
    [resources.data, resourceIds],
  );
}

/** Why the last save was refused: the bookings in the way, or bookings could not confirm it. */
function RefusalNotice({ refusal }: { refusal: BlockoutRefusal | null }) {
  return (
    <>
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
    </>
  );
}

/** In place of Cancel and Create while bookings are in the way. */
function OverBookingsActions({
  busy,
  onBack,
  onOver,
}: {
  busy: boolean;
  onBack: () => void;
  onOver: () => void;
}) {
  return (
    <>
      {/* Back to the form as typed: change the period or the resources, or close. */}
      <Button variant="default" onClick={onBack}>
        Cancel
      </Button>
      <Button color="orange" loading={busy} onClick={onOver}>
        Block out over these bookings
      </Button>
    </>
  );
}

/**
 * The save by the route the mode goes to: `save(overBookings)` sends the parsed form;
 * `overBookings` only once the venue has seen the bookings in the way. A refusal with bookings
 * (or unconfirmed by them) is kept for the dialog to show.
 */
function useBlockoutSave({
  mode,
  blockout,
  onSubmit,
  setRefusal,
  onClose,
}: {
  mode: BlockoutMode;
  blockout: Blockout | null | undefined;
  onSubmit: ReturnType<typeof useContractForm<BlockoutInput, BlockoutInput>>['onSubmit'];
  setRefusal: (refusal: BlockoutRefusal | null) => void;
  onClose: () => void;
}) {
  const saveOne = useSaveBlockout();
  const saveBulk = useBulkBlockout();
  const save = (overBookings: boolean) =>
    onSubmit(async (body) => {
      setRefusal(null);
      try {
        if (mode === 'edit') {
          const { span: _oneBlockout, ...input } = body;
          await saveOne.mutateAsync({ id: blockout?.id, input: { ...input, overBookings } });
        } else {
          // The bulk route lays several days out per day or as one period (one resource or many).
          await saveBulk.mutateAsync({ ...body, overBookings });
        }
      } catch (error) {
        const refused = blockoutRefusal(error);
        if (refused) setRefusal(refused);
        throw error;
      }
      onClose();
    });
  return { save, saving: saveOne.isPending || saveBulk.isPending };
}
