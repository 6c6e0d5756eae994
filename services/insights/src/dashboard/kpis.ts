/**
 * The six KPIs of the Dashboard (spec 01 §2, issue 14), each with the previous period's figure,
 * the delta and a sparkline, computed from the read model only (no call to another service).
 * Every period is in venue days (days.ts); `day` is the day the filter bar looks at.
 */
import { WEEKDAYS, defaultHours, type OpeningHours } from '@venue/contracts';
import { KPI_TITLES, type Kpi, type KpiKey } from '@venue/contracts/insights';
import type { Tx } from '@venue/service-kit';
import { zonedInstant } from '@venue/service-kit';
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
import { formatCents } from './text.ts';

export interface KpiInput {
  tenantId: string;
  zone: string;
  /** The venue day looked at. */
  day: string;
  now: Date;
  resourceId: string | null;
}

/** Statuses whose time counts as booked (a request still pending review holds no hire). */
const BOOKED = ['tentative', 'confirmed', 'completed'];
/** Statuses counted as bookings of a week (everything but cancelled and expired). */
const LIVE = ['pending', 'tentative', 'confirmed', 'completed'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function kpi(
  key: KpiKey,
  unit: Kpi['unit'],
  value: number,
  previous: number,
  points: Array<[string, number]>,
  note: string,
): Kpi {
  const delta = unit === 'percent' ? Math.round((value - previous) * 10) / 10 : value - previous;
  return {
    key,
    title: KPI_TITLES[key],
    unit,
    value,
    previous,
    delta,
    deltaType: delta > 0 ? 'increase' : delta < 0 ? 'decrease' : 'neutral',
    sparkline: points.map(([, v]) => v),
    sparklineLabels: points.map(([l]) => l),
    note,
  };
}

const ms = (v: Date | string) => new Date(v).getTime();

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
  const { rows } = await tx.query<{ id: string; hours: OpeningHours | string | null }>(
    `SELECT id, hours FROM resources
      WHERE tenant_id = $1 AND status = 'active' AND NOT deleted AND ($2::uuid IS NULL OR id = $2::uuid)`,
    [input.tenantId, input.resourceId],
  );
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
  const resources = await activeResources(tx, input);
  const from = dayStart(addDays(input.day, -7), input.zone);
  const to = dayStart(addDays(input.day, 1), input.zone);
  const { rows } = await tx.query<{ resource_id: string; starts_at: Date; ends_at: Date }>(
    `SELECT resource_id, starts_at, ends_at FROM bookings
      WHERE tenant_id = $1 AND starts_at < $3 AND ends_at > $2 AND status = ANY($4::text[])
        AND ($5::uuid IS NULL OR resource_id = $5::uuid)`,
    [input.tenantId, from, to, BOOKED, input.resourceId],
  );
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
      : `${today.bookedHours} of ${today.openHours} opening hours booked across ${resources.length} active resource${resources.length === 1 ? '' : 's'} (confirmed and tentative; buffers excluded). Compared with the same day last week.`;
  return kpi('occupancyToday', 'percent', today.percent, lastWeek.percent, points, note);
}

// ---------------------------------------------------------------------------------------------
// Bookings this week
// ---------------------------------------------------------------------------------------------

async function bookingsThisWeek(tx: Tx, input: KpiInput): Promise<Kpi> {
  const monday = mondayOf(input.day);
  const weeks = 8;
  const first = addDays(monday, -7 * (weeks - 1));
  const { rows } = await tx.query<{ starts_at: Date }>(
    `SELECT starts_at FROM bookings
      WHERE tenant_id = $1 AND starts_at >= $2 AND starts_at < $3 AND status = ANY($4::text[])
        AND ($5::uuid IS NULL OR resource_id = $5::uuid)`,
    [
      input.tenantId,
      dayStart(first, input.zone),
      dayStart(addDays(monday, 7), input.zone),
      LIVE,
      input.resourceId,
    ],
  );
  const counts = new Map<string, number>();
  for (const r of rows) {
    const w = mondayOf(dayOf(new Date(r.starts_at), input.zone));
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const points: Array<[string, number]> = [];
  for (let i = weeks - 1; i >= 0; i--) {
    const w = addDays(monday, -7 * i);
    points.push([`Week of ${dayLabel(w)}`, counts.get(w) ?? 0]);
  }
  const value = counts.get(monday) ?? 0;
  const previous = counts.get(addDays(monday, -7)) ?? 0;
  return kpi(
    'bookingsThisWeek',
    'count',
    value,
    previous,
    points,
    `Bookings taking place ${dayLabel(monday)} – ${dayLabel(addDays(monday, 6))} (requests, holds, confirmed and completed; not cancelled or expired), against the week before.`,
  );
}

// ---------------------------------------------------------------------------------------------
// Holds expiring
// ---------------------------------------------------------------------------------------------

async function holdsExpiring(tx: Tx, input: KpiInput): Promise<Kpi> {
  const now = input.now.getTime();
  const { rows } = await tx.query<{ status: string; last_hold_expires_at: Date }>(
    `SELECT status, last_hold_expires_at FROM bookings
      WHERE tenant_id = $1 AND last_hold_expires_at > $2 AND last_hold_expires_at <= $3
        AND ($4::uuid IS NULL OR resource_id = $4::uuid)`,
    [input.tenantId, new Date(now - 7 * DAY), new Date(now + 48 * HOUR), input.resourceId],
  );
  let value = 0;
  let previous = 0;
  const perDay = new Map<string, number>();
  for (const r of rows) {
    const at = ms(r.last_hold_expires_at);
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
// Payments due (money's invoices)
// ---------------------------------------------------------------------------------------------

interface DueInvoice {
  id: string;
  due_date: string | Date;
  issue_date: string | Date | null;
  balance_cents: number | string;
}

const isoDay = (v: string | Date | null): string | null =>
  v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);

/**
 * What was owed on invoices due by the end of each day: an invoice's balance then is its
 * balance now plus what was paid after that day, less what was reversed after it.
 */
async function paymentsDue(tx: Tx, input: KpiInput): Promise<Kpi> {
  const first = addDays(input.day, -13);
  const since = dayStart(first, input.zone);
  const { rows } = await tx.query<DueInvoice>(
    `SELECT i.id, i.due_date::text AS due_date, i.issue_date::text AS issue_date, i.balance_cents FROM invoices i
      WHERE i.tenant_id = $1 AND i.status NOT IN ('DRAFT', 'VOID') AND i.due_date <= $2::date
        AND (i.balance_cents > 0 OR EXISTS (SELECT 1 FROM payments p
              WHERE p.tenant_id = $1 AND p.invoice_id = i.id AND p.processed_at >= $3))
        AND ($4::uuid IS NULL OR i.booking_id IN (SELECT b.id FROM bookings b WHERE b.tenant_id = $1 AND b.resource_id = $4::uuid))`,
    [input.tenantId, input.day, since, input.resourceId],
  );
  const { rows: moves } = await tx.query<{
    invoice_id: string;
    kind: string;
    amount_cents: number | string;
    processed_at: Date;
  }>(
    `SELECT invoice_id, kind, amount_cents, processed_at FROM payments
      WHERE tenant_id = $1 AND processed_at >= $2 AND invoice_id = ANY($3::uuid[])`,
    [input.tenantId, since, rows.map((r) => r.id)],
  );
  const owedAt = (date: string): { cents: number; count: number } => {
    const end = dayStart(addDays(date, 1), input.zone).getTime();
    let cents = 0;
    let count = 0;
    for (const inv of rows) {
      const due = isoDay(inv.due_date)!;
      const issued = isoDay(inv.issue_date);
      if (due > date || (issued !== null && issued > date)) continue;
      let balance = Number(inv.balance_cents);
      for (const m of moves) {
        if (m.invoice_id !== inv.id || ms(m.processed_at) < end) continue;
        // A payment after the day was still owed then; a reversal after it had been paid then.
        // A refund goes with a credit note of the same amount, so it leaves the balance alone.
        if (m.kind === 'payment') balance += Number(m.amount_cents);
        else if (m.kind === 'reversal') balance -= Number(m.amount_cents);
      }
      if (balance > 0) {
        cents += balance;
        count++;
      }
    }
    return { cents, count };
  };
  const points: Array<[string, number]> = [];
  for (let i = -6; i <= 0; i++) {
    const d = addDays(input.day, i);
    points.push([dayLabel(d), owedAt(d).cents]);
  }
  const now = owedAt(input.day);
  const before = owedAt(addDays(input.day, -7));
  return kpi(
    'paymentsDue',
    'cents',
    now.cents,
    before.cents,
    points,
    `${now.count} invoice${now.count === 1 ? '' : 's'} due or overdue by ${dayLabel(input.day)}, ${formatCents(now.cents)} outstanding; against a week earlier.`,
  );
}

// ---------------------------------------------------------------------------------------------
// Cancellations (30 days)
// ---------------------------------------------------------------------------------------------

async function cancellations(tx: Tx, input: KpiInput): Promise<Kpi> {
  const end = dayStart(addDays(input.day, 1), input.zone);
  const first = addDays(input.day, -59);
  const { rows } = await tx.query<{ cancelled_at: Date }>(
    `SELECT cancelled_at FROM bookings
      WHERE tenant_id = $1 AND cancelled_at >= $2 AND cancelled_at < $3 AND status = 'cancelled'
        AND ($4::uuid IS NULL OR resource_id = $4::uuid)`,
    [input.tenantId, dayStart(first, input.zone), end, input.resourceId],
  );
  const perDay = new Map<string, number>();
  for (const r of rows) {
    const d = dayOf(new Date(r.cancelled_at), input.zone);
    perDay.set(d, (perDay.get(d) ?? 0) + 1);
  }
  let value = 0;
  let previous = 0;
  for (let i = 0; i < 60; i++) {
    const n = perDay.get(addDays(input.day, -i)) ?? 0;
    if (i < 30) value += n;
    else previous += n;
  }
  // Six five-day buckets over the thirty days, oldest first.
  const points: Array<[string, number]> = [];
  for (let b = 5; b >= 0; b--) {
    let n = 0;
    for (let i = b * 5; i < b * 5 + 5; i++) n += perDay.get(addDays(input.day, -i)) ?? 0;
    points.push([
      `${dayLabel(addDays(input.day, -(b * 5 + 4)))} – ${dayLabel(addDays(input.day, -b * 5))}`,
      n,
    ]);
  }
  return kpi(
    'cancellations30d',
    'count',
    value,
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
  const firstMonth = addMonths(month, -5);
  const end = dayStart(addDays(input.day, 1), input.zone);
  const { rows } = await tx.query<{ kind: string; amount_cents: number | string; processed_at: Date }>(
    `SELECT p.kind, p.amount_cents, p.processed_at FROM payments p
      WHERE p.tenant_id = $1 AND p.processed_at >= $2 AND p.processed_at < $3
        AND ($4::uuid IS NULL OR p.invoice_id IN (
          SELECT i.id FROM invoices i JOIN bookings b ON b.tenant_id = i.tenant_id AND b.id = i.booking_id
           WHERE i.tenant_id = $1 AND b.resource_id = $4::uuid))`,
    [input.tenantId, dayStart(firstMonth, input.zone), end, input.resourceId],
  );
  // The previous period is the same span of last month (1st to the same day, or its last day).
  const dom = Number(input.day.slice(8, 10));
  const prevMonth = addMonths(month, -1);
  const prevEnd = addDays(prevMonth, Math.min(dom, daysInMonth(prevMonth)) - 1);
  const perMonth = new Map<string, number>();
  let previous = 0;
  for (const r of rows) {
    const signed = r.kind === 'payment' ? Number(r.amount_cents) : -Number(r.amount_cents);
    const d = dayOf(new Date(r.processed_at), input.zone);
    const m = firstOfMonth(d);
    perMonth.set(m, (perMonth.get(m) ?? 0) + signed);
    if (m === prevMonth && d <= prevEnd) previous += signed;
  }
  const points: Array<[string, number]> = [];
  for (let i = 5; i >= 0; i--) {
    const m = addMonths(month, -i);
    points.push([i === 0 ? `${monthLabel(m)} to date` : monthLabel(m), perMonth.get(m) ?? 0]);
  }
  const value = perMonth.get(month) ?? 0;
  return kpi(
    'revenueMtd',
    'cents',
    value,
    previous,
    points,
    `Payments received ${dayLabel(month)} – ${dayLabel(input.day)} less refunds and reversals (by payment date), against ${dayLabel(prevMonth)} – ${dayLabel(prevEnd)}.`,
  );
}

/** The six KPIs in the spec's order. */
export async function dashboardKpis(tx: Tx, input: KpiInput): Promise<Kpi[]> {
  return [
    await occupancy(tx, input),
    await bookingsThisWeek(tx, input),
    await holdsExpiring(tx, input),
    await paymentsDue(tx, input),
    await cancellations(tx, input),
    await revenue(tx, input),
  ];
}
