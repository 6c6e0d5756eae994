import {
  forbidden,
  parseQuery,
  requireAuth,
  withTx,
  requirePermission,
  toCsv,
  venueToday,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import {
  applyScope,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  auditFilterSchema,
  auditListSchema,
  auditView,
  filterClause,
  tenantTimeZone,
  whereSql,
  type AuditFilter,
  type AuditRow,
} from './audit-query.ts';
import {
  cappedCount,
  decodeCursor,
  keysetAfter,
  keysetOrderBy,
  keysetPage,
  keysetSelect,
  wantsTotal,
  type KeysetKey,
} from '@venue/service-kit/paging';
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
  const where: string[] = [];
  const params: unknown[] = [];
  const { principal, tx } = ctx.state;
  const timeZone = await tenantTimeZone(tx, principal.tenantId);
  await applyScope(tx, principal, where, params);
  filterClause(filter, timeZone, where, params);
  return { where: whereSql(where), params, timeZone };
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
    const { where, params } = await scopedWhere(ctx, q);
    const tx = ctx.state.tx;
    const order = q.sortOrder;
    // A tenant's entries come off audit_log_list_idx (or the actor/action ones, migration 008)
    // in this order; the super admin's off audit_log_all_idx.
    const conditions = where ? [where.slice('WHERE '.length)] : [];
    const pageParams = [...params];
    if (q.cursor) {
      const after = decodeCursor(q.cursor, q.sortBy, order, AUDIT_KEYS);
      conditions.push(keysetAfter(AUDIT_KEYS, order, after, (v) => `$${pageParams.push(v)}`));
    }
    const { rows } = await tx.query<AuditRow>(
      `SELECT *, ${keysetSelect(AUDIT_KEYS)} FROM audit_log ${whereSql(conditions)}
        ${keysetOrderBy(AUDIT_KEYS, order)}
        LIMIT ${q.limit + 1} OFFSET ${q.cursor ? 0 : (q.page - 1) * q.limit}`,
      pageParams,
    );
    const page = keysetPage(rows, q.limit, q.sortBy, order, AUDIT_KEYS);
    // Counted up to COUNT_CAP, and only when asked or paging by number (platform contract, Paging).
    const counted = wantsTotal(q) ? await cappedCount(tx, `FROM audit_log ${where}`, params) : null;
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
    const { where, params } = await scopedWhere(ctx, q);
    // One statement, so one snapshot: under READ COMMITTED three separate GROUP BYs could each
    // see a different set of rows while the relay is still delivering entries.
    const { rows } = await ctx.state.tx.query<{ tally: string; key: string | null; n: number | string }>(
      `SELECT CASE WHEN GROUPING(actor_email) = 0 THEN 'users'
                   WHEN GROUPING(action) = 0 THEN 'actions' ELSE 'targets' END AS tally,
              CASE WHEN GROUPING(actor_email) = 0 THEN actor_email
                   WHEN GROUPING(action) = 0 THEN action ELSE target_type END AS key,
              count(*) AS n
         FROM audit_log ${where}
        GROUP BY GROUPING SETS ((actor_email), (action), (target_type))`,
      params,
    );
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
    const { where, params } = await scopedWhere(ctx, {});
    const { rows } = await ctx.state.tx.query<{ action: string }>(
      `SELECT DISTINCT action FROM audit_log ${where} ORDER BY action`,
      params,
    );
    const known = new Set<string>(AUDIT_ACTIONS);
    ctx.body = { actions: [...AUDIT_ACTIONS, ...rows.map((r) => r.action).filter((a) => !known.has(a))] };
  });

  router.get('/api/audit/target-types', requireAuth, guard, withTx, (ctx: AppContext) => {
    ctx.body = { targetTypes: [...AUDIT_TARGET_TYPES] };
  });

  router.get('/api/audit/export.csv', requireAuth, guard, withTx, async (ctx: AppContext) => {
    const q = parseQuery(ctx, auditFilterSchema);
    const { where, params, timeZone } = await scopedWhere(ctx, q);
    const { rows } = await ctx.state.tx.query<AuditRow>(
      `SELECT * FROM audit_log ${where} ORDER BY occurred_at DESC, seq DESC LIMIT ${CSV_MAX_ROWS}`,
      params,
    );
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
    if (role === 'super_admin') await applyScope(ctx.state.tx, ctx.state.principal, [], []);
    else if (role !== 'hall_owner') throw forbidden(VERIFY_DENIED);
    ctx.body = await verifyChains(ctx.state.tx);
  });
}
