/** A page of the booking list and its total (the calls are in handlers/list.ts). */
import { sql, type AppContext, type Tx } from '@venue/service-kit';
import { COUNT_CAP, cappedTotal, countUpTo, keysetPage } from '@venue/service-kit/paging';
import type { Deps } from '../deps.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';
import { tenantOf } from '../shared/request.ts';
import { venueToday } from '../shared/time.ts';
import { db } from '../db/query.ts';
import { selectBookings, toBooking } from './booking-row.ts';
import { buildListQuery, type Query } from './list-query.ts';

/**
 * A text search's count stops here ("1,000+"): past it a figure helps nobody choose a page,
 * and a common term stops being counted early (decision 36).
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * The list's total (decision 36). A page-number page that is the last one (rows, and no more
 * after them) already says it: the rows skipped plus its own, with no count at all; that is
 * where counting cost most, a rare search term reading every row of the tenant twice. Otherwise
 * a count up to COUNT_CAP, or SEARCH_COUNT_CAP for a text search.
 */
export async function listTotal(
  ctx: AppContext,
  tx: Tx,
  built: Pick<ReturnType<typeof buildListQuery>, 'filterWhere' | 'searched' | 'unfiltered' | 'searchOnly'>,
  offset: number | null,
  rows: number,
  hasMore: boolean,
  matches: number | null,
) {
  const cap = built.searched ? SEARCH_COUNT_CAP : COUNT_CAP;
  if (offset !== null && !hasMore && (rows > 0 || offset === 0) && offset + rows <= cap)
    return { total: offset + rows, totalIsEstimate: false };
  // A search-only page's rows carried the number of the function's ids (list()).
  if (matches !== null) return cappedTotal(matches, cap);
  if (built.unfiltered) {
    // Every booking of the tenant: its stored number (migration 015), one row read instead of
    // counting up to COUNT_CAP + 1 index entries on every page 1. Reported with the same cap.
    const stored = await db(tx)
      .selectFrom('booking_totals')
      .select('bookings')
      .where('tenant_id', '=', tenantOf(ctx))
      .executeTakeFirst();
    return cappedTotal(Number(stored?.bookings ?? 0));
  }
  if (built.searchOnly) {
    // Only a trigram search, on a page past the end (no row carried the number): the side
    // table's matches counted up to cap + 1 (migration 025), no bookings read.
    // sql: the security-definer function's capped count
    const { rows: counted } = await sql<{
      n: number | string;
    }>`SELECT booking_search_count(${built.searchOnly}, ${cap}) AS n`.execute(db(tx));
    return cappedTotal(Number(counted[0]?.n ?? 0), cap);
  }
  return countUpTo(tx, db(tx).selectFrom('bookings as b').where(built.filterWhere), cap);
}

/** The venue's time zone, from bookings' copy of the settings. */
export const zoneOf = async (tx: Tx, tenantId: string) => (await tenantSettings(tx, tenantId)).timezone;

/**
 * One page of the filtered list: by `cursor` (the rows after it, off the sort's index) or by
 * offset (page numbers), fetched one row long to know whether more follow. `tenantId` is the
 * tenant the transaction reads (a super admin's look at an owner is that owner's).
 *
 * Statements are round trips, and system calls are most of a small read's cost on this
 * machine: the page is asked for beside the tenant's settings (the venue's zone, needed first
 * only by the quick filters' today), and a search-only page joins the function's ids with their
 * number, so the total comes in the same statement, off the same one call of the function.
 * Searching "patel" at 10,000 bookings was five statements in four trips (two calls, two trigram
 * index scans); it is three in two (issue 9).
 */
export async function listPage(
  ctx: AppContext,
  tx: Tx,
  deps: Deps,
  settingsZone: Promise<string>,
  tenantId: string,
  max: number,
  offset: number,
  cursor?: string,
) {
  // Awaited below in any case; observed now so a failure while the page is built is not unhandled.
  settingsZone.catch(() => {});
  const today = ctx.query.quick ? venueToday(deps.now(), await settingsZone) : undefined;
  const built = buildListQuery(ctx.query as Query, today, tenantId, cursor);
  const page = selectBookings(tx)
    .select(built.keyColumns)
    .orderBy(built.orderBy)
    .limit(max + 1);
  let counted;
  if (built.searchOnly) {
    const sorted = built.matchPage;
    // Sorted by Event Date or Created: the page is cut among the matches, so only its own rows
    // are read from bookings (matchedPage); in any other order every match is joined.
    const matched = sorted
      ? matchedPage(tx, built.searchOnly, sorted, max, offset)
      : db(tx).selectFrom(everyMatch(built.searchOnly).as('m')).select(['m.id', 'm.matches']);
    counted = page
      .where(sorted ? sorted.where : built.joinedWhere)
      .$if(!sorted, (qb) => qb.offset(offset))
      .innerJoin(matched.as('m'), 'm.id', 'b.id')
      .select('m.matches')
      .execute();
  } else counted = page.where(built.where).offset(offset).execute();
  const [rows, zone] = await Promise.all([counted, settingsZone]);
  const first = rows[0] as { matches?: number | string } | undefined;
  const matches = first?.matches === undefined ? null : Number(first.matches);
  const paged = keysetPage(rows, max, built.sort, built.order, built.keys);
  return { ...paged, items: paged.rows.map((r) => toBooking(r, zone)), built, matches };
}

type MatchPage = NonNullable<ReturnType<typeof buildListQuery>['matchPage']>;

/** The security-definer function's rows, each with their number (a set-returning call and a window). */
function everyMatch(pattern: string) {
  // sql: a set-returning call and a window over it (the ids are unique, so a join keeps each booking once)
  return sql<{ id: string; starts_at: Date; created_at: Date; matches: number | string }>`(
    SELECT k.id, k.starts_at, k.created_at, count(*) OVER () AS matches
      FROM booking_search_keys(${pattern}) AS k)`;
}

/**
 * The ids of a searched page in Event Date or Created order, each with the number of matches
 * counted up to SEARCH_COUNT_CAP + 1, from one call whose work does not grow with the matches
 * (migration 025, issue 27 item 4): a term with at most SEARCH_COUNT_CAP matches has them sorted
 * and cut among the side table's rows (migration 017); a commoner one walks the list's own index
 * in the page's order, matching each booking as it is read, until the page is full.
 */
function matchedPage(tx: Tx, pattern: string, sorted: MatchPage, max: number, offset: number) {
  const [afterKey, afterId] = sorted.afterValues ?? [null, null];
  return db(tx)
    .selectFrom(
      // sql: the security-definer function's page (a set-returning call in FROM)
      sql<{ id: string; matches: number | string }>`booking_search_page(${pattern}, ${SEARCH_COUNT_CAP},
        ${sorted.byCreated}, ${sorted.descending}, ${afterKey}::timestamptz, ${afterId}::uuid, ${max + 1}, ${offset})`.as(
        'm',
      ),
    )
    .select(['m.id', 'm.matches'])
    .limit(max + 1);
}
