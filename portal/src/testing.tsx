/**
 * Helpers of the light app's component tests (jest, msw): the app at a path with a fresh query
 * client and session, a venue as the catalogue answers it, and availability as bookings answers
 * it, computed from the test's own "today" so every test holds on any day it runs.
 */
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { http, HttpResponse } from 'msw';
import { server } from '@venue/ui/testing';
import { portalSession } from './api/client.ts';
import type { AvailabilityAnswer, VenueProfile } from './api/types.ts';
import { AppRoutes } from './App.tsx';
import { addDays, daysBetween, venueWallClock, weekday } from './lib/dates.ts';

export const SLUG = 'harbourside-hall';
export const TZ = 'Australia/Sydney';

export const VENUE: VenueProfile = {
  slug: SLUG,
  name: 'Harbourside Hall',
  logoUrl: `/api/public/venues/${SLUG}/logo`,
  contact: {
    phone: '(02) 9876 5432',
    email: 'hello@harbourside.example',
    address: '1 Wharf Road, Sydney NSW',
  },
  timezone: TZ,
  dateFormat: 'DD/MM/YYYY',
  timeFormat: '12h',
  currency: 'AUD',
  country: 'AU',
  taxType: 'Inclusive',
  taxRatePercent: 10,
  resources: [
    {
      id: 'res-main',
      name: 'Main Hall',
      type: 'hall',
      capacity: 200,
      description: 'Our largest hall, with a sprung floor and harbour views.',
      photoUrl: `/api/public/venues/${SLUG}/resources/res-main/photo`,
      equipment: ['Projector', 'PA system'],
      // Sunday closed; otherwise 08:00–23:00
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((d) =>
        d === 0 ? { open: null, close: null } : { open: '08:00', close: '23:00' },
      ),
      setupMinutes: 30,
      packdownMinutes: 30,
      rateInWords: '$160 an hour weekdays, $200 weekends',
      rate: { type: 'hourly', weekdayCents: 16000, weekendCents: 20000 },
    },
    {
      id: 'res-room',
      name: 'Meeting Room',
      type: 'room',
      capacity: 20,
      description: 'A quiet room for twenty.',
      photoUrl: null,
      equipment: [],
      openingHours: [0, 1, 2, 3, 4, 5, 6].map(() => ({ open: '09:00', close: '17:00' })),
      setupMinutes: 0,
      packdownMinutes: 0,
      rateInWords: '$40 an hour',
      rate: { type: 'hourly', weekdayCents: 4000, weekendCents: 4000 },
    },
  ],
  addOns: [
    { id: 'addon-projector', name: 'Projector', description: '', priceCents: 5000, unit: '' },
    {
      id: 'addon-cleaning',
      name: 'Cleaning Service',
      description: 'After the event',
      priceCents: 12000,
      unit: '',
    },
  ],
  online: {
    questions: [
      { id: 'q-occasion', label: 'What are you celebrating?', kind: 'text', required: true },
      {
        id: 'q-catering',
        label: 'Catering',
        kind: 'choice',
        options: ['None', 'Our caterer', 'Your list'],
        required: false,
      },
      { id: 'q-alcohol', label: 'Will alcohol be served?', kind: 'yesno', required: true },
    ],
    agreement: {
      version: 3,
      text: 'The hirer leaves the hall as they found it.\n\nNo confetti.',
      cancellationTerms: 'Cancel 14 days ahead for a full refund of the deposit.',
      updatedAt: '2026-11-01T00:00:00.000Z',
    },
    minNoticeHours: 48,
    windowDays: 180,
    mode: 'request',
    verifyEmail: true,
  },
};

/** The instant of a Sydney wall-clock time. */
export function sydney(date: string, hhmm: string): string {
  for (const offset of [11, 10]) {
    const guess = new Date(`${date}T${hhmm}:00+${offset}:00`);
    const back = venueWallClock(guess, TZ);
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    if (back.date === date && back.minutes === h * 60 + m) return guess.toISOString();
  }
  throw new Error(`no instant for ${date} ${hhmm}`);
}

/** The venue's today at the test's clock. */
export const today = () => venueWallClock(Date.now(), TZ).date;

/** The first day a request may fall on: today plus the venue's notice, in its zone. */
export const firstBookable = () =>
  venueWallClock(Date.now() + VENUE.online.minNoticeHours * 3_600_000, TZ).date;

/** The first Saturday at least `afterDays` days after today. */
export function saturdayAfter(afterDays: number): string {
  let d = addDays(today(), afterDays);
  while (weekday(d) !== 6) d = addDays(d, 1);
  return d;
}

/**
 * Availability as the bookings service answers it, from the resource's opening hours, the
 * venue's notice and window, and `busy` (instants), for whatever range the page asks.
 */
export function answerAvailability(busy: Array<{ start: string; end: string }> = []) {
  const asked: URL[] = [];
  server.use(
    http.get('/api/public/venues/:slug/availability', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const resource = VENUE.resources.find((r) => r.id === url.searchParams.get('resourceId'))!;
      const answer: AvailabilityAnswer = {
        resourceId: resource.id,
        timezone: TZ,
        from: url.searchParams.get('from')!,
        to: url.searchParams.get('to')!,
        minNoticeHours: VENUE.online.minNoticeHours,
        windowDays: VENUE.online.windowDays,
        days: daysBetween(url.searchParams.get('from')!, url.searchParams.get('to')!).map((date) => ({
          date,
          ...resource.openingHours[weekday(date)]!,
        })),
        busy,
        earliestStart: new Date(Date.now() + VENUE.online.minNoticeHours * 3_600_000).toISOString(),
        lastDate: addDays(today(), VENUE.online.windowDays),
      };
      return HttpResponse.json(answer);
    }),
  );
  return asked;
}

export function answerVenue(venue: VenueProfile = VENUE) {
  server.use(http.get('/api/public/venues/:slug', () => HttpResponse.json(venue)));
}

/** Where the app went: the location shown in a hidden element the tests read. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location" hidden>{`${pathname}${search}`}</output>;
}

export function renderApp(path: string) {
  portalSession.reset();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, client };
}
