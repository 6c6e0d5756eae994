/** The booking dialog's questions to the server while it is filled in: the slot's clashes and price, and a repeat's dates. */
import { useMemo } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { isValidTime } from '@venue/contracts';
import { useSession } from '@venue/ui';
import type { Booking, CheckResult } from '../api/types.ts';
import type { AddOnChoice, QuotedAddOn } from './AddOnsField.tsx';
import { NO_REPEAT, chosenDates, useSeriesCheck, type RepeatValues } from './RecurrenceFields.tsx';

export type SlotCheck = CheckResult & { quote: { addOns?: QuotedAddOn[] } | null };

interface Watched {
  selectedHall: string;
  bookingDate: string;
  startTime: string;
  endTime: string;
  addOns: AddOnChoice[];
  repeat: RepeatValues;
}

/**
 * Asked 300 ms after the slot last changed, once it is whole. Once saved, the checks are not
 * asked again (`saved`; their keys are outside ROOTS, so the refresh after the save leaves them
 * alone): asked again they would find the saved booking or series clashing with itself and turn
 * the success into a conflict (issue 24 item 9, the pattern of the confirm dialog's preview).
 */
export function useBookingChecks(
  watched: Watched,
  booking: Booking | null | undefined,
  saved: boolean,
  excludedDates: string[],
) {
  const { api } = useSession();
  const { selectedHall, bookingDate, startTime, endTime, addOns, repeat } = watched;
  const slot = useMemo(
    () => ({ resourceId: selectedHall, bookingDate, startTime, endTime }),
    [selectedHall, bookingDate, startTime, endTime],
  );
  const [debounced] = useDebouncedValue(slot, 300);
  const ready =
    Boolean(debounced.resourceId && debounced.bookingDate) &&
    isValidTime(debounced.startTime) &&
    isValidTime(debounced.endTime) &&
    debounced.endTime > debounced.startTime;
  const excludeId = booking?.id ?? null;
  const check = useQuery({
    queryKey: ['booking-check', debounced, excludeId, addOns],
    queryFn: () =>
      api.request<SlotCheck>('check booking', 'POST', '/api/bookings/check', {
        ...debounced,
        ...(addOns.length ? { addOns } : {}),
        ...(excludeId ? { excludeId } : {}),
      }),
    enabled: ready && !saved,
  });
  const series = useSeriesCheck(slot, booking ? NO_REPEAT : repeat, !saved);
  const seriesDates = chosenDates(series.data, excludedDates);
  return { ready, check, series, seriesDates };
}

export type BookingChecks = ReturnType<typeof useBookingChecks>;
