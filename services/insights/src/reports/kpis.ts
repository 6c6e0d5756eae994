/**
 * The six executive KPIs of Reports (spec 03 §2.10, §3), each for the chosen period and the one
 * before it (periodDays in scope.ts), for the chosen segments. Change is the relative change in
 * percent for counts and money, and the difference in percentage points for rates; null when
 * the previous period had nothing to compare with.
 */
import type { z } from 'zod';
import type { executiveKpisSchema, reportKpiSchema } from '@venue/contracts/insights';
import type { Tx } from '@venue/service-kit';
import { db, signedAmount } from '../db/query.ts';
import { segmentInvoiceIds, timelinessOf, timelinessRows } from './payments.ts';
import {
  inSegment,
  percent,
  periodWords,
  round1,
  segmentBookingIds,
  segmented,
  span,
  type ReportScope,
} from './scope.ts';
import { reportBookedSlots, reportResources, utilisationOf } from './utilisation.ts';

type ReportKpi = z.input<typeof reportKpiSchema>;

/** Bookings that count as bookings of a period: everything but cancelled and expired. */
export const LIVE = ['pending', 'tentative', 'confirmed', 'completed'];

interface PeriodFigures {
  bookings: number;
  cancelled: number;
  revenueCents: number;
  utilisation: number;
  depositsIssued: number;
  depositsPaid: number;
  due: number;
  onTime: number;
}

/**
 * The figures of the period and of the one before it, each statement reading both at once
 * (the previous period lies before the chosen one: one range, split by FILTER). The six reads
 * are independent and asked for together (one write and one round trip on the server).
 */
async function figures(tx: Tx, s: ReportScope): Promise<[PeriodFigures, PeriodFigures]> {
  type Row = Record<string, string | number | null>;
  const [bRow, dRow, rRow, resources, slots, due] = await Promise.all([
    bookingCounts(tx, s),
    depositCounts(tx, s),
    receivedSums(tx, s),
    reportResources(tx, s),
    reportBookedSlots(tx, s, s.prevFrom, s.to),
    timelinessRows(tx, s, s.prevFrom, s.to),
  ]);
  // Read by the period's prefix below (`prev_live` …), so as plain records.
  const [b, d, r] = [bRow, dRow, rRow] as Array<Row | undefined>;
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  const one = (prev: boolean): PeriodFigures => {
    const [from, to] = prev ? [s.prevFrom, s.prevTo] : [s.from, s.to];
    const p = prev ? 'prev_' : '';
    const t = timelinessOf(due, from, to);
    return {
      bookings: n(b?.[`${p}live`]),
      cancelled: n(b?.[`${p}cancelled`]),
      revenueCents: n(r?.[`${p}received`]),
      utilisation: utilisationOf(from, to, s.zone, resources, slots).percent,
      depositsIssued: n(d?.[`${p}issued`]),
      depositsPaid: n(d?.[`${p}paid`]),
      due: t.due,
      onTime: t.onTime,
    };
  };
  return [one(false), one(true)];
}

/**
 * Bookings live and cancelled by their start, in the period (`live`, `cancelled`) and the one
 * before (`prev_…`).
 */
function bookingCounts(tx: Tx, s: ReportScope) {
  const [start, end] = span(s.from, s.to, s.zone);
  const [prevStart, prevEnd] = span(s.prevFrom, s.prevTo, s.zone);
  return db(tx)
    .selectFrom('bookings as b')
    .select((eb) => {
      const inNow = eb.and([eb('b.starts_at', '>=', start), eb('b.starts_at', '<', end)]);
      const inPrev = eb.and([eb('b.starts_at', '>=', prevStart), eb('b.starts_at', '<', prevEnd)]);
      const live = eb('b.status', 'in', LIVE);
      const cancelled = eb('b.status', '=', 'cancelled');
      return [
        eb.fn
          .countAll<number | string>()
          .filterWhere(eb.and([inNow, live]))
          .as('live'),
        eb.fn
          .countAll<number | string>()
          .filterWhere(eb.and([inNow, cancelled]))
          .as('cancelled'),
        eb.fn
          .countAll<number | string>()
          .filterWhere(eb.and([inPrev, live]))
          .as('prev_live'),
        eb.fn
          .countAll<number | string>()
          .filterWhere(eb.and([inPrev, cancelled]))
          .as('prev_cancelled'),
      ];
    })
    .where('b.tenant_id', '=', s.tenantId)
    .where('b.starts_at', '>=', prevStart)
    .where('b.starts_at', '<', end)
    .where((eb) => inSegment(s, eb))
    .executeTakeFirst();
}

/** Deposit invoices issued and paid, by their issue date (`issued`, `paid`, `prev_…`). */
function depositCounts(tx: Tx, s: ReportScope) {
  return db(tx)
    .selectFrom('invoices as i')
    .select((eb) => {
      const inNow = eb('i.issue_date', '>=', s.from);
      const inPrev = eb('i.issue_date', '<=', s.prevTo);
      const paid = eb('i.status', '=', 'PAID');
      return [
        eb.fn.countAll<number | string>().filterWhere(inNow).as('issued'),
        eb.fn
          .countAll<number | string>()
          .filterWhere(eb.and([inNow, paid]))
          .as('paid'),
        eb.fn.countAll<number | string>().filterWhere(inPrev).as('prev_issued'),
        eb.fn
          .countAll<number | string>()
          .filterWhere(eb.and([inPrev, paid]))
          .as('prev_paid'),
      ];
    })
    .where('i.tenant_id', '=', s.tenantId)
    .where('i.issue_date', '>=', s.prevFrom)
    .where('i.issue_date', '<=', s.to)
    .where('i.type', '=', 'DEPOSIT')
    .where('i.status', 'not in', ['DRAFT', 'VOID'])
    .$if(segmented(s), (w) => w.where('i.booking_id', 'in', segmentBookingIds(tx, s)))
    .executeTakeFirst();
}

/** What was received, less refunds, by when it was processed (`received`, `prev_received`). */
function receivedSums(tx: Tx, s: ReportScope) {
  const [start, end] = span(s.from, s.to, s.zone);
  const [prevStart, prevEnd] = span(s.prevFrom, s.prevTo, s.zone);
  return db(tx)
    .selectFrom('payments as p')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(signedAmount(eb))
        .filterWhere('p.processed_at', '>=', start)
        .as('received'),
      eb.fn
        .sum<number | string | null>(signedAmount(eb))
        .filterWhere('p.processed_at', '<', prevEnd)
        .as('prev_received'),
    ])
    .where('p.tenant_id', '=', s.tenantId)
    .where('p.processed_at', '>=', prevStart)
    .where('p.processed_at', '<', end)
    .$if(segmented(s), (w) => w.where('p.invoice_id', 'in', segmentInvoiceIds(tx, s)))
    .executeTakeFirst();
}

function kpi(
  unit: ReportKpi['unit'],
  value: number,
  previous: number,
  period: string,
  note: string,
  hadPrevious = previous !== 0,
): ReportKpi {
  let change: number | null;
  if (unit === 'percent') change = hadPrevious ? round1(value - previous) : null;
  else change = previous !== 0 ? round1(((value - previous) / Math.abs(previous)) * 100) : null;
  return {
    unit,
    value,
    change,
    period,
    trend: change === null || change === 0 ? 'neutral' : change > 0 ? 'up' : 'down',
    note,
  };
}

/** `GET /api/reports/executive-kpis`. */
export async function executiveKpis(tx: Tx, s: ReportScope): Promise<z.input<typeof executiveKpisSchema>> {
  const [now, before] = await figures(tx, s);
  const words = periodWords(s.from, s.to);
  const against = `against ${periodWords(s.prevFrom, s.prevTo)}`;
  const rate = '(change in percentage points)';
  return {
    period: s.period,
    from: s.from,
    to: s.to,
    kpis: {
      bookings: kpi(
        'count',
        now.bookings,
        before.bookings,
        words,
        `Bookings whose event falls in the period (requests, holds, confirmed and completed; not cancelled or expired), ${against}.`,
      ),
      revenue: {
        ...kpi(
          'cents',
          now.revenueCents,
          before.revenueCents,
          words,
          `Payments received in the period less refunds and reversals (by payment date), ${against}.`,
        ),
        basis: 'payment-date',
      },
      utilisation: kpi(
        'percent',
        now.utilisation,
        before.utilisation,
        words,
        `Booked hours ÷ opening hours of the active resources (holds, confirmed and completed bookings inside opening hours; buffers excluded), ${against} ${rate}.`,
        true,
      ),
      depositConversion: kpi(
        'percent',
        percent(now.depositsPaid, now.depositsIssued),
        percent(before.depositsPaid, before.depositsIssued),
        words,
        `${now.depositsPaid} of ${now.depositsIssued} deposit invoices issued in the period are paid, ${against} ${rate}.`,
        before.depositsIssued > 0,
      ),
      onTimePayments: kpi(
        'percent',
        percent(now.onTime, now.due),
        percent(before.onTime, before.due),
        words,
        `${now.onTime} of ${now.due} invoices due in the period were paid in full by their due date, ${against} ${rate}.`,
        before.due > 0,
      ),
      cancellationRate: kpi(
        'percent',
        percent(now.cancelled, now.bookings + now.cancelled),
        percent(before.cancelled, before.bookings + before.cancelled),
        words,
        `${now.cancelled} of ${now.bookings + now.cancelled} bookings whose event falls in the period were cancelled, ${against} ${rate}.`,
        before.bookings + before.cancelled > 0,
      ),
    },
  };
}
