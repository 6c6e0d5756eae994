/**
 * Utilisation for Reports: booked time ÷ opening time of the active resources over the period
 * (the executive KPI), and per resource the weekday × hour heatmap 06:00–22:00 with the buffer
 * marker (spec 03 §2.10). A booking counts inside its resource's opening window only, and only
 * the event itself (buffers excluded, as on the Dashboard); a cell is marked `hasBuffers` when a
 * booking's setup or pack-down time falls in it.
 *
 * Venue hours become instants once per day (the day's start plus whole hours, or the kit's
 * clock on a day the clocks change), so a year of days and thousands of bookings need no more
 * than a few hundred time-zone conversions.
 */
import { WEEKDAYS, defaultHours, type OpeningHours } from '@venue/contracts';
import type { Tx } from '@venue/service-kit';
import { zonedInstant } from '@venue/service-kit';
import { addDays, dayStart, weekdayIndex } from '../dashboard/days.ts';
import { db, overlapping } from '../db/query.ts';
import { inSegment, percent, round1, span, type ReportScope } from './scope.ts';

export const HEATMAP_FIRST_HOUR = 6;
export const HEATMAP_END_HOUR = 22;
const HOURS = HEATMAP_END_HOUR - HEATMAP_FIRST_HOUR;
const HOUR = 3_600_000;
const MIN = 60_000;
const DAY_MS = 24 * HOUR;
export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Statuses whose time counts as booked (as the Dashboard's occupancy). */
export const BOOKED = ['tentative', 'confirmed', 'completed'];

export interface UtilResource {
  id: string;
  name: string;
  hours: OpeningHours;
  setupBufferMinutes: number;
  packdownBufferMinutes: number;
}

export interface UtilBooking {
  resource_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  setup_buffer_minutes: number;
  packdown_buffer_minutes: number;
}

/** The venue days of a span with their starts, and wall-clock times of each day as instants. */
class VenueDays {
  readonly days: string[] = [];
  readonly starts: number[] = [];
  /** 0 = Monday … 6 = Sunday, per day. */
  readonly weekdays: number[] = [];
  private readonly steady: boolean[] = [];
  private readonly zone: string;
  constructor(from: string, to: string, zone: string) {
    this.zone = zone;
    for (let d = from; d <= addDays(to, 1); d = addDays(d, 1)) this.days.push(d);
    // Day starts a month at a time: a month whose days are all 24 hours long (its start and the
    // next month's are whole days apart) steps by 24 h; the month of a clock change is read day
    // by day from the kit's clock. Two conversions a month instead of one a day.
    let i = 0;
    let a = dayStart(this.days[0]!, zone).getTime();
    while (i < this.days.length) {
      let j = i;
      while (j + 1 < this.days.length && this.days[j + 1]!.slice(0, 7) === this.days[i]!.slice(0, 7)) j++;
      const b = dayStart(addDays(this.days[j]!, 1), zone).getTime();
      const steady = b - a === (j + 1 - i) * DAY_MS;
      for (let k = i; k <= j; k++)
        this.starts.push(
          k === i ? a : steady ? a + (k - i) * DAY_MS : dayStart(this.days[k]!, zone).getTime(),
        );
      i = j + 1;
      a = b;
    }
    // A day of 24 hours has no clock change: its wall-clock times are its start plus the time.
    for (let k = 0; k + 1 < this.starts.length; k++)
      this.steady.push(this.starts[k + 1]! - this.starts[k]! === DAY_MS);
    this.days.pop();
    for (const d of this.days) this.weekdays.push(weekdayIndex(d));
  }
  /** The instant of `hh:mm` on day k. */
  at(k: number, hhmm: string): number {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    if (this.steady[k]) return this.starts[k]! + h * HOUR + m * MIN;
    return zonedInstant(
      this.days[k]!,
      `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`,
      this.zone,
    ).getTime();
  }
  /** The index of the day an instant falls on (−1 before the first, days.length after the last). */
  indexOf(t: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    if (t < this.starts[0]!) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

function windowOf(r: UtilResource, v: VenueDays, k: number): [number, number] | null {
  const h = r.hours[WEEKDAYS[v.weekdays[k]!]!];
  if (!h || h.closed || !h.open || !h.close) return null;
  const open = v.at(k, h.open);
  const close = v.at(k, h.close);
  return close > open ? [open, close] : null;
}

const overlap = (a: number, b: number, c: number, d: number) => Math.max(0, Math.min(b, d) - Math.max(a, c));

export interface Heat {
  /** [weekday][hour − 6]: booked and open milliseconds, and whether a buffer falls there. */
  booked: number[][];
  open: number[][];
  buffers: boolean[][];
}

export interface UtilisationFigures {
  bookedMs: number;
  openMs: number;
  percent: number;
  /** Per resource id, when asked for. */
  heat?: Map<string, Heat>;
}

const grid = <T>(v: () => T): T[][] => Array.from({ length: 7 }, () => Array.from({ length: HOURS }, v));

/** Booked ÷ open over the venue days `from`…`to`; with `withHeat`, the per-resource heatmap too. */
export function utilisationOf(
  from: string,
  to: string,
  zone: string,
  resources: UtilResource[],
  bookings: UtilBooking[],
  withHeat = false,
): UtilisationFigures {
  const v = new VenueDays(from, to, zone);
  const heat = withHeat ? new Map<string, Heat>() : undefined;
  const byResource = new Map<string, UtilBooking[]>();
  for (const b of bookings) {
    const list = byResource.get(b.resource_id);
    if (list) list.push(b);
    else byResource.set(b.resource_id, [b]);
  }
  let bookedMs = 0;
  let openMs = 0;
  // Hour boundaries of a day, [06:00 … 22:00], worked out once per day.
  const hourCache = new Map<number, number[]>();
  const hoursOf = (k: number) => {
    let hs = hourCache.get(k);
    if (!hs) {
      hs = Array.from({ length: HOURS + 1 }, (_, i) => v.at(k, `${HEATMAP_FIRST_HOUR + i}:00`));
      hourCache.set(k, hs);
    }
    return hs;
  };
  for (const r of resources) {
    const h: Heat | undefined = heat
      ? { booked: grid(() => 0), open: grid(() => 0), buffers: grid(() => false) }
      : undefined;
    if (h) heat!.set(r.id, h);
    const windows = v.days.map((_, k) => windowOf(r, v, k));
    windows.forEach((w, k) => {
      if (!w) return;
      openMs += w[1] - w[0];
      if (h) {
        const hs = hoursOf(k);
        const wd = v.weekdays[k]!;
        for (let i = 0; i < HOURS; i++) h.open[wd]![i]! += overlap(w[0], w[1], hs[i]!, hs[i + 1]!);
      }
    });
    for (const b of byResource.get(r.id) ?? []) {
      const s = new Date(b.starts_at).getTime();
      const e = new Date(b.ends_at).getTime();
      const setup = s - b.setup_buffer_minutes * MIN;
      const pack = e + b.packdown_buffer_minutes * MIN;
      const first = Math.max(0, v.indexOf(setup));
      const last = Math.min(v.days.length - 1, v.indexOf(pack - 1));
      for (let k = first; k <= last; k++) {
        const w = windows[k];
        if (w) bookedMs += overlap(s, e, w[0], w[1]);
        if (!h) continue;
        const hs = hoursOf(k);
        const wd = v.weekdays[k]!;
        for (let i = 0; i < HOURS; i++) {
          // Only the hours the booking and its buffers reach (a hire is a few of the sixteen).
          if (hs[i + 1]! <= setup) continue;
          if (hs[i]! >= pack) break;
          if (w) {
            const cs = Math.max(hs[i]!, w[0]);
            const ce = Math.min(hs[i + 1]!, w[1]);
            if (ce > cs) h.booked[wd]![i]! += overlap(s, e, cs, ce);
          }
          if (overlap(setup, s, hs[i]!, hs[i + 1]!) > 0 || overlap(e, pack, hs[i]!, hs[i + 1]!) > 0)
            h.buffers[wd]![i] = true;
        }
      }
    }
  }
  return { bookedMs, openMs, percent: percent(Math.min(bookedMs, openMs), openMs), heat };
}

/** Active resources (or the one asked for) with opening hours and buffers. */
export async function reportResources(tx: Tx, s: ReportScope): Promise<UtilResource[]> {
  const rows = await db(tx)
    .selectFrom('resources')
    .select(['id', 'name', 'hours', 'setup_buffer_minutes', 'packdown_buffer_minutes'])
    .where('tenant_id', '=', s.tenantId)
    .where('status', '=', 'active')
    .where('deleted', '=', false)
    .$if(s.resourceId !== null, (q) => q.where('id', '=', s.resourceId!))
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    hours: r.hours
      ? ((typeof r.hours === 'string' ? JSON.parse(r.hours) : r.hours) as OpeningHours)
      : defaultHours(),
    setupBufferMinutes: Number(r.setup_buffer_minutes),
    packdownBufferMinutes: Number(r.packdown_buffer_minutes),
  }));
}

/** Booked bookings of the segments touching the span (their buffers included). */
export async function reportBookedSlots(
  tx: Tx,
  s: ReportScope,
  from: string,
  to: string,
): Promise<UtilBooking[]> {
  const [start, end] = span(from, to, s.zone);
  return db(tx)
    .selectFrom('bookings as b')
    .select([
      'b.resource_id',
      'b.starts_at',
      'b.ends_at',
      'b.setup_buffer_minutes',
      'b.packdown_buffer_minutes',
    ])
    .where('b.tenant_id', '=', s.tenantId)
    .where((eb) => overlapping(eb, start, end))
    .where('b.status', 'in', BOOKED)
    .$if(s.resourceId !== null, (q) => q.where('b.resource_id', '=', s.resourceId!))
    .where((eb) => inSegment(s, eb))
    .execute();
}

/** `GET /api/reports/resource-utilisation`. */
export async function resourceUtilisation(tx: Tx, s: ReportScope) {
  const [resources, bookings] = await Promise.all([
    reportResources(tx, s),
    reportBookedSlots(tx, s, s.from, s.to),
  ]);
  const { heat } = utilisationOf(s.from, s.to, s.zone, resources, bookings, true);
  return {
    utilisationData: resources.map((r) => {
      const h = heat!.get(r.id)!;
      return {
        resourceId: r.id,
        name: r.name,
        bufferMinutes: r.setupBufferMinutes + r.packdownBufferMinutes,
        setupBufferMinutes: r.setupBufferMinutes,
        packdownBufferMinutes: r.packdownBufferMinutes,
        data: DAY_NAMES.map((day, wd) => {
          const utilisation = Array.from({ length: HOURS }, (_, i) => ({
            hour: HEATMAP_FIRST_HOUR + i,
            rate: percent(Math.min(h.booked[wd]![i]!, h.open[wd]![i]!), h.open[wd]![i]!),
            hasBuffers: h.buffers[wd]![i]!,
          }));
          const open = utilisation.filter((_, i) => h.open[wd]![i]! > 0);
          let peak = open[0];
          let low = open[0];
          for (const c of open) {
            if (c.rate > peak!.rate) peak = c;
            if (c.rate < low!.rate) low = c;
          }
          return {
            day,
            utilisation,
            peakHour: peak?.hour ?? null,
            peakRate: peak?.rate ?? 0,
            averageRate: open.length ? round1(open.reduce((t, c) => t + c.rate, 0) / open.length) : 0,
            lowHour: low?.hour ?? null,
          };
        }),
      };
    }),
  };
}
