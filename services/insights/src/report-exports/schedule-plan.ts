/**
 * When a scheduled report goes (spec 03 §9: weekly, next send in 7 days; monthly, next in 1
 * month), in the venue's clock: the n-th send is n weeks or n months after the anchor day, at the
 * send hour. A month without the anchor's day (the 31st) takes its last day, and the next month
 * is counted from the anchor again, so a report made on 31 Jan goes 28 Feb, 31 Mar, 30 Apr.
 */
import type { ReportFrequency } from '@venue/contracts/insights';
import { zonedInstant } from '@venue/service-kit';

const DAY_MS = 86_400_000;

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y!, m!, d!];
}

const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const [y, m, d] = parts(day);
  return iso(Date.UTC(y, m - 1, d) + n * DAY_MS);
}

/** `day` plus `n` calendar months, kept inside the month (31 Jan + 1 → 28 or 29 Feb). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = parts(day);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return iso(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}

/** The anchor's n-th send day. */
export function sendDay(anchor: string, frequency: ReportFrequency, n: number): string {
  return frequency === 'weekly' ? addDays(anchor, 7 * n) : addMonths(anchor, n);
}

export interface PlannedSend {
  /** The venue's day. */
  date: string;
  at: Date;
}

export function sendInstant(date: string, hour: number, zone: string): Date {
  return zonedInstant(date, `${String(hour).padStart(2, '0')}:00`, zone);
}

/**
 * The first send after both `now` and `afterDay` (the day just sent, if any), counted from the
 * anchor. A sweep that was down for weeks sends once and then plans the next period, rather
 * than sending every period it missed.
 */
export function nextSend(
  anchor: string,
  frequency: ReportFrequency,
  hour: number,
  zone: string,
  now: Date,
  afterDay?: string | null,
): PlannedSend {
  for (let n = 1; ; n++) {
    const date = sendDay(anchor, frequency, n);
    if (afterDay && date <= afterDay) continue;
    const at = sendInstant(date, hour, zone);
    if (at.getTime() > now.getTime()) return { date, at };
    // Far behind (an anchor years back): jump close to now instead of walking every period.
    if (n === 1 && now.getTime() - at.getTime() > 400 * DAY_MS) {
      const behind = Math.floor((now.getTime() - at.getTime()) / DAY_MS);
      n = Math.max(1, Math.floor(frequency === 'weekly' ? behind / 7 : behind / 31) - 1);
    }
  }
}
