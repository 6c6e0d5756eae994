import { lazy, useMemo, useRef, useState } from 'react';
import { Button, Chip, Group, Select, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { EmptyState, PageHeader, useSession } from '@venue/ui';
import type { Holiday, HolidayScope } from '../api/types.ts';
import { useDeleteHoliday, useHolidays, useImportHolidays } from '../api/hooks.ts';
import { useCanManage } from '../shared/access.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { listStatus } from '../shared/list-status.ts';
import { SectionNav } from '../shared/SectionNav.tsx';
import { ReadOnlyNotice } from '../shared/ReadOnlyNotice.tsx';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { downloadText } from '@venue/ui';
import { errorText, notifyError } from '../shared/notify.ts';
import {
  filterHolidays,
  nextHolidaySort,
  SCOPE_LABELS,
  type HolidaySort,
  type Impact,
} from './filterHolidays.ts';
import { HolidaysTable } from './HolidaysTable.tsx';
import { defaultYear, YEARS } from './years.ts';
import { OnDemand } from '../shared/OnDemand.tsx';

// The dialogs' form code (react-hook-form, the contract's schemas) loads when one first opens.
const HolidayDialog = lazy(() => import('./HolidayDialog.tsx').then((m) => ({ default: m.HolidayDialog })));
const SyncDialog = lazy(() => import('./SyncDialog.tsx').then((m) => ({ default: m.SyncDialog })));

const IMPACTS: Array<{ value: Impact; label: string }> = [
  { value: 'surcharge', label: 'Surcharge' },
  { value: 'blockout', label: 'Block-out' },
  { value: 'restricted', label: 'Restricted' },
];

export function HolidaysPage() {
  const { api } = useSession();
  const canManage = useCanManage();
  const [year, setYear] = useState(defaultYear);
  const query = useHolidays(year);
  const remove = useDeleteHoliday();
  const importIcs = useImportHolidays();
  const fileInput = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [scopes, setScopes] = useState<HolidayScope[]>([]);
  const [impacts, setImpacts] = useState<Impact[]>([]);
  const [sort, setSort] = useState<HolidaySort | null>(null);
  const [editing, setEditing] = useState<{ holiday: Holiday | null } | null>(null);
  const [deleting, setDeleting] = useState<Holiday | null>(null);
  const [syncOpen, setSyncOpen] = useState(false);

  const rows = useMemo(
    () => filterHolidays(query.data ?? [], { search, scopes, impacts }, sort),
    [query.data, search, scopes, impacts, sort],
  );
  const filtered = search !== '' || scopes.length > 0 || impacts.length > 0;

  async function exportIcs() {
    try {
      const text = await api.api<string>(`/api/holidays/export.ics?year=${year}`);
      downloadText(text, `public-holidays-${year}.ics`, 'text/calendar');
    } catch (e) {
      notifyError(errorText(e, 'Failed to export holidays'));
    }
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    try {
      importIcs.mutate(await file.text());
    } finally {
      // Allow picking the same file again.
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <>
      <PageHeader
        title="Public Holidays"
        subtitle="Public holidays that affect availability and pricing."
        actions={
          <>
            {canManage ? (
              <>
                <Button variant="default" onClick={() => setSyncOpen(true)}>
                  Sync with the state calendar
                </Button>
                <Button
                  variant="default"
                  loading={importIcs.isPending}
                  onClick={() => fileInput.current?.click()}
                >
                  Import ICS
                </Button>
              </>
            ) : null}
            <Button variant="default" onClick={() => void exportIcs()}>
              Export ICS
            </Button>
            {canManage ? <Button onClick={() => setEditing({ holiday: null })}>New Holiday</Button> : null}
          </>
        }
      />
      <VisuallyHidden>
        <label>
          Import ICS file
          <input
            ref={fileInput}
            type="file"
            accept=".ics,text/calendar"
            onChange={(e) => void onFile(e.currentTarget.files?.[0])}
          />
        </label>
      </VisuallyHidden>
      <SectionNav area="resources" current="/ResourcesHolidays" />
      {canManage ? null : <ReadOnlyNotice area="resources" />}
      <Group align="flex-end" mb="md" wrap="wrap">
        <Select
          label="Year"
          data={YEARS.map(String)}
          value={String(year)}
          allowDeselect={false}
          onChange={(v) => setYear(Number(v ?? year))}
          w={110}
        />
        <TextInput
          label="Search by name"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={220}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="scope-chips">
            Scope
          </Text>
          <Chip.Group multiple value={scopes} onChange={(v) => setScopes(v as HolidayScope[])}>
            <Group gap={6} role="group" aria-labelledby="scope-chips">
              {(Object.keys(SCOPE_LABELS) as HolidayScope[]).map((s) => (
                <Chip key={s} value={s} size="sm">
                  {SCOPE_LABELS[s]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
        <div>
          <Text size="sm" fw={500} mb={4} id="impact-chips">
            Impact
          </Text>
          <Chip.Group multiple value={impacts} onChange={(v) => setImpacts(v as Impact[])}>
            <Group gap={6} role="group" aria-labelledby="impact-chips">
              {IMPACTS.map((i) => (
                <Chip key={i.value} value={i.value} size="sm">
                  {i.label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
      </Group>
      <QueryStatus query={query} {...listStatus('holidays')}>
        {() =>
          rows.length === 0 ? (
            <EmptyState
              title={filtered ? 'No holidays match these filters' : `No holidays for ${year} yet`}
              description={
                filtered || !canManage
                  ? undefined
                  : 'Sync with the state calendar to add the official public holidays.'
              }
            />
          ) : (
            <HolidaysTable
              rows={rows}
              sort={sort}
              onSort={(k) => setSort((s) => nextHolidaySort(s, k))}
              canManage={canManage}
              onEdit={(holiday) => setEditing({ holiday })}
              onDelete={setDeleting}
            />
          )
        }
      </QueryStatus>
      <OnDemand open={editing !== null}>
        <HolidayDialog
          opened={editing !== null}
          holiday={editing?.holiday ?? null}
          onClose={() => setEditing(null)}
        />
      </OnDemand>
      <OnDemand open={syncOpen}>
        <SyncDialog
          opened={syncOpen}
          initialYear={year}
          onClose={(synced) => {
            setSyncOpen(false);
            if (synced) setYear(synced);
          }}
        />
      </OnDemand>
      <ConfirmDialog
        opened={deleting !== null}
        confirmLabel="Delete"
        confirmColor="red"
        title="Delete Holiday"
        message={`Delete ${deleting?.name ?? 'this holiday'}? Its surcharge no longer applies to new prices.`}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
      />
    </>
  );
}
