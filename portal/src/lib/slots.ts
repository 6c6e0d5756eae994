/**
 * What the availability calendar shows of a day: free or busy only (decision 56), from the
 * busy intervals the bookings service answers (bookings, holds, block-outs and their buffers,
 * merged, nothing else), the resource's opening hours and the venue's notice and window.
 *
 * The server re-checks every request; this only has to agree with it on what to offer. A new
 * booking needs its own setup and pack-down buffers clear of what is busy, so a free stretch
 * between two busy ones offers its event times inside those buffers, as the staff booking form
 * would find them (services/bookings availability/conflicts.ts).
 */
import { addDays, venueWallClock } from './dates.ts';

export interface DayHours {
  date: string;
  /** Minutes since the venue's midnight; null when the resource is closed that day. */
  open: number | null;
  close: number | null;
}

export interface BusyInterval {
  start: string;
  end: string;
}

export interface AvailabilityInput {
  timezone: string;
  days: DayHours[];
  busy: BusyInterval[];
  /** The first instant a request may start (now + the venue's minimum notice). */
  earliestStart: string;
  /** The last date a request may fall on (the venue's booking window). */
  lastDate: string;
  setupMinutes: number;
  packdownMinutes: number;
  /** The venue's today: earlier days are past, not "too soon". */
  today?: string;
}

/** Why a day offers nothing, or 'open' when it offers at least one free window. */
export type DayState = 'open' | 'full' | 'closed' | 'past' | 'too-soon' | 'beyond-window';

export interface Window {
  /** Event start and end, minutes since the venue's midnight. */
  start: number;
  end: number;
}

export interface DayView {
  date: string;
  state: DayState;
  open: number | null;
  close: number | null;
  /** Busy stretches within the opening hours (minutes), for the day's bar. */
  busy: Window[];
  /** Where an event may be placed. */
  free: Window[];
}

/** Shorter free stretches are not offered (the request form still takes any time). */
export const MIN_WINDOW_MINUTES = 30;

/** Busy intervals as minute ranges of one venue day (an interval over midnight is cut at it). */
function busyOnDay(date: string, busy: BusyInterval[], timezone: string): Window[] {
  const out: Window[] = [];
  for (const b of busy) {
    const s = venueWallClock(b.start, timezone);
    const e = venueWallClock(b.end, timezone);
    if (e.date < date || s.date > date) continue;
    if (e.date === date && e.minutes === 0 && s.date < date) continue;
    const start = s.date < date ? 0 : s.minutes;
    const end = e.date > date ? 1440 : e.minutes;
    if (end > start) out.push({ start, end });
  }
  out.sort((a, b) => a.start - b.start);
  const merged: Window[] = [];
  for (const w of out) {
    const last = merged.at(-1);
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else merged.push({ ...w });
  }
  return merged;
}

/** One day of the calendar: its state, busy stretches and free windows. */
export function dayView(input: AvailabilityInput, hours: DayHours): DayView {
  const { date, open, close } = hours;
  const base = { date, open, close };
  if (input.today && date < input.today) return { ...base, state: 'past', busy: [], free: [] };
  if (open === null || close === null || close <= open)
    return { ...base, state: 'closed', busy: [], free: [] };
  const busy = busyOnDay(date, input.busy, input.timezone);
  const shown = busy
    .map((w) => ({ start: Math.max(w.start, open), end: Math.min(w.end, close) }))
    .filter((w) => w.end > w.start);
  if (date > input.lastDate) return { ...base, state: 'beyond-window', busy: shown, free: [] };
  const earliest = venueWallClock(input.earliestStart, input.timezone);
  if (date < earliest.date) return { ...base, state: 'too-soon', busy: shown, free: [] };
  const from = date === earliest.date ? Math.max(open, roundUp(earliest.minutes)) : open;
  const free: Window[] = [];
  // The earliest start of an event in the stretch being walked: past the previous busy stretch
  // by the new booking's setup buffer, and its end short of the next one by its pack-down.
  let gapStart = from;
  for (const w of busy) {
    addWindow(free, gapStart, Math.min(close, w.start - input.packdownMinutes));
    gapStart = Math.max(gapStart, w.end + input.setupMinutes);
  }
  addWindow(free, gapStart, close);
  if (free.length > 0) return { ...base, state: 'open', busy: shown, free };
  return { ...base, state: date === earliest.date && from >= close ? 'too-soon' : 'full', busy: shown, free };
}

function addWindow(free: Window[], start: number, end: number) {
  if (end - start >= MIN_WINDOW_MINUTES) free.push({ start, end });
}

/** Starts are offered on the quarter hour. */
function roundUp(minutes: number): number {
  return Math.ceil(minutes / 15) * 15;
}

/** Every day the answer covers, in order. */
export function dayViews(input: AvailabilityInput): DayView[] {
  return input.days.map((d) => dayView(input, d));
}

/** The day views of `dates`, a closed day for any date the answer does not cover. */
export function viewsFor(input: AvailabilityInput, dates: string[]): DayView[] {
  const byDate = new Map(input.days.map((d) => [d.date, d]));
  return dates.map((date) => dayView(input, byDate.get(date) ?? { date, open: null, close: null }));
}

/** Whether an event from `start` to `end` (minutes) fits inside one of the day's free windows. */
export function fitsFree(view: DayView, start: number, end: number): boolean {
  return view.free.some((w) => start >= w.start && end <= w.end);
}

/** The next `count` dates from `date` on (for the week view's range). */
export function nextDates(date: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(date, i));
}
