import type { z } from 'zod';
import type { Principal } from '@venue/contracts';
import type { AuditEntry, auditFilterSchema } from '@venue/contracts/admin';
import {
  kyselyOf,
  sql,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
  type Tx,
} from '@venue/service-kit';
import type { AdminDb } from '../db/schema.ts';
import { widenToAllTenants } from '../users/account-rows.ts';

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

/** One condition of an audit query's WHERE; a query ANDs them all. */
export type AuditCondition = (eb: ExpressionBuilder<AdminDb, 'audit_log'>) => Expression<SqlBool>;

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
export async function applyScope(tx: Tx, principal: Principal, where: AuditCondition[]): Promise<void> {
  if (principal.role === 'super_admin') {
    await widenToAllTenants(tx);
    return;
  }
  where.push((eb) => eb('tenant_id', '=', principal.tenantId));
  if (principal.role !== 'hall_owner') where.push((eb) => eb('actor_id', '=', principal.userId));
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * WHERE clause for the filters. A date without a time means that whole day in the tenant's
 * time zone, so "end date 3 March" includes the evening of 3 March in Sydney.
 */
export function filterClause(filter: AuditFilter, timeZone: string, where: AuditCondition[]): void {
  const { startDate, endDate, action, targetType, userId, userRole } = filter;
  // sql: the day's start and the next day's in the tenant's zone (AT TIME ZONE has no builder form)
  const dayStart = (day: string) => sql<Date>`(${day}::date::timestamp AT TIME ZONE ${timeZone})`;
  const nextDayStart = (day: string) => sql<Date>`((${day}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
  if (startDate) {
    where.push((eb) =>
      DATE_ONLY.test(startDate)
        ? eb('occurred_at', '>=', dayStart(startDate))
        : eb('occurred_at', '>=', eb.cast<Date>(eb.val(startDate), 'timestamptz')),
    );
  }
  if (endDate) {
    where.push((eb) =>
      DATE_ONLY.test(endDate)
        ? eb('occurred_at', '<', nextDayStart(endDate))
        : eb('occurred_at', '<=', eb.cast<Date>(eb.val(endDate), 'timestamptz')),
    );
  }
  if (action) where.push((eb) => eb('action', '=', action));
  if (targetType) where.push((eb) => eb('target_type', '=', targetType));
  if (userId) where.push((eb) => eb('actor_id', '=', eb.cast<string>(eb.val(userId), 'uuid')));
  if (userRole) where.push((eb) => eb('actor_role', '=', userRole));
}

/** The conditions ANDed, for `.where(…)` (apply only when there is at least one). */
export function allOf(where: AuditCondition[]): AuditCondition {
  return (eb) => eb.and(where.map((c) => c(eb)));
}

/** The caller's tenant time zone, used for date-only filters and the CSV file name. */
export async function tenantTimeZone(tx: Tx, tenantId: string): Promise<string> {
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('user_settings')
    .select('timezone')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.timezone ?? 'Australia/Sydney';
}
