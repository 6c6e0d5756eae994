/**
 * The Invoices & Payments list paged on the server (issue 9 item 2, decision 52): the screen's
 * filters as SQL conditions (the tenant stated, so a tenant index serves every read), one page by
 * keyset (`cursor`) or by page number off the sort's index (migration 050), a capped count, and
 * the header's figures as one aggregate.
 */
import type {
  InvoicePageQuery,
  InvoiceSortKey,
  InvoiceStatus,
  InvoiceType,
} from '@venue/contracts/money-api';
import {
  keysetAfterCursor,
  keysetColumns,
  keysetOrder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from '@venue/service-kit';
import {
  COUNT_CAP,
  countUpTo,
  decodeCursor,
  keysetPage,
  type KeysetKey,
  type SortOrder,
} from '@venue/service-kit/paging';
import type { Queryable } from '@venue/service-kit';
import { db, type MoneyDb } from '../db/query.ts';
import type { MoneySettings } from '../shared/settings.ts';
import { selectInvoices, toInvoice } from './invoice-row.ts';
import type { InvoicesTable } from '../db/schema.ts';

/** A text search counts up to this many matches ("1,000+"), as the bookings list (decision 36). */
export const SEARCH_COUNT_CAP = 1_000;

const desc = (expr: string, type: KeysetKey['type']): KeysetKey => ({ expr, type, index: 'DESC' });
/** After the sort's own key: newest created first, then the id (the indexes of migration 050). */
const TIE: KeysetKey[] = [desc('i.created_at', 'timestamptz'), { expr: 'i.id', type: 'uuid', index: 'ASC' }];

/**
 * Each sort's keys. Days are the stored day numbers of migration 050 (a draft's issue key is above
 * every real day: drafts are the newest work, as the screen always sorted them).
 */
export const INVOICE_SORT_KEYS: Record<InvoiceSortKey, KeysetKey[]> = {
  issueDate: [desc('i.list_issue_key', 'bigint'), ...TIE],
  dueDate: [desc('i.list_due_key', 'bigint'), ...TIE],
  invoiceNumber: [desc('i.list_number_key', 'text'), ...TIE],
  total: [desc('i.total_cents', 'bigint'), ...TIE],
};

/** The draft's issue key (migration 050): no issue date yet. */
const NO_ISSUE_DAY = 99_999_999;

/** Days since 1970-01-01 of a yyyy-MM-dd day, as migration 050 stores them. */
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** `%text%` for LIKE, lower-cased, with the pattern characters taken literally. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

type InvoiceEb = ExpressionBuilder<MoneyDb & { i: InvoicesTable }, 'i'>;
type Filters = Pick<InvoicePageQuery, 'search' | 'from' | 'to' | 'resource' | 'status' | 'type'>;

/** The screen's filters as conditions; the tenant first, as every index of the list leads with it. */
export function invoiceFilters(tenantId: string, q: Filters, zone: string) {
  const text = q.search?.trim();
  return (eb: InvoiceEb): Expression<SqlBool>[] => {
    const where: Expression<SqlBool>[] = [eb('i.tenant_id', '=', tenantId)];
    if (q.status?.length) where.push(eb('i.status', 'in', q.status satisfies InvoiceStatus[]));
    if (q.type?.length) where.push(eb('i.type', 'in', q.type satisfies InvoiceType[]));
    if (q.resource) where.push(eb('i.resource_name', '=', q.resource));
    // sql: the stored, lower-cased search column of migration 050 (not in MoneyDb's typed columns)
    if (text) where.push(sql<boolean>`i.search_text LIKE ${likePattern(text)}`);
    if (q.from || q.to) {
      // The range's day is the issue date; a draft's is its creation day at the venue.
      const from = q.from ? dayNumber(q.from) : null;
      const to = q.to ? dayNumber(q.to) : null;
      const issued: Expression<SqlBool>[] = [
        // sql: migration 050's stored day number (not in MoneyDb's typed columns)
        sql<boolean>`i.list_issue_key <> ${NO_ISSUE_DAY}`,
      ];
      // sql: as above
      if (from !== null) issued.push(sql<boolean>`i.list_issue_key >= ${from}`);
      // sql: as above
      if (to !== null) issued.push(sql<boolean>`i.list_issue_key <= ${to}`);
      // sql: as above, a draft
      const draft: Expression<SqlBool>[] = [sql<boolean>`i.list_issue_key = ${NO_ISSUE_DAY}`];
      if (q.from)
        // sql: the venue's midnight starting `from` (a local day at the venue's zone)
        draft.push(sql<boolean>`i.created_at >= (${q.from}::date)::timestamp AT TIME ZONE ${zone}`);
      if (q.to)
        // sql: the venue's midnight after `to`
        draft.push(sql<boolean>`i.created_at < (${q.to}::date + 1)::timestamp AT TIME ZONE ${zone}`);
      where.push(eb.or([eb.and(issued), eb.and(draft)]));
    }
    return where;
  };
}

/** One page of the list, in the bookings list's shape (contracts `InvoicePage`). */
export async function invoicePage(
  tx: Queryable,
  tenantId: string,
  q: InvoicePageQuery,
  settings: MoneySettings,
  day: string,
) {
  const sort: InvoiceSortKey = q.sort ?? 'issueDate';
  return keysetListPage(
    tx,
    q,
    {
      order: { sort, order: q.order ?? 'desc', keys: INVOICE_SORT_KEYS[sort] },
      rows: selectInvoices(tx),
      filters: invoiceFilters(tenantId, q, settings.zone),
      matches: db(tx).selectFrom('invoices as i'),
    },
    (r) => toInvoice(r, day),
  );
}

/** How a list is ordered: the sort its cursors name, the direction and the keys (an index's columns). */
export interface ListOrder {
  sort: string;
  order: SortOrder;
  keys: readonly KeysetKey[];
}

/**
 * One page of a money list (decision 52), by keyset after a `cursor` or by page number, off the
 * order's index: `rows` is the list's select, `filters` its conditions (the tenant stated), and
 * the count, when pageAnswer needs one, runs over `matches` with the same filters. Every paged
 * money list (invoices, quotations, both Deposits tabs) answers through here.
 */
export async function keysetListPage<DB, TB extends keyof DB, O extends object, MO, T>(
  tx: Queryable,
  q: PageAsk & { search?: string | undefined },
  list: {
    order: ListOrder;
    rows: SelectQueryBuilder<DB, TB, O>;
    filters: (eb: ExpressionBuilder<DB, TB>) => Expression<SqlBool>[];
    matches: SelectQueryBuilder<DB, TB, MO>;
  },
  toItem: (row: O) => T,
) {
  const { sort, order, keys } = list.order;
  const { filters } = list;
  const after = q.cursor ? decodeCursor(q.cursor, sort, order, keys) : null;
  const rows = await list.rows
    .select(keysetColumns(keys))
    .where((eb) => eb.and(after ? [...filters(eb), keysetAfterCursor(keys, order, after)] : filters(eb)))
    .orderBy(keysetOrder(keys, order))
    .limit(q.limit + 1)
    .offset(q.cursor ? 0 : (q.page - 1) * q.limit)
    .execute();
  const page = keysetPage(rows, q.limit, sort, order, keys);
  const cap = q.search?.trim() ? SEARCH_COUNT_CAP : COUNT_CAP;
  return pageAnswer(
    q,
    page,
    page.rows.map((r) => toItem(r)),
    cap,
    () =>
      countUpTo(
        tx,
        list.matches.where((eb) => eb.and(filters(eb))),
        cap,
      ),
  );
}

/** What a money list's page request asks: its page (or cursor), limit and whether to count. */
export interface PageAsk {
  page: number;
  limit: number;
  cursor?: string | undefined;
  withTotal?: boolean | undefined;
}

/**
 * A page in the bookings list's shape. Counted only when asked, or on a page-number request that
 * does not say withTotal=0, up to `cap`; a page-number page that is the last one already knows
 * its total and counts nothing (decision 36).
 */
export async function pageAnswer<T>(
  q: PageAsk,
  page: { rows: unknown[]; hasMore: boolean; nextCursor: string | null },
  items: T[],
  cap: number,
  count: () => Promise<{ total: number; totalIsEstimate: boolean }>,
) {
  const offset = q.cursor ? 0 : (q.page - 1) * q.limit;
  let counted: { total: number; totalIsEstimate: boolean } | null = null;
  if (q.withTotal ?? !q.cursor) {
    const known =
      !q.cursor &&
      !page.hasMore &&
      (page.rows.length > 0 || offset === 0) &&
      offset + page.rows.length <= cap;
    counted = known ? { total: offset + page.rows.length, totalIsEstimate: false } : await count();
  }
  return {
    items,
    total: counted?.total ?? null,
    totalIsEstimate: counted?.totalIsEstimate ?? false,
    page: q.cursor ? null : q.page,
    limit: q.limit,
    totalPages: counted ? Math.max(1, Math.ceil(counted.total / q.limit)) : null,
    hasMore: page.hasMore,
    nextCursor: page.nextCursor,
  };
}

/**
 * The header's figures over the venue's invoices and the tabs' counts over the filters, in one
 * aggregate over the tenant's rows (read through its index): nothing summed in the browser.
 */
export async function invoiceSummary(tx: Queryable, tenantId: string, q: Filters, zone: string) {
  const filters = invoiceFilters(tenantId, q, zone);
  // One after the other: both run on the request's one connection.
  const row = await db(tx)
    .selectFrom('invoices as i')
    .select((eb) => {
      const notVoid = eb('i.status', '<>', 'VOID');
      const chosen = filters(eb).slice(1); // the filters without the tenant, stated below
      const matching = chosen.length > 0 ? eb.and(chosen) : eb.lit(true);
      return [
        eb.fn.coalesce(eb.fn.sum<number>('i.total_cents').filterWhere(notVoid), eb.lit(0)).as('totalCents'),
        eb.fn.coalesce(eb.fn.sum<number>('i.paid_cents').filterWhere(notVoid), eb.lit(0)).as('paidCents'),
        eb.fn.countAll<number>().filterWhere('i.status', '=', 'OVERDUE').as('overdueCount'),
        eb.fn
          .countAll<number>()
          .filterWhere('i.status', 'in', ['SENT', 'OVERDUE', 'PARTIAL'])
          .as('remindableCount'),
        eb.fn.countAll<number>().filterWhere(matching).as('matchingCount'),
        eb.fn
          .countAll<number>()
          .filterWhere(eb.and([matching, eb('i.status', '=', 'PAID')]))
          .as('matchingPaidCount'),
      ];
    })
    .where('i.tenant_id', '=', tenantId)
    .executeTakeFirst();
  const resources = await db(tx)
    .selectFrom('invoices as i')
    .select('i.resource_name')
    .distinct()
    .where('i.tenant_id', '=', tenantId)
    .where('i.resource_name', 'is not', null)
    .orderBy('i.resource_name')
    .limit(500)
    .execute();
  return {
    totalCents: Number(row?.totalCents ?? 0),
    paidCents: Number(row?.paidCents ?? 0),
    overdueCount: Number(row?.overdueCount ?? 0),
    remindableCount: Number(row?.remindableCount ?? 0),
    matchingCount: Number(row?.matchingCount ?? 0),
    matchingPaidCount: Number(row?.matchingPaidCount ?? 0),
    resources: resources.map((r) => r.resource_name!).filter(Boolean),
  };
}
