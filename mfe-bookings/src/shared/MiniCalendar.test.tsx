import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { screen } from '@testing-library/react';
import { atTime, renderWithProviders } from '@venue/ui/testing';
import { venueToday } from '@venue/ui/venue-day';
import { longDate } from './dates.ts';
import { MiniCalendar } from './MiniCalendar.tsx';

type Zone = 'America/Los_Angeles' | 'Pacific/Auckland';

/** The day the mini calendar marks as today, by its label. */
function markedToday(timezone: Zone): string | null {
  const { unmount } = renderWithProviders(<MiniCalendar onSelect={() => {}} />, {
    session: { settings: { timezone } },
  });
  const label = screen.getByRole('button', { current: 'date' }).getAttribute('aria-label');
  unmount();
  return label;
}

afterEach(() => {
  jest.useRealTimers();
});

describe('mini calendar', () => {
  test("marks the venue's today, not the browser's, through a year", () => {
    // 20:00 UTC on the 15th of each month of 2026, and around Auckland's and Los Angeles's clock
    // changes: the afternoon in Los Angeles, already the next morning in Auckland, so the two
    // venues' todays differ and at most one is the browser's.
    const instants = [
      ...Array.from({ length: 12 }, (_, m) => Date.UTC(2026, m, 15, 20)),
      Date.UTC(2026, 3, 4, 20), // Auckland leaves daylight saving on 5 Apr
      Date.UTC(2026, 8, 26, 20), // and starts it on 27 Sep
      Date.UTC(2026, 2, 8, 20), // Los Angeles starts it on 8 Mar
      Date.UTC(2026, 10, 1, 20), // and leaves it on 1 Nov
    ];
    for (const now of instants) {
      atTime(now);
      const la = markedToday('America/Los_Angeles');
      const auckland = markedToday('Pacific/Auckland');
      expect(la).toBe(longDate(new Date(`${venueToday('America/Los_Angeles', new Date(now))}T00:00:00`)));
      expect(auckland).toBe(longDate(new Date(`${venueToday('Pacific/Auckland', new Date(now))}T00:00:00`)));
      expect(auckland).not.toBe(la);
      jest.useRealTimers();
    }
  });
});
