/**
 * Gap-free document numbers per tenant, series and year (issue 13): the counter row is
 * incremented in the transaction that uses the number, so its row lock queues concurrent
 * issuers and a transaction that rolls back gives its number back. Twenty invoices issued at
 * once get twenty consecutive numbers, none skipped, none twice.
 */
import type { Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { MoneySettings } from './settings.ts';

export type Series = 'invoice' | 'credit_note' | 'receipt' | 'quotation';

const DEFAULT_PREFIX: Record<Series, string> = {
  invoice: 'INV',
  credit_note: 'CN',
  receipt: 'RCT',
  quotation: 'QUO',
};

/** The next number of `series` for `year`: `{prefix}-{year}-{00001}`. */
export async function nextNumber(
  tx: Tx,
  tenantId: string,
  series: Series,
  year: number,
  prefix: string = DEFAULT_PREFIX[series],
): Promise<string> {
  const row = await db(tx)
    .insertInto('number_counters')
    .values({ tenant_id: tenantId, series, year, last: 1 })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'series', 'year'])
        .doUpdateSet((eb) => ({ last: eb('number_counters.last', '+', 1) })),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return `${prefix}-${year}-${String(row.last).padStart(5, '0')}`;
}

/** The next invoice number of `day`'s year, with the venue's prefix (its Payment settings). */
export function nextInvoiceNumber(
  tx: Tx,
  tenantId: string,
  settings: MoneySettings,
  day: string,
): Promise<string> {
  return nextNumber(tx, tenantId, 'invoice', Number(day.slice(0, 4)), settings.payment.invoiceNumberPrefix);
}

/** The next quotation number of `day`'s year (`QUO-2026-00001`), given when a quotation is first sent. */
export function nextQuotationNumber(tx: Tx, tenantId: string, day: string): Promise<string> {
  return nextNumber(tx, tenantId, 'quotation', Number(day.slice(0, 4)));
}
