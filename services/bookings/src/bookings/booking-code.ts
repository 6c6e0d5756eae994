import type { Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';

/** HH-2026-0042: per-tenant, per-year counter row, taken inside the booking's transaction. */
export async function nextBookingCode(tx: Tx, tenantId: string, year: number): Promise<string> {
  const row = await db(tx)
    .insertInto('booking_counters')
    .values({ tenant_id: tenantId, year, last: 1 })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'year']).doUpdateSet((eb) => ({ last: eb('booking_counters.last', '+', 1) })),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return `HH-${year}-${String(row.last).padStart(4, '0')}`;
}
