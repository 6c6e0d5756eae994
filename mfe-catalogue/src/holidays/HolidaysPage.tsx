import { lazy, useMemo, useRef, useState } from 'react';
import { Button, Group, Select, VisuallyHidden } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { venueToday } from '@venue/ui/venue-day';
import { EmptyState, PageHeader, useSession, downloadText, OnDemand } from '@venue/ui';
import type { Holiday, HolidayScope } from '../api/types.ts';
import { useDeleteHoliday, useHolidays, useImportHolidays } from '../api/hooks.ts';
import { useCanManage } from '../shared/access.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { listStatus } from '../shared/list-status.ts';
import { SectionNav } from '../shared/SectionNav.tsx';
import { ReadOnlyNotice } from '../shared/ReadOnlyNotice.tsx';
import { ConfirmDialog } from '@venue/ui/confirm-dialog';
import { ChipChoice, type ChoiceOption } from '@venue/ui/choice';
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

// The dialogs' form code (react-hook-form, the contract's schemas) loads when one first opens.
const HolidayDialog = lazy(() => import('./HolidayDialog.tsx').then((m) => ({ default: m.HolidayDialog })));
const SyncDialog = lazy(() => import('./SyncDialog.tsx').then((m) => ({ default: m.SyncDialog })));

const SYNC_HINT = 'Sync with the state calendar to add the official public holidays.';

const IMPACTS: ChoiceOption<Impact>[] = [
  { value: 'surcharge', label: 'Surcharge' },
  { value: 'blockout', label: 'Block-out' },
  { value: 'restricted', label: 'Restricted' },
];
const SCOPES = (Object.keys(SCOPE_LABELS) as HolidayScope[]).map((value) => ({
  value,
  label: SCOPE_LABELS[value],
}));

export function HolidaysPage() {
  const canManage = useCanManage();
  const { settings } = useSession();
  const [year, setYear] = useState(() => defaultYear(venueToday(settings.timezone)));
  const query = useHolidays(year);
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

  return (
    <>
      <HolidaysHeader
        year={year}
        canManage={canManage}
        onSync={() => setSyncOpen(true)}
        onNew={() => setEditing({ holiday: null })}
      />
      <SectionNav area="resources" current="/ResourcesHolidays" />
      {canManage ? null : <ReadOnlyNotice area="resources" />}
      <HolidayFilters
        year={year}
        onYear={setYear}
        search={search}
        onSearch={setSearch}
        scopes={scopes}
        onScopes={setScopes}
        impacts={impacts}
        onImpacts={setImpacts}
      />
      <QueryStatus query={query} {...listStatus('holidays')}>
        {() =>
          rows.length === 0 ? (
            <EmptyState
              title={filtered ? 'No holidays match these filters' : `No holidays for ${year} yet`}
              description={filtered || !canManage ? undefined : SYNC_HINT}
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
      <DeleteHolidayDialog holiday={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** The title with Sync, Import ICS (through the hidden file input), Export ICS and New Holiday. */
function HolidaysHeader({
  year,
  canManage,
  onSync,
  onNew,
}: {
  year: number;
  canManage: boolean;
  onSync: () => void;
  onNew: () => void;
}) {
  const { importIcs, fileInput, exportIcs, onFile } = useIcsFiles(year);
  return (
    <>
      <PageHeader
        title="Public Holidays"
        subtitle="Public holidays that affect availability and pricing."
        actions={
          <>
            {canManage ? (
              <>
                <Button variant="default" onClick={onSync}>
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
            {canManage ? <Button onClick={onNew}>New Holiday</Button> : null}
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
    </>
  );
}

/** Export of the year's holidays as an ICS file, and import of one picked from the file input. */
function useIcsFiles(year: number) {
  const { api } = useSession();
  const importIcs = useImportHolidays();
  const fileInput = useRef<HTMLInputElement>(null);

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

  return { importIcs, fileInput, exportIcs, onFile };
}

/** Year, search by name, and the scope and impact chips. */
function HolidayFilters({
  year,
  onYear,
  search,
  onSearch,
  scopes,
  onScopes,
  impacts,
  onImpacts,
}: {
  year: number;
  onYear: (year: number) => void;
  search: string;
  onSearch: (search: string) => void;
  scopes: HolidayScope[];
  onScopes: (scopes: HolidayScope[]) => void;
  impacts: Impact[];
  onImpacts: (impacts: Impact[]) => void;
}) {
  return (
    <Group align="flex-end" mb="md" wrap="wrap">
      <Select
        label="Year"
        data={YEARS.map(String)}
        value={String(year)}
        allowDeselect={false}
        onChange={(v) => onYear(Number(v ?? year))}
        w={110}
      />
      <SearchField label="Search by name" value={search} onSearch={onSearch} w={220} />
      <ChipChoice label="Scope" multiple options={SCOPES} value={scopes} onChange={onScopes} />
      <ChipChoice label="Impact" multiple options={IMPACTS} value={impacts} onChange={onImpacts} />
    </Group>
  );
}

function DeleteHolidayDialog({ holiday, onClose }: { holiday: Holiday | null; onClose: () => void }) {
  const remove = useDeleteHoliday();
  return (
    <ConfirmDialog
      opened={holiday !== null}
      confirmLabel="Delete"
      confirmColor="red"
      title="Delete Holiday"
      message={`Delete ${holiday?.name ?? 'this holiday'}? Its surcharge no longer applies to new prices.`}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (holiday) remove.mutate(holiday.id, { onSuccess: onClose });
      }}
    />
  );
}
