import { useMemo } from 'react';
import { formatDate, formatDateTime, formatMoney, formatWallClock, useSession } from '@venue/ui';
import { toWallClock } from './dates.ts';

export interface Formatters {
  money: (cents: number | null | undefined) => string;
  /** Whole currency units, for estimates the spec shows without decimals (CLV). */
  wholeMoney: (cents: number | null | undefined) => string;
  date: (value: string | Date | number | null | undefined) => string;
  dateTime: (value: string | Date | number | null | undefined) => string;
  time: (hhmm: string) => string;
  /** A time the server wrote in venue time ('…T09:00:00+10:00'), shown on the venue's clock. */
  venueDateTime: (iso: string) => string;
  /** "date, start – end" of a booking. */
  slot: (b: { bookingDate: string; startTime: string; endTime: string }) => string;
}

/** Every money, date and time on these screens goes through the user's settings (spec 01 §9). */
export function useFormat(): Formatters {
  const { settings } = useSession();
  return useMemo(() => {
    const money = (cents: number | null | undefined) => formatMoney(cents ?? 0, settings);
    const wholeMoney = (cents: number | null | undefined) =>
      formatMoney(cents ?? 0, settings, { fractionDigits: 0 });
    const date = (v: string | Date | number | null | undefined) =>
      v == null || v === '' ? '—' : formatDate(v, settings);
    const dateTime = (v: string | Date | number | null | undefined) =>
      v == null || v === '' ? '—' : formatDateTime(v, settings);
    const time = (hhmm: string) => formatWallClock(hhmm, settings);
    const venueDateTime = (iso: string) => {
      const wall = toWallClock(iso);
      return `${date(wall.slice(0, 10))} ${time(wall.slice(11, 16))}`;
    };
    const slot = (b: { bookingDate: string; startTime: string; endTime: string }) =>
      `${date(b.bookingDate)}, ${time(b.startTime)} – ${time(b.endTime)}`;
    return { money, wholeMoney, date, dateTime, time, venueDateTime, slot };
  }, [settings]);
}

/** A moment relative to now in words ("5 minutes ago", "in 3 hours"). */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const abs = Math.abs(diff);
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
  ];
  for (const [ms, name] of units) {
    if (abs >= ms) {
      const n = Math.floor(abs / ms);
      const text = `${n} ${name}${n === 1 ? '' : 's'}`;
      return diff < 0 ? `${text} ago` : `in ${text}`;
    }
  }
  return 'just now';
}
