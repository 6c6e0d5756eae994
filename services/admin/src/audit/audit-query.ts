import { z } from 'zod';
import { AUDIT_ROLES, isValidDate, type Principal } from '@venue/contracts';
import { isUuid, limitParam, pageParam, type Tx } from '@venue/service-kit';
import { pagingQueryFields } from '@venue/service-kit/paging';
import { widenToAllTenants } from '../users/account-admin.ts';

/**
 * Spec 01 §3, plus what the services publish besides: `login_failed` (a failed sign-in on an
 * account, shown to its tenant so the owner sees who is guessing, issue 8), every booking status
 * move (bookings' status/transition.ts), a request's changes asked for (holds/hold-routes.ts) and
 * a customer anonymised (customers/). `GET /api/audit/actions` adds any other action found in the
 * caller's entries, so the filter never hides one.
 */
export const AUDIT_ACTIONS = [
  'user_created',
  'user_updated',
  'user_deleted',
  'user_login',
  'user_logout',
  'login_failed',
  'booking_created',
  'booking_updated',
  'booking_accepted',
  'booking_changes_requested',
  'booking_confirmed',
  'booking_completed',
  'booking_cancelled',
  'booking_expired',
  'hall_settings_updated',
  'pricing_updated',
  'resource_created',
  'resource_updated',
  'resource_deleted',
  'customer_created',
  'customer_updated',
  'customer_anonymised',
  'invoice_created',
  'invoice_paid',
  'report_generated',
  'settings_updated',
  'role_assigned',
  'permission_granted',
  'permission_revoked',
  'system_config_changed',
  'deposit_marked_paid',
  'deposit_marked_unpaid',
] as const;

export const AUDIT_TARGET_TYPES = [
  'user',
  'booking',
  'hall',
  'resource',
  'customer',
  'invoice',
  'report',
  'settings',
  'pricing',
  'system',
] as const;

export const AUDIT_PAGE_SIZE = 50;

const DATE_MESSAGE = 'Dates must be YYYY-MM-DD or an ISO timestamp.';
const ISO_INSTANT =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;

/**
 * A real calendar day, or an ISO instant on one. `Date.parse` alone lets 2026-02-30 through
 * (it rolls over to March), which PostgreSQL then refuses with a 500.
 */
export function isAuditDate(v: string): boolean {
  if (isValidDate(v)) return true;
  const m = ISO_INSTANT.exec(v);
  return m !== null && isValidDate(m[1]) && !Number.isNaN(Date.parse(v));
}

const date = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .max(40, DATE_MESSAGE)
  .refine((v) => v === '' || isAuditDate(v), DATE_MESSAGE)
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

export const auditFilterSchema = z.object({
  startDate: date,
  endDate: date,
  action: optionalText,
  targetType: optionalText,
  userId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isUuid(v), 'userId must be a user id.'),
  userRole: z
    .enum(AUDIT_ROLES, { error: 'Unknown role.' })
    .or(z.literal(''))
    .optional()
    .transform((v) => (v ? v : undefined)),
});

export const auditListSchema = auditFilterSchema.extend({
  page: pageParam(),
  // Outside 1–100 is a 400, never capped: the answer's `limit` is always the one asked for.
  limit: limitParam(100, AUDIT_PAGE_SIZE),
  sortBy: z.enum(['timestamp'], { error: 'Entries can only be sorted by timestamp.' }).default('timestamp'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc.' }).default('desc'),
  ...pagingQueryFields,
});

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

export function auditView(r: AuditRow) {
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
