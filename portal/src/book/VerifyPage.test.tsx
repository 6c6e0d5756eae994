import { describe, expect, test } from '@jest/globals';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, onlyBody, server } from '@venue/ui/testing';
import {
  HOLD_RECEIVED_MESSAGE,
  REQUEST_RECEIVED_MESSAGE,
  VERIFY_LINK_INVALID_MESSAGE,
} from '@venue/contracts/bookings';
import type { MadeBooking, VerifyAnswer } from '../api/types.ts';
import { answerVenue, renderApp, SLUG } from '../testing.tsx';

const BOOKING: MadeBooking = {
  code: 'BK-2026-0042',
  date: '2027-02-13',
  startTime: '18:00',
  endTime: '23:00',
  resourceName: 'Main Hall',
};

const RECEIVED: VerifyAnswer = {
  status: 'received',
  message: REQUEST_RECEIVED_MESSAGE,
  booking: BOOKING,
  bookings: [BOOKING],
  hold: false,
  holdExpiresAt: null,
  skipped: [],
};

/** A link's token, another per test: a page spends each token once (and remembers it). */
let n = 0;
const token = () => `tok${++n}`.padEnd(43, 'x');

describe('the e-mail verification link', () => {
  test('spends the token once and says the request is with the venue', async () => {
    answerVenue();
    const calls = captureRequests('post', '/api/public/venues/:slug/requests/verify', RECEIVED);
    const link = token();
    renderApp(`/book/${SLUG}/verify?token=${link}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Request received' })).toHaveFocus();
    expect(screen.getByText('BK-2026-0042').closest('li')).toHaveTextContent(
      'BK-2026-0042: Main Hall, Saturday 13/02/2027, 6:00 PM – 11:00 PM',
    );
    expect(screen.getByText(REQUEST_RECEIVED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Nothing is booked until the venue confirms it.')).toBeInTheDocument();
    expect(onlyBody(calls)).toEqual({ token: link });
  });

  test('a hold says until when the time is held, in the venue zone', async () => {
    answerVenue();
    server.use(
      http.post('/api/public/venues/:slug/requests/verify', () =>
        HttpResponse.json({
          ...RECEIVED,
          message: HOLD_RECEIVED_MESSAGE,
          hold: true,
          holdExpiresAt: '2026-12-13T07:00:00.000Z',
        } satisfies VerifyAnswer),
      ),
    );
    renderApp(`/book/${SLUG}/verify?token=${token()}`);
    expect(await screen.findByText('The time is held for you until 13/12/2026 6:00 PM.')).toBeInTheDocument();
  });

  test('a link opened again says the request was already confirmed', async () => {
    answerVenue();
    server.use(
      http.post('/api/public/venues/:slug/requests/verify', () =>
        HttpResponse.json({ ...RECEIVED, status: 'already' } satisfies VerifyAnswer),
      ),
    );
    renderApp(`/book/${SLUG}/verify?token=${token()}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Already confirmed' })).toBeInTheDocument();
  });

  test("an expired link, or a slot taken meanwhile, shows the server's words", async () => {
    answerVenue();
    server.use(
      http.post('/api/public/venues/:slug/requests/verify', () =>
        HttpResponse.json({ message: VERIFY_LINK_INVALID_MESSAGE }, { status: 410 }),
      ),
    );
    renderApp(`/book/${SLUG}/verify?token=${token()}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your request could not be confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(VERIFY_LINK_INVALID_MESSAGE);
    expect(screen.getByRole('link', { name: 'Back to Harbourside Hall’s booking page' })).toHaveAttribute(
      'href',
      `/book/${SLUG}`,
    );
  });

  test('a link without its token says so and sends nothing', async () => {
    answerVenue();
    const calls = captureRequests('post', '/api/public/venues/:slug/requests/verify', {});
    renderApp(`/book/${SLUG}/verify`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
