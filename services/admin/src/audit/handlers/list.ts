import { keysetAfterCursor, keysetColumns, keysetOrder, operation } from '@venue/service-kit';
import { countUpTo, decodeCursor, keysetPage, wantsTotal } from '@venue/service-kit/paging';
import { AUDIT_KEYS, entries, scopedWhere } from '../audit-list.ts';
import { auditView } from '../audit-query.ts';

/** Audit entries, newest first by default, a page at a time (by number or cursor). */
export const listAudit = operation('get /api/audit', async ({ ctx, tx, query: q }) => {
  const { where } = await scopedWhere(tx, ctx.state.principal, q);
  const order = q.sortOrder;
  // A tenant's entries come off audit_log_list_idx (or the actor/action ones, migration 008)
  // in this order; the super admin's off audit_log_all_idx.
  const conditions = [...where];
  if (q.cursor) {
    const after = decodeCursor(q.cursor, q.sortBy, order, AUDIT_KEYS);
    conditions.push(() => keysetAfterCursor(AUDIT_KEYS, order, after));
  }
  const rows = await entries(tx, conditions)
    .selectAll()
    .select(keysetColumns(AUDIT_KEYS))
    .orderBy(keysetOrder(AUDIT_KEYS, order))
    .limit(q.limit + 1)
    .offset(q.cursor ? 0 : (q.page - 1) * q.limit)
    .execute();
  const page = keysetPage(rows, q.limit, q.sortBy, order, AUDIT_KEYS);
  // Counted up to COUNT_CAP, and only when asked or paging by number (platform contract, Paging).
  const counted = wantsTotal(q) ? await countUpTo(tx, entries(tx, where)) : null;
  return {
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
