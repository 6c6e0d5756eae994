/**
 * The formatters a section's screens use, bound to the signed-in tenant's settings, written once
 * (issue 28 item 4): money in integer cents, a day or an instant, a wall-clock time; a missing
 * date reads "—". Imported as `@venue/ui/use-format`, bundled with the sections that use it.
 */
import { useMemo } from 'react';
// Through the shared kit, like every sub-path: the session is the shell's one context.
import { formatDate, formatDateTime, formatMoney, formatWallClock, useSession } from '@venue/ui';

export interface Formatters {
  /** Integer cents exactly as the server stored them, in the tenant's currency. */
  money: (cents: number | null | undefined) => string;
  /** A venue day (YYYY-MM-DD) or an instant, in the tenant's date format and time zone. */
  date: (value: string | null | undefined) => string;
  dateTime: (value: string | null | undefined) => string;
  time: (hhmm: string) => string;
}

export function useFormat(): Formatters {
  const { settings } = useSession();
  return useMemo(
    () => ({
      money: (cents) => formatMoney(cents ?? 0, settings),
      date: (v) => (v ? formatDate(v, settings) : '—'),
      dateTime: (v) => (v ? formatDateTime(v, settings) : '—'),
      time: (hhmm) => formatWallClock(hhmm, settings),
    }),
    [settings],
  );
}
