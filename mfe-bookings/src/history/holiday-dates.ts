import { useQuery } from '@tanstack/react-query';
import { useSession } from '@venue/ui';
import { venueToday } from '@venue/ui/venue-day';

/**
 * The public holidays' days (this year and next, what the Confirmed list reaches), from the
 * catalogue, which owns them; the bookings list is then filtered to those days on the server
 * (`onDates`). Asked for only while the Public holiday toggle is on. "This year" is the venue's,
 * not the browser's.
 */
export function useHolidayDates(enabled: boolean) {
  const { api, settings } = useSession();
  const year = Number(venueToday(settings.timezone).slice(0, 4));
  return useQuery({
    queryKey: ['catalogue', 'holiday-dates', year],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const years = await Promise.all(
        [year, year + 1].map((y) =>
          api.request<{ date: string }[]>('fetch public holidays', 'GET', `/api/holidays?year=${y}`),
        ),
      );
      return [...new Set(years.flat().map((h) => h.date.slice(0, 10)))].sort();
    },
  });
}

/** The list parameter for those days: 'none' when there are none (the list is then empty). */
export function onDatesParam(dates: string[]): string {
  return dates.length ? dates.join(',') : 'none';
}
