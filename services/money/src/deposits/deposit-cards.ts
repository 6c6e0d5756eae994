/**
 * The cards above the Deposits page's two tabs (spec 03 §2.2), bookings (deposits/routes.ts) and
 * quotations (quotations/deposit-routes.ts): both answer them from one aggregate the same way;
 * each tab keeps its own rows, filters and rule for "paid". (Their pages go through the money
 * lists' keysetListPage.)
 */
import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from '@venue/service-kit';

/** What a tab's cards measure in one row: its deposit cents, and whether it counts as paid or unpaid. */
export interface CardMeasure {
  cents: Expression<unknown>;
  paid: Expression<SqlBool>;
  unpaid: Expression<SqlBool>;
}

type CardColumn = 'totalCents' | 'totalCount' | 'paidCents' | 'paidCount' | 'unpaidCents' | 'unpaidCount';

/**
 * The tab's three cards (all, paid, unpaid: cents and how many) over all its rows: one aggregate,
 * nothing summed in the browser.
 */
export async function depositTabCards<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  filters: (eb: ExpressionBuilder<DB, TB>) => Expression<SqlBool>[],
  measure: (eb: ExpressionBuilder<DB, TB>) => CardMeasure,
) {
  const row = await rows
    .clearSelect()
    .select((eb) => {
      const { cents, paid, unpaid } = measure(eb);
      const sum = (where?: Expression<SqlBool>) =>
        eb.fn.coalesce(
          where ? eb.fn.sum<number>(cents).filterWhere(where) : eb.fn.sum<number>(cents),
          eb.lit(0),
        );
      return [
        sum().as('totalCents'),
        eb.fn.countAll<number>().as('totalCount'),
        sum(paid).as('paidCents'),
        eb.fn.countAll<number>().filterWhere(paid).as('paidCount'),
        sum(unpaid).as('unpaidCents'),
        eb.fn.countAll<number>().filterWhere(unpaid).as('unpaidCount'),
      ];
    })
    .where((eb) => eb.and(filters(eb)))
    // the select list above, which Kysely cannot read through a generic builder's clearSelect
    .$castTo<Record<CardColumn, unknown>>()
    .executeTakeFirst();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    total: { cents: n(row?.totalCents), count: n(row?.totalCount) },
    paid: { cents: n(row?.paidCents), count: n(row?.paidCount) },
    unpaid: { cents: n(row?.unpaidCents), count: n(row?.unpaidCount) },
  };
}
