import type { z } from 'zod';
import type { Principal } from '@venue/contracts';
import type { AuditEntry, auditFilterSchema } from '@venue/contracts/admin';
import type { Tx } from '@venue/service-kit';
import { widenToAllTenants } from '../users/account-admin.ts';

// The filters, actions and target types are the API contract's (contracts admin/requests.ts).
export {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  AUDIT_TARGET_TYPES,
  auditFilterSchema,
  auditListSchema,
  isAuditDate,
} from '@venue/contracts/admin';

export type AuditFilter = Partial<z.output<typeof auditFilterSchema>>;

export interface AuditRow {
  id: string;
  tenant_id: string;
  occurred_at: Date | string;
  source: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  action: string;
  target_type: string;
  target: string | null;
  target_label?: string | null;
  ip_address: string | null;
  additional_info: string | null;
  changes: unknown;
}

export function auditView(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    timestamp: new Date(r.occurred_at).toISOString(),
    userId: r.actor_id,
    userEmail: r.actor_email,
    userRole: r.actor_role,
    action: r.action,
    target: r.target,
    /** The target in words as the publishing service saw it; null on older entries. */
    targetLabel: r.target_label ?? null,
    targetType: r.target_type,
    ipAddress: r.ip_address,
    additionalInfo: r.additional_info,
    changes: typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes,
    source: r.source,
  };
}

/**
 * Scoping on the server (the client only filters what it was given): the super admin sees every
 * tenant, a hall owner their tenant (themselves and their sub-users; row-level security already
 * limits the transaction to it), a sub-user only their own entries.
 */
export async function applyScope(
  tx: Tx,
  principal: Principal,
  where: string[],
  params: unknown[],
): Promise<void> {
  if (principal.role === 'super_admin') {
    await widenToAllTenants(tx);
    return;
  }
  params.push(principal.tenantId);
  where.push(`tenant_id = $${params.length}`);
  if (principal.role !== 'hall_owner') {
    params.push(principal.userId);
    where.push(`actor_id = $${params.length}`);
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * WHERE clause for the filters. A date without a time means that whole day in the tenant's
 * time zone, so "end date 3 March" includes the evening of 3 March in Sydney.
 */
export function filterClause(
  filter: AuditFilter,
  timeZone: string,
  where: string[],
  params: unknown[],
): void {
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (filter.startDate) {
    if (DATE_ONLY.test(filter.startDate)) {
      params.push(timeZone);
      add((n) => `occurred_at >= ($${n}::date::timestamp AT TIME ZONE $${n - 1})`, filter.startDate);
    } else add((n) => `occurred_at >= $${n}::timestamptz`, filter.startDate);
  }
  if (filter.endDate) {
    if (DATE_ONLY.test(filter.endDate)) {
      params.push(timeZone);
      add((n) => `occurred_at < (($${n}::date + 1)::timestamp AT TIME ZONE $${n - 1})`, filter.endDate);
    } else add((n) => `occurred_at <= $${n}::timestamptz`, filter.endDate);
  }
  if (filter.action) add((n) => `action = $${n}`, filter.action);
  if (filter.targetType) add((n) => `target_type = $${n}`, filter.targetType);
  if (filter.userId) add((n) => `actor_id = $${n}::uuid`, filter.userId);
  if (filter.userRole) add((n) => `actor_role = $${n}`, filter.userRole);
}

export function whereSql(where: string[]): string {
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

/** The caller's tenant time zone, used for date-only filters and the CSV file name. */
export async function tenantTimeZone(tx: Tx, tenantId: string): Promise<string> {
  const { rows } = await tx.query<{ timezone: string }>(
    `SELECT timezone FROM user_settings WHERE tenant_id = $1`,
    [tenantId],
  );
  return rows[0]?.timezone ?? 'Australia/Sydney';
}
