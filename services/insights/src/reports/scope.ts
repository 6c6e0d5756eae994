/**
 * What every Reports figure is computed for (spec 03 §2.10, §7; decision 45): the tenant, the
 * venue's clock, the chosen period and the one before it, and the segments. Periods are venue
 * days (the Dashboard's days.ts); instants come from the kit's venue clock only.
 *
 * Segments: Community/NFP is a booking whose customer's tier is `nonprofit` (the tier the booking
 * event carries); VIP is a customer with lifetime spend over $2,000 or five bookings in twelve
 * months (spec 02 §9, the rule bookings applies in customers/rfm.ts), counted here from the
 * read model's bookings. Several segments add up (NFP or VIP); `all`, or none, is everyone.
 */
import {
  DEFAULT_REPORT_PERIOD,
  type ReportPeriod,
  type ReportSegment,
  type reportsQuery,
} from '@venue/contracts/insights';
import {
  badRequest,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
  type Tx,
} from '@venue/service-kit';
import type { z } from 'zod';
import { addDays, dayStart, venueToday } from '../dashboard/days.ts';
import { db, type InsightsDb } from '../db/query.ts';
import type { BookingsTable } from '../db/schema.ts';

export type ReportsQueryValues = Partial<z.output<typeof reportsQuery>>;

export interface ReportScope {
  tenantId: string;
  zone: string;
  now: Date;
  /** The venue's today. */
  today: string;
  period: ReportPeriod;
  /** The period's first and last venue day (inclusive), and the previous period's. */
  from: string;
  to: string;
  prevFrom: string;
  prevTo: string;
  segments: ReportSegment[];
  nfp: boolean;
  vip: boolean;
  /** With VIP chosen: the VIP customers' ids, worked out once per request (vipCustomers). */
  vipIds: string[];
  /** Months of history and of pipeline (spec: 6), months of forecast (spec: 6). */
  months: number;
  periods: number;
  resourceId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The same day a year earlier (29 Feb becomes 28 Feb). */
function yearBefore(date: string): string {
  const y = Number(date.slice(0, 4)) - 1;
  const md = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${y}-${md}`;
}

/**
 * Last N days end today; the previous period is the N days before. This year runs from 1 January
 * to today; the previous period is the same span of last year.
 */
export function periodDays(
  period: ReportPeriod,
  today: string,
): { from: string; to: string; prevFrom: string; prevTo: string } {
  if (period === '1y') {
    const from = `${today.slice(0, 4)}-01-01`;
    return { from, to: today, prevFrom: yearBefore(from), prevTo: yearBefore(today) };
  }
  const n = Number(period.slice(0, -1));
  const from = addDays(today, -(n - 1));
  return { from, to: today, prevFrom: addDays(from, -n), prevTo: addDays(from, -1) };
}

export function reportScope(tenantId: string, zone: string, now: Date, q: ReportsQueryValues): ReportScope {
  if (q.resourceId !== undefined && !UUID.test(q.resourceId)) {
    throw badRequest('resourceId must be a resource id.', { field: 'resourceId' });
  }
  const today = venueToday(now, zone);
  const period = q.period ?? DEFAULT_REPORT_PERIOD;
  const segments = q.segments ?? ['all'];
  const specific = segments.includes('all') ? [] : segments;
  return {
    tenantId,
    zone,
    now,
    today,
    period,
    ...periodDays(period, today),
    segments,
    nfp: specific.includes('nfp'),
    vip: specific.includes('vip'),
    vipIds: [],
    months: q.months ?? 6,
    periods: q.periods ?? 6,
    resourceId: q.resourceId ?? null,
  };
}

/** The instants a span of venue days covers: [start of `from`, start of the day after `to`). */
export function span(from: string, to: string, zone: string): [Date, Date] {
  return [dayStart(from, zone), dayStart(addDays(to, 1), zone)];
}

// ---------------------------------------------------------------------------------------------
// Segments. Every statement that filters by segment names the booking `b` (or asks for the ids
// of the segments' bookings); the choice is known here, so only the conditions it needs are
// written.
// ---------------------------------------------------------------------------------------------

/** Spec 02 §9, as bookings counts it (customers/rfm.ts VIP_LIFETIME_SPEND_CENTS, VIP_BOOKINGS_12M). */
export const VIP_LIFETIME_SPEND_CENTS = 200_000;
export const VIP_BOOKINGS_12M = 5;

/**
 * The tenant's VIP customers as of the scope's today: lifetime spend of bookings neither
 * cancelled nor lapsed holds (`expired`, as bookings' rfm.ts LAPSED_STATUSES) over $2,000, or
 * five such bookings dated after today less 365 days. Once per request, so the
 * statements of a call compare with a list rather than each group the tenant's bookings again.
 */
export async function vipCustomers(tx: Tx, s: ReportScope): Promise<string[]> {
  const since = dayStart(addDays(s.today, -364), s.zone);
  const rows = await db(tx)
    .selectFrom('bookings')
    .select('customer_id')
    .where('tenant_id', '=', s.tenantId)
    .where('customer_id', 'is not', null)
    .where('status', 'not in', ['cancelled', 'expired'])
    .groupBy('customer_id')
    .having((eb) =>
      eb.or([
        eb(eb.fn.sum('total_cents'), '>', VIP_LIFETIME_SPEND_CENTS),
        eb(eb.fn.countAll().filterWhere('starts_at', '>=', since), '>=', VIP_BOOKINGS_12M),
      ]),
    )
    .execute();
  return rows.map((r) => r.customer_id!);
}

/** A statement over the tenant's bookings as `b`. */
export type WithBooking = InsightsDb & { b: BookingsTable };

/** Is the chosen segments' filter needed (a segment other than all)? */
export const segmented = (s: ReportScope): boolean => s.nfp || s.vip;

/** The booking row `b` is in the chosen segments (every booking when none is chosen). */
export function inSegment(s: ReportScope, eb: ExpressionBuilder<WithBooking, 'b'>): Expression<SqlBool> {
  if (!segmented(s)) return eb.lit(true);
  const any: Array<Expression<SqlBool>> = [];
  if (s.nfp) any.push(eb('b.customer_tier', '=', 'nonprofit'));
  if (s.vip && s.vipIds.length > 0) any.push(eb('b.customer_id', 'in', s.vipIds));
  return any.length > 0 ? eb.or(any) : eb.lit(false);
}

/** The ids of the tenant's bookings in the chosen segments (for `invoice.booking_id IN …`). */
export function segmentBookingIds(tx: Tx, s: ReportScope) {
  return db(tx)
    .selectFrom('bookings as b')
    .select('b.id')
    .where('b.tenant_id', '=', s.tenantId)
    .where((eb) => inSegment(s, eb));
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

export const round1 = (v: number): number => Math.round(v * 10) / 10;

/** Part of whole in percent, one decimal; 0 when there is no whole. */
export const percent = (part: number, whole: number): number =>
  whole > 0 ? round1((part / whole) * 100) : 0;

export const dollars = (cents: number): number => Math.round(cents) / 100;

/** `25 Aug – 23 Nov 2026` (the year on the first day too when it differs). */
const withYear = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const withoutYear = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export function periodWords(from: string, to: string): string {
  const fmt = (d: string, year: boolean) =>
    (year ? withYear : withoutYear).format(new Date(`${d}T00:00:00Z`));
  return `${fmt(from, from.slice(0, 4) !== to.slice(0, 4))} – ${fmt(to, true)}`;
}
