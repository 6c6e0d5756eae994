import { describe, expect, jest, test } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { atTime, captureRequests, renderWithProviders } from '@venue/ui/testing';
import { useHolidayDates } from './holiday-dates.ts';

function Days() {
  const q = useHolidayDates(true);
  return <p>{q.data ? `days: ${q.data.join(' ')}` : 'loading'}</p>;
}

describe('the Public holiday toggle’s days', () => {
  test('are the venue’s this year and next, not the browser’s, on either side of New Year', async () => {
    // 11:30 UTC on 31 December: already New Year's Day in Auckland, the afternoon before in Los
    // Angeles, whatever zone the machine running the test is in. Each year from 2024 to 2030.
    for (let year = 2024; year <= 2030; year++) {
      for (const [timezone, first] of [
        ['Pacific/Auckland', year + 1],
        ['America/Los_Angeles', year],
      ] as const) {
        atTime(Date.UTC(year, 11, 31, 11, 30));
        const asked = captureRequests('get', '/api/holidays', ({ url }) => [
          { date: `${url.searchParams.get('year')}-01-01` },
        ]);
        renderWithProviders(<Days />, { session: { settings: { timezone } } });
        expect(await screen.findByText(/^days:/)).toHaveTextContent(
          `days: ${first}-01-01 ${first + 1}-01-01`,
        );
        expect(asked.map((r) => r.url.searchParams.get('year')).sort()).toEqual([
          String(first),
          String(first + 1),
        ]);
        cleanup();
        jest.useRealTimers();
      }
    }
  });
});
