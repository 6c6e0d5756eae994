import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { useController, type Control } from 'react-hook-form';
import { holidaySyncInput } from '@venue/contracts/catalogue';
import { useContractForm } from '@venue/ui/contract-form';
import { SelectField } from '@venue/ui/select-field';
import { AU_STATES } from '../api/types.ts';
import { useSyncHolidays } from '../api/hooks.ts';
import { FormErrors } from '../shared/FormErrors.tsx';
import { YEARS } from './years.ts';

interface SyncDraft {
  state: string;
  year: number;
}

/** The year as its choice's text, sent as the number the contract asks for. */
function YearField({ control, disabled }: { control: Control<SyncDraft>; disabled: boolean }) {
  const { field, fieldState } = useController({ control, name: 'year' });
  return (
    <Select
      label="Year"
      data={YEARS.map(String)}
      ref={field.ref}
      value={String(field.value)}
      allowDeselect={false}
      onChange={(v) => field.onChange(v ? Number(v) : field.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      disabled={disabled}
    />
  );
}

/**
 * Fills in the official national and state holidays for one state and year, checked by the
 * contract's holidaySyncInput (what POST /api/holidays/sync parses).
 */
export function SyncDialog({
  opened,
  initialYear,
  onClose,
}: {
  opened: boolean;
  initialYear: number;
  onClose: (syncedYear?: number) => void;
}) {
  const sync = useSyncHolidays();
  const { form, formRef, summary, onSubmit } = useContractForm<SyncDraft, SyncDraft>({
    schema: holidaySyncInput,
    defaultValues: { state: 'NSW', year: initialYear },
  });
  const { control, getValues, reset } = form;

  useEffect(() => {
    if (opened) {
      // The state chosen last time stays; the year is the page's.
      reset({ state: getValues('state'), year: initialYear });
      sync.reset();
    }
    // sync.reset is stable enough; re-running on its identity would wipe a fresh result
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, initialYear]);

  const submit = onSubmit(async (body) => {
    await sync.mutateAsync(body);
  });
  const result = sync.data;

  return (
    <Modal opened={opened} onClose={() => onClose()} title="Sync with the state calendar" centered>
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          void submit(e);
        }}
      >
        <Stack>
          <Text size="sm">
            Adds the official national and state public holidays. Re-syncing updates them and never creates
            duplicates; your own holidays are left alone.
          </Text>
          <FormErrors errors={summary} />
          <Group grow>
            <SelectField
              control={control}
              name="state"
              label="State"
              data={[...AU_STATES]}
              fallback="NSW"
              allowDeselect={false}
              disabled={sync.isPending}
            />
            <YearField control={control} disabled={sync.isPending} />
          </Group>
          <SyncOutcome sync={sync} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(result ? sync.variables?.year : undefined)}>
              {result ? 'Done' : 'Cancel'}
            </Button>
            <Button type="submit" loading={sync.isPending}>
              {result ? 'Sync again' : 'Sync'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The sync under way, its result or its failure, for the state and year that were asked. */
function SyncOutcome({ sync }: { sync: ReturnType<typeof useSyncHolidays> }) {
  const result = sync.data;
  // What was (or is being) synced, whatever the boxes say now.
  const asked = sync.variables;
  return (
    <>
      {sync.isPending ? (
        <Stack gap={4} data-testid="sync-progress">
          <Text size="sm">
            Syncing {asked?.state} {asked?.year}...
          </Text>
          <Progress value={100} animated striped aria-label="Sync progress" />
        </Stack>
      ) : null}
      {result ? (
        <Alert color="green" variant="light" title="Sync complete" data-testid="sync-result">
          {result.added} added, {result.updated} updated — {result.holidays.length} official holidays for{' '}
          {asked?.state} {asked?.year}.
        </Alert>
      ) : null}
      {sync.isError ? (
        <Alert color="red" variant="light" role="alert">
          {sync.error.message}
        </Alert>
      ) : null}
    </>
  );
}
