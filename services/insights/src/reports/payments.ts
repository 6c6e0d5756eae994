/**
 * Money figures of Reports from the read model's invoices and payments (money's events):
 * revenue by payment date, payment timeliness (invoices falling due in the period, paid in full
 * by their due date at the venue) and aging of what is still owed by days past due.
 */
import { AGING_BUCKETS } from '@venue/contracts/insights';
import { sql, type ExpressionBuilder, type Tx } from '@venue/service-kit';
import { addDays, dayStart } from '../dashboard/days.ts';
import { db, signedAmount, widthBucket, type InsightsDb } from '../db/query.ts';
import type { InvoicesTable } from '../db/schema.ts';
import { dollars, percent, segmentBookingIds, segmented, span, type ReportScope } from './scope.ts';

/** The ids of the invoices of the segments' bookings (for `payment.invoice_id IN …`). */
export function segmentInvoiceIds(tx: Tx, s: ReportScope) {
  return db(tx)
    .selectFrom('invoices as i')
    .select('i.id')
    .where('i.tenant_id', '=', s.tenantId)
    .where('i.booking_id', 'in', segmentBookingIds(tx, s));
}

/** Money received less refunds per period between `bounds` (width_bucket's `k`), by payment date. */
export function receivedPerBucket(tx: Tx, s: ReportScope, bounds: Date[]) {
  return db(tx)
    .selectFrom('payments as p')
    .select((eb) => [
      widthBucket('p.processed_at', bounds).as('k'),
      eb.fn.sum<number | string>(signedAmount(eb)).as('v'),
    ])
    .where('p.tenant_id', '=', s.tenantId)
    .where('p.processed_at', '>=', bounds[0]!)
    .where('p.processed_at', '<', bounds.at(-1)!)
    .$if(segmented(s), (q) => q.where('p.invoice_id', 'in', segmentInvoiceIds(tx, s)))
    .groupBy('k')
    .execute();
}

/** Money received less refunds and reversals in the venue days `from`…`to` (payment date). */
export async function receivedCents(tx: Tx, s: ReportScope, from: string, to: string): Promise<number> {
  const [start, end] = span(from, to, s.zone);
  const row = await db(tx)
    .selectFrom('payments as p')
    .select((eb) => eb.fn.sum<number | string | null>(signedAmount(eb)).as('v'))
    .where('p.tenant_id', '=', s.tenantId)
    .where('p.processed_at', '>=', start)
    .where('p.processed_at', '<', end)
    .$if(segmented(s), (q) => q.where('p.invoice_id', 'in', segmentInvoiceIds(tx, s)))
    .executeTakeFirst();
  return Number(row?.v ?? 0);
}

/** Statuses of an invoice that asks for nothing (not sent yet, or cancelled). */
const NOT_OWED = ['DRAFT', 'VOID'];

export interface Timeliness {
  /** Invoices that fell due in the period with something to pay. */
  due: number;
  /** Of those, paid in full by the end of their due date (venue time). */
  onTime: number;
}

/**
 * Invoices due in the venue days `from`…`to` (not draft or void, something left to pay after
 * credits), each with its due date and whether it was on time: paid in full (PAID, or REFUNDED
 * after being paid) with the last payment made by the end of the due date at the venue.
 */
export async function timelinessRows(
  tx: Tx,
  s: ReportScope,
  from: string,
  to: string,
): Promise<Array<{ dueDate: string; due: number; onTime: number }>> {
  // The end of each venue day of the range, worked out here from the venue's clock and passed
  // as one array that each invoice indexes by its due date's distance from `from`, so the
  // database reads the range once in due order and counts per due date (a few hundred rows,
  // not every invoice), looking up the last payment only of invoices paid in full. (Joined in
  // as a table of days, it was planned as an index scan per day.)
  const ends: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) ends.push(dayStart(addDays(d, 1), s.zone).toISOString());
  const lastPaid = (eb: ExpressionBuilder<InsightsDb & { i: InvoicesTable }, 'i'>) =>
    eb
      .selectFrom('payments as p')
      .select((e) => e.fn.max('p.processed_at').as('m'))
      .where('p.tenant_id', '=', s.tenantId)
      .whereRef('p.invoice_id', '=', 'i.id')
      .where('p.kind', '=', 'payment');
  // sql: an element of the bound array at the due date's day number in the range (no builder
  // form for array subscripts or date arithmetic)
  const dueDayEnd = sql<Date>`(${ends}::timestamptz[])[i.due_date - ${from}::date + 1]`;
  const rows = await db(tx)
    .selectFrom('invoices as i')
    .select((eb) => [
      eb.fn<string>('to_char', ['i.due_date', eb.val('YYYY-MM-DD')]).as('due_date'),
      eb.fn.countAll<number | string>().as('due'),
      eb.fn
        .countAll<number | string>()
        .filterWhere((w) =>
          w.and([w('i.status', 'in', ['PAID', 'REFUNDED']), w(lastPaid(w), '<', dueDayEnd)]),
        )
        .as('on_time'),
    ])
    .where('i.tenant_id', '=', s.tenantId)
    .where('i.due_date', '>=', from)
    .where('i.due_date', '<=', to)
    .where('i.status', 'not in', NOT_OWED)
    .whereRef('i.total_cents', '>', 'i.credited_cents')
    .$if(segmented(s), (q) => q.where('i.booking_id', 'in', segmentBookingIds(tx, s)))
    .groupBy('i.due_date')
    .execute();
  return rows.map((r) => ({ dueDate: r.due_date, due: Number(r.due), onTime: Number(r.on_time) }));
}

/** Of the rows, those due in `from`…`to`: how many, and how many on time. */
export function timelinessOf(
  rows: Array<{ dueDate: string; due: number; onTime: number }>,
  from: string,
  to: string,
): Timeliness {
  const within = rows.filter((r) => r.dueDate >= from && r.dueDate <= to);
  return {
    due: within.reduce((n, r) => n + r.due, 0),
    onTime: within.reduce((n, r) => n + r.onTime, 0),
  };
}

export async function timeliness(tx: Tx, s: ReportScope, from: string, to: string): Promise<Timeliness> {
  return timelinessOf(await timelinessRows(tx, s, from, to), from, to);
}

/** Days past due as of the venue's today, in the spec's buckets. */
export async function aging(tx: Tx, s: ReportScope) {
  const owed = db(tx)
    .selectFrom('invoices as i')
    .select((eb) => [
      // today − due date: whole days late (date − date is an integer)
      eb(eb.cast<Date | string>(eb.val(s.today), 'date'), '-', eb.ref('i.due_date'))
        .$castTo<number>()
        .as('late'),
      'i.balance_cents',
    ])
    .where('i.tenant_id', '=', s.tenantId)
    .where('i.status', 'in', ['SENT', 'PARTIAL', 'OVERDUE'])
    .where('i.balance_cents', '>', 0)
    .$if(segmented(s), (q) => q.where('i.booking_id', 'in', segmentBookingIds(tx, s)))
    .as('owed');
  const rows = await db(tx)
    .selectFrom(owed)
    .select((eb) => [
      eb
        .case()
        .when('late', '<=', 0)
        .then('current')
        .when('late', '<=', 30)
        .then('1-30')
        .when('late', '<=', 60)
        .then('31-60')
        .when('late', '<=', 90)
        .then('61-90')
        .else('90+')
        .end()
        .as('bucket'),
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string>('balance_cents').as('cents'),
    ])
    .groupBy('bucket')
    .execute();
  return AGING_BUCKETS.map((bucket) => {
    const r = rows.find((x) => x.bucket === bucket);
    const cents = Number(r?.cents ?? 0);
    return { bucket, count: Number(r?.count ?? 0), amountCents: cents, amount: dollars(cents) };
  });
}

/** `GET /api/reports/payment-analysis`: timeliness over the period, aging as of today. */
export async function paymentAnalysis(tx: Tx, s: ReportScope) {
  // Independent reads, asked for together (one write and one round trip on the server).
  const [t, agingRows] = await Promise.all([timeliness(tx, s, s.from, s.to), aging(tx, s)]);
  const onTime = percent(t.onTime, t.due);
  return {
    paymentData: {
      onTime,
      overdue: t.due > 0 ? Math.round((100 - onTime) * 10) / 10 : 0,
      dueCount: t.due,
      asOf: s.today,
      aging: agingRows,
    },
  };
}
