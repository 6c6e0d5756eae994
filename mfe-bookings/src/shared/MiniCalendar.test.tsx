import { describe, expect, test } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@venue/ui/testing';
import { venueToday } from '@venue/ui/venue-day';
import { longDate } from './dates.ts';
import { MiniCalendar } from './MiniCalendar.tsx';

/** The day the mini calendar marks as today, by its label. */
function markedToday(timezone: string): string | null {
  const { unmount } = renderWithProviders(<MiniCalendar onSelect={() => {}} />, {
    session: { settings: { timezone } },
  });
  const label = screen.getByRole('button', { current: 'date' }).getAttribute('aria-label');
  unmount();
  return label;
}

describe('mini calendar', () => {
  test("marks the venue's today, not the browser's", () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: on any day and at any hour
    // the test runs, their todays are different days, so at most one is the browser's.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const today = new Date(`${venueToday(zone)}T00:00:00`);
      expect(markedToday(zone)).toBe(longDate(today));
    }
    expect(markedToday('Pacific/Kiritimati')).not.toBe(markedToday('Pacific/Pago_Pago'));
  });
});
