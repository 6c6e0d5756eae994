/**
 * What holds part of a listed booking's time (spec 02 §2.4: Pending Review has a Conflicts
 * column). Bookings cannot overlap each other on a resource (resource_slots, decision 3), so in
 * practice this is a block-out created over the booking (decision 13, `claimed` false); another
 * booking is listed too should one ever share the time. One statement for the whole page.
 */
import { sql, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { venueIso } from '../shared/time.ts';

export interface ListConflict {
  kind: 'booking' | 'blockout';
  id: string;
  /** The other booking's code and customer, or the block-out's reason. */
  label: string;
  /** Venue wall clock, yyyy-MM-ddTHH:mm:ss±hh:mm. */
  start: string;
  end: string;
}

export async function conflictsOf(
  tx: Tx,
  tenantId: string,
  bookingIds: string[],
  zone: string,
): Promise<Map<string, ListConflict[]>> {
  const out = new Map<string, ListConflict[]>();
  if (!bookingIds.length) return out;
  const rows = await db(tx)
    .selectFrom('bookings as p')
    .innerJoin('bookings as o', (join) =>
      join
        .onRef('o.tenant_id', '=', 'p.tenant_id')
        .onRef('o.resource_id', '=', 'p.resource_id')
        .onRef('o.id', '<>', 'p.id')
        // sql: a day either side of the booking's date (date arithmetic)
        .on(sql<boolean>`o.booking_date BETWEEN p.booking_date - 1 AND p.booking_date + 1`)
        .on('o.status', 'in', ['pending', 'tentative', 'confirmed'])
        // sql: && overlap of the two slots (ranges)
        .on(sql<boolean>`o.slot && p.slot`),
    )
    .select((eb) => [
      'p.id as of',
      eb.cast<'booking' | 'blockout'>(eb.val('booking'), 'text').as('kind'),
      'o.id',
      eb(eb('o.booking_code', '||', ' '), '||', eb.ref('o.customer_name'))
        .$castTo<string>()
        .as('label'),
      'o.starts_at',
      'o.ends_at',
    ])
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', 'in', bookingIds)
    .unionAll((eb) =>
      eb
        .selectFrom('bookings as p')
        .innerJoin('blockouts as bo', (join) =>
          join
            .onRef('bo.tenant_id', '=', 'p.tenant_id')
            .onRef('bo.resource_id', '=', 'p.resource_id')
            // sql: the slot's bounds (range functions) against the block-out's instants
            .on(sql<boolean>`bo.starts_at < upper(p.slot) AND bo.ends_at > lower(p.slot)`),
        )
        .select((eb) => [
          'p.id as of',
          eb.cast<'booking' | 'blockout'>(eb.val('blockout'), 'text').as('kind'),
          'bo.id',
          'bo.reason as label',
          'bo.starts_at',
          'bo.ends_at',
        ])
        .where('p.tenant_id', '=', tenantId)
        .where('p.id', 'in', bookingIds),
    )
    .orderBy('starts_at')
    .execute();
  for (const r of rows) {
    let list = out.get(r.of);
    if (!list) out.set(r.of, (list = []));
    list.push({
      kind: r.kind,
      id: r.id,
      label: r.label,
      start: venueIso(new Date(r.starts_at), zone),
      end: venueIso(new Date(r.ends_at), zone),
    });
  }
  return out;
}
