/**
 * Reports by venue month (spec 03 §2.10): Historical Performance (the months up to now: bookings
 * that took place and their value by event date, and money received by payment date), Upcoming
 * Pipeline (held and confirmed bookings from now on, by event date) and the Forecast (base from
 * the confirmed pipeline topped up to the trend of history; optimistic +15 %, cautious −15 %).
 * The current month is split at now: its past in the history, its future in the pipeline.
 * Rows are grouped in the database by width_bucket over month bounds the venue clock gives.
 */
import type { Tx } from '@venue/service-kit';
import { addMonths, dayStart, firstOfMonth, monthLabel } from '../dashboard/days.ts';
import { db, widthBucket } from '../db/query.ts';
import { receivedPerBucket } from './payments.ts';
import { dollars, inSegment, round1, type ReportScope } from './scope.ts';

/** What took place: confirmed and completed bookings. */
const HAPPENED = ['confirmed', 'completed'];
/** The pipeline: holds and confirmed bookings still ahead. */
const AHEAD = ['tentative', 'confirmed'];
export const SCENARIO_FACTOR = 0.15;
/** Complete months of history the forecast's trend is fitted to. */
export const TREND_MONTHS = 6;

interface MonthFigures {
  bookings: number;
  cents: number;
}

/**
 * Bookings and their value per period between `bounds` (instants in order; n bounds make n − 1
 * periods), of the given statuses, by event start.
 */
async function bookingsPer(
  tx: Tx,
  s: ReportScope,
  bounds: Date[],
  statuses: string[],
): Promise<MonthFigures[]> {
  const rows = await db(tx)
    .selectFrom('bookings as b')
    .select((eb) => [
      widthBucket('b.starts_at', bounds).as('k'),
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string>('b.total_cents').as('c'),
    ])
    .where('b.tenant_id', '=', s.tenantId)
    .where('b.starts_at', '>=', bounds[0]!)
    .where('b.starts_at', '<', bounds.at(-1)!)
    .where('b.status', 'in', statuses)
    .where((eb) => inSegment(s, eb))
    .groupBy('k')
    .execute();
  const out = Array.from({ length: bounds.length - 1 }, () => ({ bookings: 0, cents: 0 }));
  for (const r of rows) {
    const k = Number(r.k);
    if (k >= 1 && k < bounds.length) out[k - 1] = { bookings: Number(r.n), cents: Number(r.c) };
  }
  return out;
}

/** Money received less refunds per period between `bounds`, by payment date. */
async function receivedPer(tx: Tx, s: ReportScope, bounds: Date[]): Promise<number[]> {
  const rows = await receivedPerBucket(tx, s, bounds);
  const out = new Array<number>(bounds.length - 1).fill(0);
  for (const r of rows) {
    const k = Number(r.k);
    if (k >= 1 && k < bounds.length) out[k - 1] = Number(r.v);
  }
  return out;
}

const monthKey = (first: string) => first.slice(0, 7);

/** `GET /api/reports/historical-data`: the `months` months to now, oldest first. */
export async function historicalData(tx: Tx, s: ReportScope) {
  const current = firstOfMonth(s.today);
  const firsts = Array.from({ length: s.months }, (_, k) => addMonths(current, k - (s.months - 1)));
  const bounds = [...firsts.map((d) => dayStart(d, s.zone)), s.now];
  const [happened, received] = await Promise.all([
    bookingsPer(tx, s, bounds, HAPPENED),
    receivedPer(tx, s, bounds),
  ]);
  return {
    basis: 'event-date' as const,
    historicalData: firsts.map((first, k) => ({
      month: monthKey(first),
      bookings: happened[k]!.bookings,
      revenueCents: happened[k]!.cents,
      revenue: dollars(happened[k]!.cents),
      receivedCents: received[k]!,
      received: dollars(received[k]!),
    })),
  };
}

/** The `n` months from the current one: their firsts, and bounds from now to the end of the last. */
function monthsAhead(s: ReportScope, n: number): { firsts: string[]; bounds: Date[] } {
  const current = firstOfMonth(s.today);
  const firsts = Array.from({ length: n }, (_, k) => addMonths(current, k));
  const bounds = [
    s.now,
    ...firsts.slice(1).map((d) => dayStart(d, s.zone)),
    dayStart(addMonths(current, n), s.zone),
  ];
  return { firsts, bounds };
}

/** `GET /api/reports/pipeline-data`: held and confirmed bookings from now, the `months` months. */
export async function pipelineData(tx: Tx, s: ReportScope) {
  const { firsts, bounds } = monthsAhead(s, s.months);
  const ahead = await bookingsPer(tx, s, bounds, AHEAD);
  return {
    basis: 'event-date' as const,
    pipelineData: firsts.map((first, k) => ({
      month: monthKey(first),
      bookings: ahead[k]!.bookings,
      revenueCents: ahead[k]!.cents,
      revenue: dollars(ahead[k]!.cents),
    })),
  };
}

/** Least-squares line through (0, y0) … (n−1, yn−1), as [intercept, slope]. */
export function trendLine(ys: number[]): [number, number] {
  const n = ys.length;
  if (n === 0) return [0, 0];
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  ys.forEach((y, x) => {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  });
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return [my - slope * mx, slope];
}

/** `GET /api/reports/forecast`: the `periods` months from the current one. */
export async function forecast(tx: Tx, s: ReportScope) {
  const current = firstOfMonth(s.today);
  // History: the complete months before the current one.
  const past = Array.from({ length: TREND_MONTHS + 1 }, (_, k) => addMonths(current, k - TREND_MONTHS));
  // Confirmed for each coming month: the whole month, what already took place included.
  const firsts = Array.from({ length: s.periods }, (_, k) => addMonths(current, k));
  const [history, confirmed] = await Promise.all([
    bookingsPer(
      tx,
      s,
      past.map((d) => dayStart(d, s.zone)),
      HAPPENED,
    ),
    bookingsPer(
      tx,
      s,
      [...firsts, addMonths(current, s.periods)].map((d) => dayStart(d, s.zone)),
      HAPPENED,
    ),
  ]);
  const [nA, nB] = trendLine(history.map((m) => m.bookings));
  const [cA, cB] = trendLine(history.map((m) => m.cents));
  const base = firsts.map((first, k) => {
    const x = TREND_MONTHS + k;
    const bookings = Math.max(confirmed[k]!.bookings, Math.max(0, nA + nB * x));
    const cents = Math.max(confirmed[k]!.cents, Math.max(0, cA + cB * x));
    return { month: monthKey(first), bookings: round1(bookings), revenueCents: Math.round(cents) };
  });
  const scale = (f: number) =>
    base.map((p) => {
      const cents = Math.round(p.revenueCents * f);
      return {
        month: p.month,
        bookings: round1(p.bookings * f),
        revenueCents: cents,
        revenue: dollars(cents),
      };
    });
  const span = `${monthLabel(past[0]!)} – ${monthLabel(past[TREND_MONTHS - 1]!)}`;
  return {
    forecastData: {
      method:
        `Base: for each month, the bookings and revenue already confirmed for it (by event date), ` +
        `topped up to the straight-line trend (least squares) of the ${TREND_MONTHS} complete months ` +
        `${span} where the trend is higher. Optimistic: base +15 %. Cautious: base −15 %.`,
      basis: 'event-date' as const,
      scenarios: {
        base: scale(1),
        optimistic: scale(1 + SCENARIO_FACTOR),
        cautious: scale(1 - SCENARIO_FACTOR),
      },
    },
  };
}
