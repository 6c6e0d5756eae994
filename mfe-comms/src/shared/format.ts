import { useMemo } from 'react';
import { formatDate, formatDateTime, formatMoney, formatWallClock, useSession } from '@venue/ui';

/** Size in KB as the Send Email attachment list shows it (spec 02 §2.10). */
export function sizeKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export interface CommsFormat {
  money: (cents: number) => string;
  date: (value: string) => string;
  dateTime: (value: string | null | undefined) => string;
  time: (hhmm: string) => string;
}

/** Money, dates and times in the tenant's settings (spec 01 §9). */
export function useCommsFormat(): CommsFormat {
  const { settings } = useSession();
  return useMemo(
    () => ({
      money: (cents: number) => formatMoney(cents, settings),
      date: (value: string) => (value ? formatDate(value, settings) : '—'),
      dateTime: (value: string | null | undefined) => (value ? formatDateTime(value, settings) : '—'),
      time: (hhmm: string) => formatWallClock(hhmm, settings),
    }),
    [settings],
  );
}
