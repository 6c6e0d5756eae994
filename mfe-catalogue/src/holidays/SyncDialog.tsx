import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { AU_STATES } from '../api/types.ts';
import { useSyncHolidays } from '../api/hooks.ts';
import { YEARS } from './years.ts';

/** Fills in the official national and state holidays for one state and year. */
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
  const [state, setState] = useState<string>('NSW');
  const [year, setYear] = useState<number>(initialYear);

  useEffect(() => {
    if (opened) {
      setYear(initialYear);
      sync.reset();
    }
    // sync.reset is stable enough; re-running on its identity would wipe a fresh result
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, initialYear]);

  const result = sync.data;

  return (
    <Modal opened={opened} onClose={() => onClose()} title="Sync with the state calendar" centered>
      <Stack>
        <Text size="sm">
          Adds the official national and state public holidays. Re-syncing updates them and never creates
          duplicates; your own holidays are left alone.
        </Text>
        <Group grow>
          <Select
            label="State"
            data={[...AU_STATES]}
            value={state}
            allowDeselect={false}
            onChange={(v) => setState(v ?? 'NSW')}
            disabled={sync.isPending}
          />
          <Select
            label="Year"
            data={YEARS.map(String)}
            value={String(year)}
            allowDeselect={false}
            onChange={(v) => setYear(Number(v ?? initialYear))}
            disabled={sync.isPending}
          />
        </Group>
        {sync.isPending ? (
          <Stack gap={4} data-testid="sync-progress">
            <Text size="sm">
              Syncing {state} {year}...
            </Text>
            <Progress value={100} animated striped aria-label="Sync progress" />
          </Stack>
        ) : null}
        {result ? (
          <Alert color="green" variant="light" title="Sync complete" data-testid="sync-result">
            {result.added} added, {result.updated} updated — {result.holidays.length} official holidays for{' '}
            {state} {year}.
          </Alert>
        ) : null}
        {sync.isError ? (
          <Alert color="red" variant="light" role="alert">
            {sync.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(result ? year : undefined)}>
            {result ? 'Done' : 'Cancel'}
          </Button>
          <Button loading={sync.isPending} onClick={() => sync.mutate({ state, year })}>
            {result ? 'Sync again' : 'Sync'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
