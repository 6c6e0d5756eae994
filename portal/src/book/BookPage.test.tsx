import { afterEach, describe, expect, jest, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { atTime, server } from '@venue/ui/testing';
import { addDays, startOfWeek, weekday } from '../lib/dates.ts';
import {
  answerAvailability,
  answerVenue,
  firstBookable,
  renderApp,
  saturdayAfter,
  SLUG,
  sydney,
  today,
} from '../testing.tsx';

/** "Sat 12/12/2026", the week view's day heading. */
const heading = (date: string) =>
  `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][weekday(date)]} ${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

function dayBox(date: string) {
  return screen.getByRole('heading', { level: 3, name: heading(date) }).closest('.day') as HTMLElement;
}

/** Moves the week view on until it shows `date` (a few days ahead: the first week shown or the next). */
async function showWeekOf(user: ReturnType<typeof renderApp>['user'], date: string) {
  await screen.findByRole('heading', { level: 3, name: heading(startOfWeek(firstBookable())) });
  if (startOfWeek(date) !== startOfWeek(firstBookable()))
    await user.click(screen.getByRole('button', { name: 'Next week' }));
  await screen.findByRole('heading', { level: 3, name: heading(date) });
}

// "Now" across a year's awkward moments in Sydney: mid-week, Monday there while UTC is still on
// Sunday (another week), a month's and a year's end, and the weekends the clocks change.
const NOWS = [
  '2026-12-09T23:00:00Z',
  '2026-12-13T14:30:00Z',
  '2027-03-31T13:30:00Z',
  '2026-12-31T13:05:00Z',
  '2026-10-03T15:00:00Z',
  '2027-04-03T14:30:00Z',
  '2026-06-15T03:00:00Z',
];

afterEach(() => {
  jest.useRealTimers();
});

describe('the public booking page', () => {
  test('shows the venue, its contact and its spaces as cards with the rate in words', async () => {
    answerVenue();
    answerAvailability();
    renderApp(`/book/${SLUG}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbourside Hall' })).toBeInTheDocument();
    expect(screen.getByText('(02) 9876 5432')).toBeInTheDocument();
    expect(screen.getByText('hello@harbourside.example')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Main Hall' });
    expect(within(card).getByText('Up to 200 guests')).toBeInTheDocument();
    expect(within(card).getByText('$160 an hour weekdays, $200 weekends')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Photo of Main Hall' })).toBeInTheDocument();
    expect(within(card).getByText('Projector')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Meeting Room' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Availability: Main Hall' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your bookings with Harbourside Hall' })).toHaveAttribute(
      'href',
      `/my?venue=${SLUG}`,
    );
  });

  test("says so when the venue does not take online bookings (the gateway's 404)", async () => {
    server.use(
      http.get('/api/public/venues/:slug', () =>
        HttpResponse.json({ message: 'This venue does not take online bookings.' }, { status: 404 }),
      ),
    );
    renderApp('/book/no-such-venue');
    expect(await screen.findByRole('alert')).toHaveTextContent('This venue does not take online bookings.');
  });

  test.each(NOWS)(
    "at %s the week runs Monday to Sunday of the venue's week, with notice, closed days and busy times",
    async (now) => {
      atTime(now);
      const saturday = saturdayAfter(3);
      answerVenue();
      const asked = answerAvailability([
        { start: sydney(saturday, '10:00'), end: sydney(saturday, '14:00') },
      ]);
      const { user } = renderApp(`/book/${SLUG}`);
      // the week of the first day a request may fall on (today plus 48 hours' notice), asked for
      // exactly those seven days
      const first = firstBookable();
      const monday = startOfWeek(first);
      await screen.findByRole('heading', { level: 3, name: heading(monday) });
      expect(asked[0]!.searchParams.get('from')).toBe(monday);
      expect(asked[0]!.searchParams.get('to')).toBe(addDays(monday, 6));
      expect(asked[0]!.searchParams.get('resourceId')).toBe('res-main');
      for (let d = monday; d <= addDays(monday, 6); d = addDays(d, 1)) {
        const said =
          d < today() ? 'Past' : weekday(d) === 0 ? 'Closed' : d < first ? 'Too soon to book' : null;
        if (said) expect(within(dayBox(d)).getByText(said)).toBeInTheDocument();
        else expect(within(dayBox(d)).getAllByRole('button').length).toBeGreaterThan(0);
      }
      expect(screen.getByRole('button', { name: 'Previous week' })).toHaveProperty(
        'disabled',
        monday <= today(),
      );

      await showWeekOf(user, saturday);
      const box = dayBox(saturday);
      // busy 10:00–14:00; a new booking's 30-minute buffers keep clear of it on both sides
      expect(within(box).getByText('Busy 10:00 AM – 2:00 PM')).toBeInTheDocument();
      const slots = within(box).getAllByRole('button');
      expect(slots.map((b) => b.textContent)).toEqual(['Free 8:00 AM – 9:30 AM', 'Free 2:30 PM – 11:00 PM']);
      // nothing but free and busy: no names, statuses or amounts
      expect(box.textContent).not.toMatch(/hold|block|confirmed|\$/i);
    },
  );

  test('the month view shows each day free, full or closed, and a chosen day its free times', async () => {
    atTime('2026-12-09T23:00:00Z');
    const saturday = saturdayAfter(3);
    answerVenue();
    answerAvailability([{ start: sydney(saturday, '08:00'), end: sydney(saturday, '23:00') }]);
    const { user } = renderApp(`/book/${SLUG}`);
    await screen.findByRole('heading', { level: 2, name: 'Availability: Main Hall' });
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(await screen.findByRole('table', { name: /December 2026/ })).toBeInTheDocument();
    const label = (d: string, state: string) =>
      `${['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][weekday(d)]} ${d.slice(8)}/${d.slice(5, 7)}/${d.slice(0, 4)}: ${state}`;
    expect(screen.getByRole('button', { name: label(saturday, 'Fully booked') })).toBeInTheDocument();
    const friday = addDays(saturday, -1);
    expect(screen.getByRole('button', { name: label(addDays(saturday, 1), 'Closed') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: label(friday, 'Free') }));
    expect(
      await screen.findByRole('button', { name: /Request .* free 8:00 AM – 11:00 PM/ }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('table', { name: /January 2027/ })).toBeInTheDocument();
  });

  test('picking a free time opens the request form for that space, date and time', async () => {
    const saturday = saturdayAfter(3);
    answerVenue();
    answerAvailability();
    server.use(
      http.post('/api/public/venues/:slug/quote', () =>
        HttpResponse.json({
          totalCents: 80000,
          lines: [{ label: 'Main Hall, 4 hours', amountCents: 80000 }],
        }),
      ),
    );
    const { user } = renderApp(`/book/${SLUG}`);
    await screen.findByRole('heading', { level: 2, name: 'Availability: Main Hall' });
    await showWeekOf(user, saturday);
    await user.click(within(dayBox(saturday)).getByRole('button', { name: /free 8:00 AM – 11:00 PM/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Request a booking' })).toHaveFocus();
    expect(screen.getByLabelText('Space')).toHaveValue('res-main');
    expect(screen.getByLabelText('Date')).toHaveValue(saturday);
    expect(screen.getByLabelText('Start time')).toHaveValue('08:00');
    expect(screen.getByLabelText('End time')).toHaveValue('12:00');
    expect(await screen.findByRole('row', { name: 'Total $800.00' })).toBeInTheDocument();
  });

  test('another space shows its own availability', async () => {
    answerVenue();
    const asked = answerAvailability();
    const { user } = renderApp(`/book/${SLUG}`);
    await screen.findByRole('heading', { level: 2, name: 'Availability: Main Hall' });
    await user.click(screen.getByRole('button', { name: 'See availability of Meeting Room' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Availability: Meeting Room' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('resourceId')).toBe('res-room'));
  });

  test('embedded (?embed=1) it leaves out the page header and footer', async () => {
    answerVenue();
    answerAvailability();
    renderApp(`/book/${SLUG}?embed=1`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Book Harbourside Hall' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('(02) 9876 5432')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Your bookings/ })).not.toBeInTheDocument();
  });
});
