import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import { useFlash } from '../shared/flash.tsx';
import { messageOr } from '../shared/errors.ts';
import { exportAuditCsv } from './audit-export.ts';
import { actorOf, type People } from './audit-words.ts';
import { useAuditPeople } from './useAuditPeople.ts';
import {
  EMPTY_FILTERS,
  fetchAuditPage,
  fetchAuditStats,
  humanise,
  labelOf,
  type AuditEntry,
  type AuditFilters,
} from './audit-api.ts';

/**
 * The Audit Log's state and requests: the server-side filters, the page by cursor, the search of
 * the loaded page, the entry opened, the export, and the page count kept while paging on.
 */
export function useAuditLog() {
  const flash = useFlash(4000);
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_FILTERS);
  // Next follows the page's nextCursor; the trail of cursors taken is what Previous goes back on.
  const [trail, setTrail] = useState<string[]>([]);
  const cursor = trail[trail.length - 1] ?? null;
  const page = trail.length + 1;
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const { logs, stats, actions, targetTypes } = useAuditQueries(filters, cursor);

  const entries = useMemo(() => logs.data?.auditLogs ?? [], [logs.data]);
  const people = useAuditPeople();
  const shown = useMemo(() => searchEntries(entries, search, people), [entries, search, people]);

  const setFilter = (key: keyof AuditFilters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setTrail([]);
  };
  const { known, totalPages, nextCursor } = usePageCount(logs, filters, page);
  const { exporting, doExport } = useAuditExport(filters, flash);
  const clear = () => {
    setFilters(EMPTY_FILTERS);
    setSearch('');
    setTrail([]);
  };

  return {
    flash,
    filters,
    setFilter,
    clear,
    search,
    setSearch,
    page,
    setTrail,
    selected,
    setSelected,
    exporting,
    logs,
    stats,
    actions,
    targetTypes,
    entries,
    people,
    shown,
    doExport,
    known,
    totalPages,
    nextCursor,
  };
}

/** The page of entries, its statistics, and the actions and target types the filters offer. */
function useAuditQueries(filters: AuditFilters, cursor: string | null) {
  const { api } = useSession();
  const logs = useQuery({
    queryKey: ['admin', 'audit', 'logs', filters, cursor],
    queryFn: () => fetchAuditPage(api, filters, cursor),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const stats = useQuery({
    queryKey: ['admin', 'audit', 'stats', filters.startDate, filters.endDate],
    queryFn: () => fetchAuditStats(api, filters),
    staleTime: 0,
  });
  const actions = useQuery({
    queryKey: ['admin', 'audit', 'actions'],
    queryFn: async () => (await api.api<{ actions: string[] }>('/api/audit/actions')).actions ?? [],
    staleTime: Infinity,
  });
  const targetTypes = useQuery({
    queryKey: ['admin', 'audit', 'target-types'],
    queryFn: async () =>
      (await api.api<{ targetTypes: string[] }>('/api/audit/target-types')).targetTypes ?? [],
    staleTime: Infinity,
  });
  return { logs, stats, actions, targetTypes };
}

function usePageCount(logs: ReturnType<typeof useAuditQueries>['logs'], filters: AuditFilters, page: number) {
  const pagination = logs.data?.pagination;
  // The first page brings the count; later pages (by cursor) are not counted again, so the
  // figure is kept for these filters while paging on.
  const [counted, setCounted] = useState<{ filters: AuditFilters; pages: number; estimate: boolean } | null>(
    null,
  );
  if (
    pagination?.totalPages != null &&
    !logs.isPlaceholderData &&
    (counted?.filters !== filters || counted.pages !== pagination.totalPages)
  )
    setCounted({ filters, pages: pagination.totalPages, estimate: pagination.totalIsEstimate === true });
  const known = counted?.filters === filters ? counted : null;
  const totalPages = Math.max(1, known?.pages ?? 1, page);
  const nextCursor = logs.isPlaceholderData ? null : (pagination?.nextCursor ?? null);
  return { known, totalPages, nextCursor };
}

// Search covers only the loaded page (spec 01 §2); the filters go to the server. Each entry
// carries its target in words (labelOf), stored when it was written: nothing to look up.
function searchEntries(entries: AuditEntry[], search: string, people: People): AuditEntry[] {
  const q = search.trim().toLowerCase();
  if (!q) return entries;
  return entries.filter((e) =>
    [
      e.userEmail,
      actorOf(e, people).name,
      e.action,
      humanise(e.action),
      labelOf(e),
      e.target,
      e.additionalInfo,
    ]
      .filter(Boolean)
      .some((v) => String(v).toLowerCase().includes(q)),
  );
}

/** Export (CSV) of everything the filters match, with its flash. */
function useAuditExport(filters: AuditFilters, flash: ReturnType<typeof useFlash>) {
  const { api } = useSession();
  const [exporting, setExporting] = useState(false);
  const doExport = async () => {
    setExporting(true);
    try {
      await exportAuditCsv(api, filters);
      flash.success('Audit log exported.');
    } catch (error) {
      flash.error(messageOr(error, 'The export failed. Please try again.'));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, doExport };
}
