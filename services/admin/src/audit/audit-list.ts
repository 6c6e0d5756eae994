/**
 * The Audit Log's reading (spec 01 §7): the caller's entries (super admin: all; owner: the
 * venue; staff: their own) under the filters, counted up to a cap, for the audit handlers.
 */
import type { Principal } from '@venue/contracts';
import { kyselyOf, type Tx } from '@venue/service-kit';
import {
  applyScope,
  allOf,
  filterClause,
  tenantTimeZone,
  type AuditCondition,
  type AuditFilter,
} from './audit-query.ts';
import type { KeysetKey } from '@venue/service-kit/paging';
import type { AdminDb } from '../db/schema.ts';

/**
 * The list's order, newest first by default: time, then the tenant's chain sequence, then the
 * tenant (the super admin's list spans tenants, whose sequences repeat). Stored as the indexes
 * of migrations 008 and 010 hold them, so either order reads one of them.
 */
export const AUDIT_KEYS: KeysetKey[] = [
  { expr: 'occurred_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'seq', type: 'bigint', index: 'DESC' },
  { expr: 'tenant_id', type: 'uuid', index: 'DESC' },
];

/** The caller's scope (whose entries they may see) and the filters, as conditions. */
export async function scopedWhere(tx: Tx, principal: Principal, filter: AuditFilter) {
  const where: AuditCondition[] = [];
  const timeZone = await tenantTimeZone(tx, principal.tenantId);
  await applyScope(tx, principal, where);
  filterClause(filter, timeZone, where);
  return { where, timeZone };
}

/** The caller's entries (scope and filters applied) in the request transaction. */
export function entries(tx: Tx, where: AuditCondition[]) {
  return kyselyOf<AdminDb>(tx)
    .selectFrom('audit_log')
    .$if(where.length > 0, (qb) => qb.where(allOf(where)));
}

export function countMap(
  rows: Array<{ key: string | null; n: number | string }>,
  fallback: string,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.key ?? fallback] = (out[r.key ?? fallback] ?? 0) + Number(r.n);
  return out;
}
