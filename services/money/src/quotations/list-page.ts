/**
 * The Quotations list paged on the server (issue 9 item 2, decision 52): the screen's search,
 * resource and status as SQL conditions with the tenant stated, one page by keyset or page number
 * off the sort's index (migration 050), and the header's counts as one aggregate.
 */
import {
  acceptanceRate,
  QUOTATION_STATUSES,
  type QuotationPageQuery,
  type QuotationStatus,
} from '@venue/contracts/money-api';
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Tx } from '@venue/service-kit';
import type { KeysetKey } from '@venue/service-kit/paging';
import { db, type MoneyDb } from '../db/query.ts';
import { keysetListPage, likePattern } from '../invoices/list-page.ts';
import { selectQuotations, toQuotation } from './quotation-row.ts';

type Sort = NonNullable<QuotationPageQuery['sort']>;

const ID: KeysetKey = { expr: 'id', type: 'uuid', index: 'ASC' };
const desc = (expr: string, type: KeysetKey['type']): KeysetKey => ({ expr, type, index: 'DESC' });

/**
 * Each sort's keys, then the id: Created off quotations_list_idx, Id off the primary key, the
 * others off migration 050's indexes (days as stored day numbers).
 */
export const QUOTATION_SORT_KEYS: Record<Sort, KeysetKey[]> = {
  created: [desc('created_at', 'timestamptz'), ID],
  id: [ID],
  eventDate: [desc('list_event_key', 'bigint'), ID],
  validUntil: [desc('list_valid_key', 'bigint'), ID],
  amount: [desc('total_cents', 'bigint'), ID],
  deposit: [desc('deposit_cents', 'bigint'), ID],
};

type QuotationEb = ExpressionBuilder<MoneyDb, 'quotations'>;

/**
 * A status as a person sees it on `day` (quotation-row.ts effectiveStatus): an accept in flight
 * reads Sent, a Sent quotation past its valid day reads Expired.
 */
export function statusIs(eb: QuotationEb, status: QuotationStatus, day: string): Expression<SqlBool> {
  switch (status) {
    case 'Sent':
      return eb.or([
        eb('status', '=', 'Accepting'),
        eb.and([eb('status', '=', 'Sent'), eb('valid_until', '>=', day)]),
      ]);
    case 'Expired':
      return eb.and([eb('status', '=', 'Sent'), eb('valid_until', '<', day)]);
    default:
      // Draft, Accepted, Declined: stored as they read
      return eb('status', '=', status);
  }
}

type Filters = Pick<QuotationPageQuery, 'search' | 'resource' | 'status'>;

export function quotationFilters(tenantId: string, q: Filters, day: string) {
  const text = q.search?.trim();
  return (eb: QuotationEb): Expression<SqlBool>[] => {
    const where: Expression<SqlBool>[] = [eb('tenant_id', '=', tenantId)];
    if (q.resource && q.resource !== 'All Resources') where.push(eb('resource_name', '=', q.resource));
    if (q.status) where.push(statusIs(eb, q.status, day));
    if (text) {
      const like = likePattern(text);
      where.push(
        eb.or([
          // sql: the stored, lower-cased search column of migration 050 (not in MoneyDb's typed columns)
          sql<boolean>`search_text LIKE ${like}`,
          // the quotation's number (migration 060), as the screens show it
          eb(eb.fn('lower', ['number']), 'like', like),
        ]),
      );
    }
    return where;
  };
}

export async function quotationPage(tx: Tx, tenantId: string, q: QuotationPageQuery, day: string) {
  const sort: Sort = q.sort ?? 'created';
  return keysetListPage(
    tx,
    q,
    {
      order: { sort, order: q.order ?? 'desc', keys: QUOTATION_SORT_KEYS[sort] },
      rows: selectQuotations(tx),
      filters: quotationFilters(tenantId, q, day),
      matches: db(tx).selectFrom('quotations'),
    },
    (r) => toQuotation(r, day),
  );
}

/** The header's counts per status (as seen on `day`), the acceptance rate and the total value: one aggregate. */
export async function quotationSummary(tx: Tx, tenantId: string, day: string) {
  const row = await db(tx)
    .selectFrom('quotations')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('value'),
      ...QUOTATION_STATUSES.map((s) =>
        eb.fn
          .countAll<number>()
          .filterWhere(statusIs(eb, s, day))
          .as(s),
      ),
    ])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const resources = await db(tx)
    .selectFrom('quotations')
    .select('resource_name')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .orderBy('resource_name')
    .limit(500)
    .execute();
  const r = (row ?? {}) as Record<string, unknown>;
  const counts = Object.fromEntries(QUOTATION_STATUSES.map((s) => [s, Number(r[s] ?? 0)])) as Record<
    QuotationStatus,
    number
  >;
  return {
    counts,
    total: Number(r.total ?? 0),
    acceptanceRate: acceptanceRate(counts),
    totalValueCents: Number(r.value ?? 0),
    resources: resources.map((x) => x.resource_name),
  };
}
