import {
  forbidden,
  keysetAfterCursor,
  keysetColumns,
  keysetOrder,
  kyselyOf,
  parseQuery,
  sql,
  requireAuth,
  withTx,
  requirePermission,
  toCsv,
  venueToday,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import {
  allOf,
  applyScope,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  auditFilterSchema,
  auditListSchema,
  auditView,
  filterClause,
  tenantTimeZone,
  type AuditCondition,
  type AuditFilter,
} from './audit-query.ts';
import { COUNT_CAP, decodeCursor, keysetPage, wantsTotal, type KeysetKey } from '@venue/service-kit/paging';
import type { AdminDb } from '../db/schema.ts';
import { verifyChains } from './chain-verify.ts';

export const VERIFY_DENIED = 'Only hall owners and super admins can verify the audit log.';
/** A CSV export is a download of what the screen can page through, bounded for the server's sake. */
export const CSV_MAX_ROWS = 50_000;

/**
 * The list's order, newest first by default: time, then the tenant's chain sequence, then the
 * tenant (the super admin's list spans tenants, whose sequences repeat). Stored as the indexes
 * of migrations 008 and 010 hold them, so either order reads one of them.
 */
const AUDIT_KEYS: KeysetKey[] = [
  { expr: 'occurred_at', type: 'timestamptz', index: 'DESC' },
  { expr: 'seq', type: 'bigint', index: 'DESC' },
  { expr: 'tenant_id', type: 'uuid', index: 'DESC' },
];

async function scopedWhere(ctx: AppContext, filter: AuditFilter) {
  const where: AuditCondition[] = [];
  const { principal, tx } = ctx.state;
  const timeZone = await tenantTimeZone(tx, principal.tenantId);
  await applyScope(tx, principal, where);
  filterClause(filter, timeZone, where);
  return { where, timeZone };
}

/** The caller's entries (scope and filters applied) in the request transaction. */
function entries(ctx: AppContext, where: AuditCondition[]) {
  return kyselyOf<AdminDb>(ctx.state.tx)
    .selectFrom('audit_log')
    .$if(where.length > 0, (qb) => qb.where(allOf(where)));
}

/**
 * Counts the matches up to COUNT_CAP, as the kit's cappedCount does: bounded work however big
 * the tenant; past the cap the answer is the cap with `totalIsEstimate: true` ("10,000+").
 */
async function cappedAuditCount(ctx: AppContext, where: AuditCondition[]) {
  const capped = entries(ctx, where)
    .select((eb) => eb.lit(1).as('one'))
    .limit(COUNT_CAP + 1);
  const row = await kyselyOf<AdminDb>(ctx.state.tx)
    .selectFrom(capped.as('capped'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, totalIsEstimate: true } : { total: n, totalIsEstimate: false };
}

function countMap(
  rows: Array<{ key: string | null; n: number | string }>,
  fallback: string,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.key ?? fallback] = (out[r.key ?? fallback] ?? 0) + Number(r.n);
  return out;
}

export function auditRoutes(router: AppRouter): void {
  const guard = requirePermission('audit');

  router.get('/api/audit', requireAuth, guard, withTx, async (ctx: AppContext) => {
    const q = parseQuery(ctx, auditListSchema);
    const { where } = await scopedWhere(ctx, q);
    const order = q.sortOrder;
    // A tenant's entries come off audit_log_list_idx (or the actor/action ones, migration 008)
    // in this order; the super admin's off audit_log_all_idx.
    const conditions = [...where];
    if (q.cursor) {
      const after = decodeCursor(q.cursor, q.sortBy, order, AUDIT_KEYS);
      conditions.push(() => keysetAfterCursor(AUDIT_KEYS, order, after));
    }
    const rows = await entries(ctx, conditions)
      .selectAll()
      .select(keysetColumns(AUDIT_KEYS))
      .orderBy(keysetOrder(AUDIT_KEYS, order))
      .limit(q.limit + 1)
      .offset(q.cursor ? 0 : (q.page - 1) * q.limit)
      .execute();
    const page = keysetPage(rows, q.limit, q.sortBy, order, AUDIT_KEYS);
    // Counted up to COUNT_CAP, and only when asked or paging by number (platform contract, Paging).
    const counted = wantsTotal(q) ? await cappedAuditCount(ctx, where) : null;
    ctx.body = {
      auditLogs: page.rows.map(auditView),
      pagination: {
        page: q.cursor ? null : q.page,
        limit: q.limit,
        total: counted?.total ?? null,
        totalPages: counted ? Math.ceil(counted.total / q.limit) : null,
        totalIsEstimate: counted?.totalIsEstimate ?? false,
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
      },
    };
  });

  router.get('/api/audit/stats', requireAuth, guard, withTx, async (ctx: AppContext) => {
    const q = parseQuery(ctx, auditFilterSchema.pick({ startDate: true, endDate: true }));
    const { where } = await scopedWhere(ctx, q);
    // One statement, so one snapshot: under READ COMMITTED three separate GROUP BYs could each
    // see a different set of rows while the relay is still delivering entries.
    const rows = await entries(ctx, where)
      .select((eb) => {
        const grouped = (column: 'actor_email' | 'action') => eb(eb.fn<number>('GROUPING', [column]), '=', 0);
        return [
          eb
            .case()
            .when(grouped('actor_email'))
            .then(eb.val('users'))
            .when(grouped('action'))
            .then(eb.val('actions'))
            .else(eb.val('targets'))
            .end()
            .as('tally'),
          eb
            .case()
            .when(grouped('actor_email'))
            .then(eb.ref('actor_email'))
            .when(grouped('action'))
            .then(eb.ref('action'))
            .else(eb.ref('target_type'))
            .end()
            .as('key'),
          eb.fn.countAll<number | string>().as('n'),
        ];
      })
      // sql: GROUPING SETS has no builder form
      .groupBy(sql`GROUPING SETS ((actor_email), (action), (target_type))`)
      .execute();
    const tally = (name: string) => rows.filter((r) => r.tally === name);
    const totalLogs = tally('actions').reduce((sum, r) => sum + Number(r.n), 0);
    ctx.body = {
      totalLogs,
      usersCount: countMap(tally('users'), 'system'),
      actionsCount: countMap(tally('actions'), 'unknown'),
      targetTypesCount: countMap(tally('targets'), 'unknown'),
    };
  });

  router.get('/api/audit/actions', requireAuth, guard, withTx, async (ctx: AppContext) => {
    // The known list, then any other action the caller's entries hold (a publisher added one
    // since): the filter offers every action that occurs.
    const { where } = await scopedWhere(ctx, {});
    const rows = await entries(ctx, where).select('action').distinct().orderBy('action').execute();
    const known = new Set<string>(AUDIT_ACTIONS);
    ctx.body = { actions: [...AUDIT_ACTIONS, ...rows.map((r) => r.action).filter((a) => !known.has(a))] };
  });

  router.get('/api/audit/target-types', requireAuth, guard, withTx, (ctx: AppContext) => {
    ctx.body = { targetTypes: [...AUDIT_TARGET_TYPES] };
  });

  router.get('/api/audit/export.csv', requireAuth, guard, withTx, async (ctx: AppContext) => {
    const q = parseQuery(ctx, auditFilterSchema);
    const { where, timeZone } = await scopedWhere(ctx, q);
    const rows = await entries(ctx, where)
      .selectAll()
      .orderBy('occurred_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(CSV_MAX_ROWS)
      .execute();
    const header = [
      'Timestamp',
      'User Email',
      'User Role',
      'Action',
      'Target Type',
      'Target',
      'IP Address',
      'Additional Info',
      'Changes',
    ];
    // quoted, formula-guarded, CRLF, with a byte-order mark (the kit's one CSV writer)
    const csv = toCsv(
      header,
      rows
        .map(auditView)
        .map((r) => [
          r.timestamp,
          r.userEmail,
          r.userRole,
          r.action,
          r.targetType,
          r.target,
          r.ipAddress,
          r.additionalInfo,
          r.changes,
        ]),
    );
    // the day is the tenant's, not the server's
    const day = venueToday(new Date(), timeZone);
    ctx.set('content-disposition', `attachment; filename="audit-logs-${day}.csv"`);
    ctx.set('cache-control', 'no-store');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
  });

  router.get('/api/audit/verify', requireAuth, withTx, async (ctx: AppContext) => {
    const { role } = ctx.state.principal;
    if (role === 'super_admin') await applyScope(ctx.state.tx, ctx.state.principal, []);
    else if (role !== 'hall_owner') throw forbidden(VERIFY_DENIED);
    ctx.body = await verifyChains(ctx.state.tx);
  });
}
