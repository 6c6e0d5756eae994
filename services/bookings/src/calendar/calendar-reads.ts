/**
 * The calendar's two reads: a window of bookings as one JSON value, and the block-outs near it.
 * Both state the tenant for its indexes, and read only the window (see each read's reason).
 */
import { sql, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { addDays } from '../shared/time.ts';

/** A booking as the aggregate below builds it: ids and texts, the slot's bounds in epoch seconds, the day and times. */
export type CalendarTuple = [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  string,
  string,
  string,
];

export interface CalendarWindow {
  from: string;
  to: string;
  resourceId: string | undefined;
  perDay: number | undefined;
}

/**
 * The window's bookings (with `perDay`, each day's first ones) as tuples, and with `perDay` the
 * number of bookings of each day.
 */
export async function windowBookings(
  tx: Tx,
  tenantId: string,
  { from, to, resourceId: rawResource, perDay }: CalendarWindow,
): Promise<{ tuples: CalendarTuple[]; totals: string | null | undefined }> {
  // The window as instants at the venue: from the start of `from` to the start of the day after
  // `to`. A booking lies within its venue day (it ends after it starts, on the same date), so it
  // starts at most a day before the window if it overlaps it: that bound lets the tenant's
  // starts_at index (bookings_calendar_resource_idx with a resource, else bookings_list_start_idx)
  // read just the window. The slot's GiST (resource_slots) cannot help here: && is not leakproof,
  // so under row-level security it is never an index condition (decision 19).
  // The window's instants from the venue's zone in its settings copy, worked out in this
  // statement, so the handler need not read the copy first (with no copy the window is empty,
  // and the handler's own read of the copy answers 503). Each is a scalar subquery, so it
  // reaches the scan as one value, an index bound even under row-level security (AT TIME ZONE
  // itself is not leakproof). sql: a venue date's midnight as an instant, from the copy's zone
  const midnight = (date: string) =>
    sql<Date>`(SELECT ${date}::date::timestamp AT TIME ZONE s.timezone FROM tenant_settings s WHERE s.tenant_id = ${tenantId})`;
  const window = midnight(from);
  const windowEnd = midnight(addDays(to, 1));
  // sql: with perDay, the aggregate keeps each day's first rows (its FILTER), else every row
  const kept = perDay === undefined ? sql<boolean>`true` : sql<boolean>`w.n <= ${perDay}`;
  // One JSON value instead of 2,000 rows: row decoding dominates on PGlite (5× faster this way).
  // With perDay, a window numbers each venue day's bookings in the grid's order and keeps the
  // first ones; the day totals travel alongside so the cells can say "+N more". The numbering
  // and the totals read only columns of bookings_calendar_window_idx (migration 016: an
  // index-only read of the window); the kept rows alone are then fetched by key for their text.
  const rows = await db(tx)
    .with('w', (qb) =>
      qb
        .selectFrom('bookings as b')
        .select((eb) => [
          'b.id',
          'b.starts_at',
          'b.booking_date',
          eb.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('b.booking_date').orderBy('b.starts_at').orderBy('b.id'))
            .as('n'),
        ])
        .where('b.tenant_id', '=', tenantId)
        .$if(Boolean(rawResource), (w) => w.where('b.resource_id', '=', rawResource!))
        .where('b.starts_at', '<', windowEnd)
        .where('b.ends_at', '>', window)
        // the index's lower bound: two venue days before the window (a booking starts at most one before)
        .where('b.starts_at', '>=', midnight(addDays(from, -2)))
        .where('b.status', 'not in', ['cancelled', 'expired']),
    )
    .selectNoFrom([
      // sql: json_agg of json_build_array tuples of the kept rows, fetched by key (a correlated
      // sub-select over the booking's primary key), ordered inside the aggregate, with epoch
      // seconds of the slot's range bounds: one text value, as decoded below
      sql<string>`(SELECT COALESCE(json_agg(json_build_array(b.id, b.booking_code, b.customer_name, b.event_type,
        b.resource_id, b.resource_name, b.status, extract(epoch FROM b.starts_at), extract(epoch FROM b.ends_at),
        extract(epoch FROM lower(b.slot)), extract(epoch FROM upper(b.slot)), b.booking_date, b.start_time, b.end_time)
        ORDER BY w.starts_at, w.id), '[]')
        FROM w JOIN bookings b ON b.tenant_id = ${tenantId} AND b.id = w.id WHERE ${kept})::text`.as('j'),
      // sql: the day totals as one JSON object (json_object_agg over a grouped sub-select of w)
      (perDay === undefined
        ? sql<string | null>`NULL`
        : sql<
            string | null
          >`(SELECT json_object_agg(d, c) FROM (SELECT booking_date AS d, count(*) AS c FROM w GROUP BY booking_date) t)::text`
      ).as('totals'),
    ])
    .execute();
  return { tuples: JSON.parse(rows[0]?.j ?? '[]') as CalendarTuple[], totals: rows[0]?.totals };
}

/** Block-outs near the window (a day either side, as before), through blockouts_range_idx. */
export function nearBlockouts(
  tx: Tx,
  tenantId: string,
  { from, to, resourceId: rawResource }: CalendarWindow,
) {
  return (
    db(tx)
      .selectFrom('blockouts as bo')
      .leftJoin('resources as r', (join) =>
        join.onRef('r.tenant_id', '=', 'bo.tenant_id').onRef('r.id', '=', 'bo.resource_id'),
      )
      .select(['bo.id', 'bo.resource_id', 'bo.reason', 'bo.starts_at', 'bo.ends_at', 'bo.claimed', 'r.name'])
      .where('bo.tenant_id', '=', tenantId)
      .$if(Boolean(rawResource), (qb) => qb.where('bo.resource_id', '=', rawResource!))
      // sql: date arithmetic (a day after `to`, a day before `from`) compared with instants
      .where('bo.starts_at', '<', sql<Date>`${to}::date + 2`)
      // sql: as above
      .where('bo.ends_at', '>', sql<Date>`${from}::date - 1`)
      .orderBy('bo.starts_at')
      .execute()
  );
}
