import { sql, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';

/**
 * An INSERT of a booking that takes its code (HH-2026-0042: the venue's counter for the year) in
 * the same statement: the counter's claim is a data-modifying WITH (`code_claim`), its row locked
 * until the transaction ends, and the code column reads it (`codeFromClaim`). One round trip where
 * the claim and the insert were two, and that is a trip less while the venue's counter row is
 * locked: every create of the venue waits for it (issue 27 item 1).
 */
export function withCodeClaim(tx: Tx, tenantId: string, year: number) {
  return db(tx).with('code_claim', (qb) =>
    qb
      .insertInto('booking_counters')
      .values({ tenant_id: tenantId, year, last: 1 })
      .onConflict((oc) =>
        oc
          .columns(['tenant_id', 'year'])
          .doUpdateSet((eb) => ({ last: eb('booking_counters.last', '+', 1) })),
      )
      .returning('last'),
  );
}

// sql: the code made from the claim above (a scalar sub-select of the WITH): the number padded to
// four digits, never cut (lpad alone would make 10000 read 1000)
export const codeFromClaim = (year: number) =>
  sql<string>`(SELECT ${`HH-${year}-`} || CASE WHEN last >= 10000 THEN last::text ELSE lpad(last::text, 4, '0') END FROM code_claim)`;
