import { sql, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';

/** HH-2026-0042: per-tenant, per-year counter row, taken inside the booking's transaction. */
export async function nextBookingCode(tx: Tx, tenantId: string, year: number): Promise<string> {
  const row = await claimNumber(tx, tenantId, year).executeTakeFirstOrThrow();
  return `HH-${year}-${String(row.last).padStart(4, '0')}`;
}

/** The counter's next number for the tenant and year, its row locked until the transaction ends. */
function claimNumber(tx: Tx, tenantId: string, year: number) {
  return db(tx)
    .insertInto('booking_counters')
    .values({ tenant_id: tenantId, year, last: 1 })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'year']).doUpdateSet((eb) => ({ last: eb('booking_counters.last', '+', 1) })),
    )
    .returning('last');
}

/**
 * An INSERT of the booking that takes its code in the same statement: the counter's claim is a
 * data-modifying WITH (`code_claim`) and the code column reads it (`codeFromClaim`). One round
 * trip where the claim and the insert were two, and that is a trip less while the venue's counter
 * row is locked: every create of the venue waits for it (issue 27 item 1). The code is the one
 * `nextBookingCode` makes (the number padded to four digits, never cut).
 */
export function withCodeClaim(tx: Tx, tenantId: string, year: number) {
  return db(tx).with('code_claim', () => claimNumber(tx, tenantId, year));
}

// sql: the code made from the claim above (a scalar sub-select of the WITH), as nextBookingCode makes it
export const codeFromClaim = (year: number) =>
  sql<string>`(SELECT ${`HH-${year}-`} || CASE WHEN last >= 10000 THEN last::text ELSE lpad(last::text, 4, '0') END FROM code_claim)`;
