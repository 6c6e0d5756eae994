/**
 * The quotation form's live look at its slot (issue 24 item 2): the rate card's price for the
 * resource, day and times, and what already holds that time. Whoever may use the booking form
 * gets the booking form's own call (`POST /api/bookings/check`: the catalogue's quote and the
 * clashing bookings and block-outs together); others get the catalogue's quote alone
 * (`POST /api/price-quote`, open to the Quotations permission), and the server checks the slot
 * when the quotation is sent either way.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { isValidTime } from '@venue/contracts';
import type { CheckResult } from '@venue/contracts/bookings';
import type { PriceQuote } from '@venue/contracts/catalogue';
import { useSession } from '@venue/ui';

export interface QuotationSlot {
  resourceId: string;
  date: string;
  startTime: string;
  endTime: string;
}

export interface SlotLook {
  /** The rate card's price and how it was reached; null while unknown or not asked. */
  quote: (Partial<PriceQuote> & { calculatedPriceCents: number }) | null;
  /** The catalogue could not price it just now (the total is then the venue's to type). */
  quoteUnavailable: boolean;
  /** What already holds the time; null when this user's permissions do not reach bookings. */
  clashes: Pick<CheckResult, 'conflicts' | 'blockouts'> | null;
}

/**
 * Not under the 'money' root on purpose: a quotation save refreshes every money query, and this
 * one must not be refetched (or fail) under a form that is closing.
 */
const slotKey = (slot: QuotationSlot, viaBookings: boolean) => ['quotation-slot', slot, viaBookings] as const;

/** Whether the slot is complete enough to ask about. */
export function slotReady(s: QuotationSlot, resourceIds: ReadonlySet<string>): boolean {
  return (
    resourceIds.has(s.resourceId) &&
    /^\d{4}-\d{2}-\d{2}$/.test(s.date) &&
    isValidTime(s.startTime) &&
    isValidTime(s.endTime) &&
    s.endTime > s.startTime
  );
}

export function useQuotationSlot(slot: QuotationSlot, resourceIds: ReadonlySet<string>) {
  const { api, can } = useSession();
  const [debounced] = useDebouncedValue(slot, 300);
  const viaBookings = can('bookings');
  const ready = slotReady(debounced, resourceIds);
  const query = useQuery({
    queryKey: slotKey(debounced, viaBookings),
    enabled: ready,
    staleTime: 15_000,
    queryFn: async (): Promise<SlotLook> => {
      if (viaBookings) {
        const r = await api.request<CheckResult>('check the slot', 'POST', '/api/bookings/check', {
          resourceId: debounced.resourceId,
          bookingDate: debounced.date,
          startTime: debounced.startTime,
          endTime: debounced.endTime,
        });
        return {
          quote: r.quote,
          quoteUnavailable: r.quoteUnavailable,
          clashes: { conflicts: r.conflicts, blockouts: r.blockouts },
        };
      }
      const quote = await api.request<PriceQuote>('price the slot', 'POST', '/api/price-quote', {
        resourceId: debounced.resourceId,
        date: debounced.date,
        startTime: debounced.startTime,
        endTime: debounced.endTime,
      });
      return { quote, quoteUnavailable: false, clashes: null };
    },
  });
  // The answer belongs to the slot as it was typed a moment ago; the form shows it only while
  // the slot is still that one.
  const current = ready && JSON.stringify(debounced) === JSON.stringify(slot);
  return { ready: slotReady(slot, resourceIds), current, query };
}
