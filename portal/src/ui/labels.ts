/** Dates and times as the venue writes them, for headings, buttons and their accessible names. */
import { formatDate, formatWallClock } from '@venue/ui/light';
import { fromMinutes, weekday } from '../lib/dates.ts';
import type { VenueFormat } from './venue-format.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const weekdayName = (date: string) => WEEKDAYS[weekday(date)]!;
export const weekdayShort = (date: string) => weekdayName(date).slice(0, 3);

/** "Sat 12/12/2026" */
export const dayLabel = (date: string, fmt: VenueFormat) => `${weekdayShort(date)} ${formatDate(date, fmt)}`;

/** "Saturday 12/12/2026" */
export const longDayLabel = (date: string, fmt: VenueFormat) =>
  `${weekdayName(date)} ${formatDate(date, fmt)}`;

/** "December 2026" */
export const monthLabel = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** A wall-clock time ('18:30' or minutes) in the venue's 12h/24h format. */
export function timeLabel(time: string | number, fmt: VenueFormat): string {
  const hhmm = typeof time === 'number' ? fromMinutes(time) : time;
  return formatWallClock(hhmm.startsWith('24:') ? '00:00' : hhmm, fmt);
}

/** "6:00 pm – 11:00 pm" */
export const timeRange = (start: string | number, end: string | number, fmt: VenueFormat) =>
  `${timeLabel(start, fmt)} – ${timeLabel(end, fmt)}`;
