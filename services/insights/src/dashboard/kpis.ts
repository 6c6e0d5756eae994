/**
 * The six KPIs of the Dashboard (spec 01 §2, issue 14), each with the previous period's figure,
 * the delta and a sparkline, computed from the read model only (no call to another service).
 * Every period is in venue days (days.ts); `day` is the day the filter bar looks at.
 */
import { WEEKDAYS, defaultHours, type OpeningHours } from '@venue/contracts';
import type { Kpi } from '@venue/contracts/insights';
import { zonedInstant, type Tx } from '@venue/service-kit';
import { db, overlapping, resourceBookingIds, signedAmount } from '../db/query.ts';
import {
  addDays,
  addMonths,
  dayLabel,
  dayOf,
  dayStart,
  daysInMonth,
  firstOfMonth,
  mondayOf,
  monthLabel,
  weekdayIndex,
} from './days.ts';
import { BOOKED, DAY, HOUR, LIVE, kpi, ms, perPeriod, type KpiInput } from './kpi-parts.ts';
import { paymentsDueKpi } from './payments-due-kpi.ts';

export type { KpiInput } from './kpi-parts.ts';

// ---------------------------------------------------------------------------------------------
// Occupancy
// ---------------------------------------------------------------------------------------------

interface ResourceHours {
  id: string;
  hours: OpeningHours;
}

/** The resource's opening window on a venue day, as instants; null when closed. */
export function openingWindow(hours: OpeningHours, date: string, zone: string): [number, number] | null {
  const h = hours[WEEKDAYS[weekdayIndex(date)]!];
  if (!h || h.closed || !h.open || !h.close) return null;
  const open = zonedInstant(date, h.open, zone).getTime();
  const close = zonedInstant(date, h.close, zone).getTime();
  return close > open ? [open, close] : null;
}

/** Active resources with their opening hours (the catalogue's default week when none was sent). */
async function activeResources(tx: Tx, input: KpiInput): Promise<ResourceHours[]> {
  const rows = await db(tx)
    .selectFrom('resources')
    .select(['id', 'hours'])
    .where('tenant_id', '=', input.tenantId)
    .where('status', '=', 'active')
    .where('deleted', '=', false)
    .$if(input.resourceId !== null, (q) => q.where('id', '=', input.resourceId!))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    hours: r.hours
      ? ((typeof r.hours === 'string' ? JSON.parse(r.hours) : r.hours) as OpeningHours)
      : defaultHours(),
  }));
}

/**
 * Booked hours ÷ opening hours of the active resources on `date`, in percent with one decimal.
 * A booking counts only inside its resource's opening window; buffers never count (the read
 * model keeps the event's own start and end).
 */
export function occupancyOn(
  date: string,
  zone: string,
  resources: ResourceHours[],
  bookings: Array<{ resource_id: string; starts_at: Date | string; ends_at: Date | string }>,
): { percent: number; bookedHours: number; openHours: number } {
  let open = 0;
  let booked = 0;
  for (const r of resources) {
    const w = openingWindow(r.hours, date, zone);
    if (!w) continue;
    open += w[1] - w[0];
    for (const b of bookings) {
      if (b.resource_id !== r.id) continue;
      const s = Math.max(ms(b.starts_at), w[0]);
      const e = Math.min(ms(b.ends_at), w[1]);
      if (e > s) booked += e - s;
    }
  }
  booked = Math.min(booked, open);
  return {
    percent: open === 0 ? 0 : Math.round((booked / open) * 1000) / 10,
    bookedHours: Math.round((booked / HOUR) * 10) / 10,
    openHours: Math.round((open / HOUR) * 10) / 10,
  };
}

async function occupancy(tx: Tx, input: KpiInput): Promise<Kpi> {
  const from = dayStart(addDays(input.day, -7), input.zone);
  const to = dayStart(addDays(input.day, 1), input.zone);
  const [resources, rows] = await Promise.all([
    activeResources(tx, input),
    db(tx)
      .selectFrom('bookings as b')
      .select(['b.resource_id', 'b.starts_at', 'b.ends_at'])
      .where('b.tenant_id', '=', input.tenantId)
      .where((eb) => overlapping(eb, from, to))
      .where('b.status', 'in', BOOKED)
      .$if(input.resourceId !== null, (q) => q.where('b.resource_id', '=', input.resourceId!))
      .execute(),
  ]);
  const points: Array<[string, number]> = [];
  for (let i = -6; i <= 0; i++) {
    const d = addDays(input.day, i);
    points.push([dayLabel(d), occupancyOn(d, input.zone, resources, rows).percent]);
  }
  const today = occupancyOn(input.day, input.zone, resources, rows);
  const lastWeek = occupancyOn(addDays(input.day, -7), input.zone, resources, rows);
  const note =
    today.openHours === 0
      ? 'No active resource is open on this day.'
      : `${today.bookedHours} of ${today.openHours} opening hours booked across ${resources.length} active resource${resources.length === 1 ? '' : 's'} (tentative, confirmed and completed bookings, counted inside opening hours only; buffers excluded). Compared with the same day last week.`;
  return kpi('occupancyToday', 'percent', today.percent, lastWeek.percent, points, note);
}

// ---------------------------------------------------------------------------------------------
// Bookings this week
// ---------------------------------------------------------------------------------------------

async function bookingsThisWeek(tx: Tx, input: KpiInput): Promise<Kpi> {
  const monday = mondayOf(input.day);
  const weeks = 8;
  const starts = Array.from({ length: weeks + 1 }, (_, k) => addDays(monday, -7 * (weeks - 1 - k)));
  const counts = await perPeriod(
    starts.map((d) => dayStart(d, input.zone)),
    (bucket) =>
      db(tx)
        .selectFrom('bookings')
        .select((eb) => [bucket('starts_at').as('b'), eb.fn.countAll<number>().as('v')])
        .where('tenant_id', '=', input.tenantId)
        .where('starts_at', '>=', dayStart(starts[0]!, input.zone))
        .where('starts_at', '<', dayStart(starts[weeks]!, input.zone))
        .where('status', 'in', LIVE)
        .$if(input.resourceId !== null, (q) => q.where('resource_id', '=', input.resourceId!))
        .groupBy('b')
        .execute(),
  );
  const points = counts.map((v, k): [string, number] => [`Week of ${dayLabel(starts[k]!)}`, v]);
  return kpi(
    'bookingsThisWeek',
    'count',
    counts[weeks - 1]!,
    counts[weeks - 2]!,
    points,
    `Bookings taking place ${dayLabel(monday)} – ${dayLabel(addDays(monday, 6))} (requests, holds, confirmed and completed; not cancelled or expired), against the week before.`,
  );
}

// ---------------------------------------------------------------------------------------------
// Holds expiring
// ---------------------------------------------------------------------------------------------

async function holdsExpiring(tx: Tx, input: KpiInput): Promise<Kpi> {
  const now = input.now.getTime();
  const rows = await db(tx)
    .selectFrom('bookings')
    .select(['status', 'last_hold_expires_at'])
    .where('tenant_id', '=', input.tenantId)
    .where('last_hold_expires_at', '>', new Date(now - 7 * DAY))
    .where('last_hold_expires_at', '<=', new Date(now + 48 * HOUR))
    .$if(input.resourceId !== null, (q) => q.where('resource_id', '=', input.resourceId!))
    .execute();
  let value = 0;
  let previous = 0;
  const perDay = new Map<string, number>();
  for (const r of rows) {
    const at = ms(r.last_hold_expires_at!);
    if (at > now && r.status === 'tentative') value++;
    if (at <= now && at > now - 48 * HOUR) previous++;
    if (at <= now) {
      const d = dayOf(new Date(at), input.zone);
      perDay.set(d, (perDay.get(d) ?? 0) + 1);
    }
  }
  const today = dayOf(input.now, input.zone);
  const points: Array<[string, number]> = [];
  for (let i = -6; i <= 0; i++) {
    const d = addDays(today, i);
    points.push([`${dayLabel(d)}: holds that came due`, perDay.get(d) ?? 0]);
  }
  points.push(['Next 48 h', value]);
  return kpi(
    'holdsExpiring',
    'count',
    value,
    previous,
    points,
    'Tentative holds with under 48 hours left, against the holds whose time ran out in the last 48 hours (confirmed, released or expired since).',
  );
}

// ---------------------------------------------------------------------------------------------
// Cancellations (30 days)
// ---------------------------------------------------------------------------------------------

async function cancellations(tx: Tx, input: KpiInput): Promise<Kpi> {
  // 60 venue days, oldest first: the previous 30, then the 30 to `day`.
  const days = Array.from({ length: 61 }, (_, k) => addDays(input.day, k - 59));
  const perDay = await perPeriod(
    days.map((d) => dayStart(d, input.zone)),
    (bucket) =>
      db(tx)
        .selectFrom('bookings')
        .select((eb) => [bucket('cancelled_at').as('b'), eb.fn.countAll<number>().as('v')])
        .where('tenant_id', '=', input.tenantId)
        .where('cancelled_at', '>=', dayStart(days[0]!, input.zone))
        .where('cancelled_at', '<', dayStart(days[60]!, input.zone))
        .where('status', '=', 'cancelled')
        .$if(input.resourceId !== null, (q) => q.where('resource_id', '=', input.resourceId!))
        .groupBy('b')
        .execute(),
  );
  const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
  const previous = sum(perDay.slice(0, 30));
  const recent = perDay.slice(30);
  // Six five-day buckets over the thirty days, oldest first.
  const points: Array<[string, number]> = [];
  for (let b = 0; b < 6; b++) {
    points.push([
      `${dayLabel(days[30 + b * 5]!)} – ${dayLabel(days[34 + b * 5]!)}`,
      sum(recent.slice(b * 5, b * 5 + 5)),
    ]);
  }
  return kpi(
    'cancellations30d',
    'count',
    sum(recent),
    previous,
    points,
    `Bookings cancelled in the 30 days to ${dayLabel(input.day)}, against the 30 days before.`,
  );
}

// ---------------------------------------------------------------------------------------------
// Revenue month to date (payments received)
// ---------------------------------------------------------------------------------------------

async function revenue(tx: Tx, input: KpiInput): Promise<Kpi> {
  const month = firstOfMonth(input.day);
  // The previous period is the same span of last month (1st to the same day, or its last day).
  const dom = Number(input.day.slice(8, 10));
  const prevMonth = addMonths(month, -1);
  const prevEnd = addDays(prevMonth, Math.min(dom, daysInMonth(prevMonth)) - 1);
  const months = Array.from({ length: 6 }, (_, k) => addMonths(month, k - 5));
  const starts = months.map((d) => dayStart(d, input.zone));
  // Periods: the six months (the last one to the end of `day`), last month cut where the span
  // compared with ends, so one statement gives both (unless the span is the whole month).
  const cut = dayStart(addDays(prevEnd, 1), input.zone);
  const whole = cut.getTime() === starts[5]!.getTime();
  const end = dayStart(addDays(input.day, 1), input.zone);
  const bounds = whole ? [...starts, end] : [...starts.slice(0, 5), cut, starts[5]!, end];
  // Payments less refunds and reversals per period.
  const sums = await perPeriod(bounds, (bucket) =>
    db(tx)
      .selectFrom('payments as p')
      .select((eb) => [
        bucket('p.processed_at').as('b'),
        eb.fn.sum<number | string>(signedAmount(eb)).as('v'),
      ])
      .where('p.tenant_id', '=', input.tenantId)
      .where('p.processed_at', '>=', bounds[0]!)
      .where('p.processed_at', '<', bounds.at(-1)!)
      .$if(input.resourceId !== null, (q) =>
        q.where('p.invoice_id', 'in', (eb) =>
          eb
            .selectFrom('invoices as i')
            .select('i.id')
            .where('i.tenant_id', '=', input.tenantId)
            .where('i.booking_id', 'in', resourceBookingIds(tx, input.tenantId, input.resourceId!)),
        ),
      )
      .groupBy('b')
      .execute(),
  );
  const previous = sums[4]!;
  const perMonth = whole ? sums : [...sums.slice(0, 4), sums[4]! + sums[5]!, sums[6]!];
  const points = perMonth.map((v, k): [string, number] => [
    k === 5 ? `${monthLabel(months[k]!)} to date` : monthLabel(months[k]!),
    v,
  ]);
  return kpi(
    'revenueMtd',
    'cents',
    perMonth[5]!,
    previous,
    points,
    `Payments received ${dayLabel(month)} – ${dayLabel(input.day)} less refunds and reversals (by payment date), against ${dayLabel(prevMonth)} – ${dayLabel(prevEnd)}.`,
  );
}

/**
 * The six KPIs in the spec's order. Their reads are independent, so they are asked for together:
 * on the PostgreSQL server the statements leave in one write and share the round trip (the
 * kit's write batcher; socket writes were a third of this service's CPU in the issue 14
 * bench); PGlite takes them one at a time as before.
 */
export async function dashboardKpis(tx: Tx, input: KpiInput): Promise<Kpi[]> {
  return Promise.all([
    occupancy(tx, input),
    bookingsThisWeek(tx, input),
    holdsExpiring(tx, input),
    paymentsDueKpi(tx, input),
    cancellations(tx, input),
    revenue(tx, input),
  ]);
}
