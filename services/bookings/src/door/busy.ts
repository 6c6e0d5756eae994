/**
 * What holds a space's time, as a visitor may see it (issue 25): busy intervals only, never
 * whose, why or in which status. A blocking booking's slot (the event widened by its buffers)
 * and a block-out's time come from the exclusion constraint's table, whose index leads with the
 * tenant and the resource; a block-out still waiting behind a booking holds no slot there and is
 * read from its own table. Overlapping and touching intervals are merged, so nothing in the
 * answer tells one holder from another.
 */
import { sql, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';

export interface Interval {
  start: Date;
  end: Date;
}

/** The busy intervals of `resourceId` that reach into [from, to), merged, in order. */
export async function busyIntervals(
  tx: Tx,
  tenantId: string,
  resourceId: string,
  from: Date,
  to: Date,
): Promise<Interval[]> {
  // sql: the window as a range, for && (range overlap), which the builder has no operator for
  const window = sql<string>`tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`;
  // One statement: the slots, and the block-outs still waiting behind a booking (they hold none).
  const rows = await db(tx)
    .selectFrom('resource_slots')
    .select((eb) => [eb.fn<Date>('lower', ['slot']).as('start'), eb.fn<Date>('upper', ['slot']).as('end')])
    .where('tenant_id', '=', tenantId)
    .where('resource_id', '=', resourceId)
    // sql: && overlap of two ranges (the exclusion constraint's operator and index)
    .where(sql<boolean>`slot && ${window}`)
    .unionAll(
      db(tx)
        .selectFrom('blockouts')
        .select(['starts_at as start', 'ends_at as end'])
        .where('tenant_id', '=', tenantId)
        .where('resource_id', '=', resourceId)
        .where('claimed', '=', false)
        .where('starts_at', '<', to)
        .where('ends_at', '>', from),
    )
    .execute();
  return merge(rows.map((r) => ({ start: new Date(r.start), end: new Date(r.end) })));
}

/** Sorted, with overlapping and touching intervals joined into one. */
export function merge(intervals: Interval[]): Interval[] {
  const sorted = intervals
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out.at(-1);
    if (last && i.start <= last.end) {
      if (i.end > last.end) last.end = i.end;
    } else out.push({ start: i.start, end: i.end });
  }
  return out;
}

/** Whether [start, end) overlaps any of the (sorted, merged) intervals. */
export function overlapsAny(intervals: Interval[], start: Date, end: Date): boolean {
  for (const i of intervals) {
    if (i.start >= end) return false;
    if (i.end > start) return true;
  }
  return false;
}
