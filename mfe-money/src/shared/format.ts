import { useMemo } from 'react';
import { formatDate, formatDateTime, formatMoney, formatWallClock, useSession } from '@venue/ui';

export interface Formatters {
  /** Integer cents exactly as the server stored them, in the tenant's currency. */
  money: (cents: number | null | undefined) => string;
  /** A venue day (YYYY-MM-DD) or an instant, in the tenant's date format and time zone. */
  date: (value: string | null | undefined) => string;
  dateTime: (value: string | null | undefined) => string;
  time: (hhmm: string) => string;
}

/** Every money figure, date and time on these screens goes through the tenant's settings. */
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
