import type { ApiClient } from '@venue/ui';

// The answers are the API contract's (contracts admin/responses.ts).
import type { AuditEntry, AuditPage, AuditStats } from '@venue/contracts/admin';

export type { AuditEntry, AuditPage, AuditStats, ChainReport as VerifyResult } from '@venue/contracts/admin';

export interface AuditFilters {
  startDate: string;
  endDate: string;
  action: string;
  targetType: string;
  userRole: string;
}

export const EMPTY_FILTERS: AuditFilters = {
  startDate: '',
  endDate: '',
  action: '',
  targetType: '',
  userRole: '',
};
export const PAGE_SIZE = 50;

export function filterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
  return params;
}

/**
 * One page: the first (counted), or the one after `cursor` (a previous page's nextCursor, read
 * straight off the list's index however deep, and not counted again).
 */
export function fetchAuditPage(
  api: ApiClient,
  filters: AuditFilters,
  cursor: string | null,
): Promise<AuditPage> {
  const params = filterParams(filters);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(PAGE_SIZE));
  params.set('sortBy', 'timestamp');
  params.set('sortOrder', 'desc');
  return api.api<AuditPage>(`/api/audit?${params.toString()}`);
}

export function fetchAuditStats(api: ApiClient, filters: AuditFilters): Promise<AuditStats> {
  const params = new URLSearchParams();
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  const qs = params.toString();
  return api.api<AuditStats>(`/api/audit/stats${qs ? `?${qs}` : ''}`);
}

/** Top n of a name → count map, largest first. */
export function topN(counts: Record<string, number> | undefined, n = 3): Array<[string, number]> {
  return Object.entries(counts ?? {})
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n);
}

export const ROLE_VIEW: Record<string, string> = {
  super_admin: 'Super Admin View',
  hall_owner: 'Hall Owner View',
  sub_user: 'Sub-User View',
};

export const AUDIT_ROLE_OPTIONS = [
  { value: 'super_admin', label: 'Super Admin' },
  { value: 'hall_owner', label: 'Hall Owner' },
  { value: 'sub_user', label: 'Sub-User' },
  { value: 'customer', label: 'Customer' },
];

/** What the Target column shows: the stored label, else the raw target. */
export function labelOf(entry: AuditEntry): string {
  return entry.targetLabel || entry.target || '';
}

export const humanise = (s: string) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** 'hall_owner' → 'Hall Owner', as the role filter words it; unknown roles are humanised. */
export function roleName(role: string | null | undefined): string {
  if (!role) return '';
  return AUDIT_ROLE_OPTIONS.find((o) => o.value === role)?.label ?? humanise(role);
}

/** The deposit amount of a deposit action, in cents, if the entry carries one. */
export function depositCents(entry: AuditEntry): number | null {
  const raw = entry.changes?.deposit_amount;
  const value = raw && typeof raw === 'object' && 'new' in raw ? (raw as { new: unknown }).new : raw;
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}
