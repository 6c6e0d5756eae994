/**
 * Gap-free document numbers per tenant, series and year (issue 13): the counter row is
 * incremented in the transaction that uses the number, so its row lock queues concurrent
 * issuers and a transaction that rolls back gives its number back. Twenty invoices issued at
 * once get twenty consecutive numbers, none skipped, none twice.
 */
import type { Tx } from '@venue/service-kit';

export type Series = 'invoice' | 'credit_note' | 'receipt';

const DEFAULT_PREFIX: Record<Series, string> = { invoice: 'INV', credit_note: 'CN', receipt: 'RCT' };

/** The next number of `series` for `year`: `{prefix}-{year}-{00001}`. */
export async function nextNumber(
  tx: Tx,
  tenantId: string,
  series: Series,
  year: number,
  prefix: string = DEFAULT_PREFIX[series],
): Promise<string> {
  const { rows } = await tx.query<{ last: number }>(
    `INSERT INTO number_counters (tenant_id, series, year, last) VALUES ($1, $2, $3, 1)
     ON CONFLICT (tenant_id, series, year) DO UPDATE SET last = number_counters.last + 1
     RETURNING last`,
    [tenantId, series, year],
  );
  return `${prefix}-${year}-${String(rows[0]!.last).padStart(5, '0')}`;
}
