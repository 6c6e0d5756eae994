/**
 * Reading a date the user typed, in the date format of their settings (spec 01 §9), never the
 * browser's US month/day guess (Mantine's default parser is `new Date(text)`, which reads
 * 05/03/2026 as 3 May). Kept free of React so node:test can hold it.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import type { UserSettings } from '@venue/contracts';

dayjs.extend(customParseFormat);

export type DateFormatSetting = UserSettings['dateFormat'];

/**
 * Text → `yyyy-MM-dd`, or null while it is not (yet) a real day. Accepted: the user's format,
 * the same without leading zeros (5/3/2026), and ISO yyyy-MM-dd (pasted or from another tool).
 * Strict, so 31/02/2026 and a half-typed 05/03/20 are not days.
 */
export function parseDateText(text: string, dateFormat: DateFormatSetting): string | null {
  const value = text.trim();
  if (!value) return null;
  const loose = dateFormat.replace('DD', 'D').replace('MM', 'M');
  for (const pattern of [dateFormat, loose, 'YYYY-MM-DD']) {
    const d = dayjs(value, pattern, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}
