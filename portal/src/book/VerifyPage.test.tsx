import { describe, expect, test } from '@jest/globals';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, server } from '@venue/ui/testing';
import { answerVenue, renderApp, SLUG } from '../testing.tsx';

const BOOKING = {
  code: 'BK-2026-0042',
  date: '2027-02-13',
  startTime: '18:00',
  endTime: '23:00',
  resourceName: 'Main Hall',
};

describe('the e-mail verification link', () => {
  test('spends the token once and says the request is with the venue', async () => {
    answerVenue();
    const calls = captureRequests('post', '/api/public/venues/:slug/requests/verify', {
      status: 'received',
      booking: BOOKING,
    });
    renderApp(`/book/${SLUG}/verify?token=tok-123`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Request received' })).toHaveFocus();
    expect(screen.getByText(/Harbourside Hall has your request/)).toHaveTextContent(
      'Harbourside Hall has your request BK-2026-0042 for Main Hall on Saturday 13/02/2027, 6:00 PM – 11:00 PM.',
    );
    expect(screen.getByText(/Nothing is booked until the venue confirms it/)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ token: 'tok-123' });
  });

  test('a hold says the time is held for 24 hours', async () => {
    answerVenue();
    server.use(
      http.post('/api/public/venues/:slug/requests/verify', () =>
        HttpResponse.json({ status: 'received', booking: BOOKING, hold: true }),
      ),
    );
    renderApp(`/book/${SLUG}/verify?token=tok-hold`);
    expect(await screen.findByText(/The time is held for you for 24 hours/)).toBeInTheDocument();
  });

  test('a link opened again says the request was already confirmed', async () => {
    answerVenue();
    server.use(
      http.post('/api/public/venues/:slug/requests/verify', () =>
        HttpResponse.json({ status: 'already', booking: BOOKING }),
      ),
    );
    renderApp(`/book/${SLUG}/verify?token=tok-again`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Already confirmed' })).toBeInTheDocument();
  });

  test("an expired link, or a slot taken meanwhile, shows the server's words", async () => {
    answerVenue();
    server.use(
      http.post('/api/public/venues/:slug/requests/verify', () =>
        HttpResponse.json(
          { message: 'That time was taken while you were confirming. Choose another time.' },
          { status: 409 },
        ),
      ),
    );
    renderApp(`/book/${SLUG}/verify?token=tok-late`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your request could not be confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('That time was taken while you were confirming.');
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
