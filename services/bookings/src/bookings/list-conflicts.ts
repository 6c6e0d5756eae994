/**
 * What holds part of a listed booking's time (spec 02 §2.4: Pending Review has a Conflicts
 * column). Bookings cannot overlap each other on a resource (resource_slots, decision 3), so in
 * practice this is a block-out created over the booking (decision 13, `claimed` false); another
 * booking is listed too should one ever share the time. One statement for the whole page.
 */
import type { Tx } from '@venue/service-kit';
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
  const { rows } = await tx.query<{
    of: string;
    kind: 'booking' | 'blockout';
    id: string;
    label: string;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(
    `SELECT p.id AS of, 'booking' AS kind, o.id, o.booking_code || ' ' || o.customer_name AS label,
            o.starts_at, o.ends_at
       FROM bookings p
       JOIN bookings o ON o.tenant_id = p.tenant_id AND o.resource_id = p.resource_id AND o.id <> p.id
        AND o.booking_date BETWEEN p.booking_date - 1 AND p.booking_date + 1
        AND o.status IN ('pending', 'tentative', 'confirmed') AND o.slot && p.slot
      WHERE p.tenant_id = $1::uuid AND p.id = ANY($2::uuid[])
     UNION ALL
     SELECT p.id, 'blockout', bo.id, bo.reason, bo.starts_at, bo.ends_at
       FROM bookings p
       JOIN blockouts bo ON bo.tenant_id = p.tenant_id AND bo.resource_id = p.resource_id
        AND bo.starts_at < upper(p.slot) AND bo.ends_at > lower(p.slot)
      WHERE p.tenant_id = $1::uuid AND p.id = ANY($2::uuid[])
      ORDER BY 5`,
    [tenantId, bookingIds],
  );
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
