import { describe, expect, test } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureRequests, fieldRefusal, server } from '@venue/ui/testing';
import { phoneMessage } from '@venue/contracts';
import { HOLD_RECEIVED_MESSAGE, VERIFY_SENT_MESSAGE } from '@venue/contracts/bookings';
import type { QuoteAnswer, RequestAnswer } from '../api/types.ts';
import { addDays, startOfWeek, weekday } from '../lib/dates.ts';
import {
  answerAvailability,
  answerVenue,
  firstBookable,
  renderApp,
  saturdayAfter,
  SLUG,
} from '../testing.tsx';

type User = ReturnType<typeof renderApp>['user'];

const heading = (date: string) =>
  `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][weekday(date)]} ${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

const VERIFY: RequestAnswer = { status: 'verify', message: VERIFY_SENT_MESSAGE };

const longDay = (date: string) =>
  `${['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][weekday(date)]} ${date.slice(8)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

const QUOTE: QuoteAnswer = {
  currency: 'AUD',
  taxType: 'Inclusive',
  gstCents: 8000,
  totalCents: 88000,
  lines: [
    { label: 'Main Hall, Saturday 6:00 PM – 10:00 PM', amountCents: 80000 },
    { label: 'Projector', amountCents: 5000 },
  ],
};

/** The booking page, the Saturday a few days ahead picked at its first free time (8:00 AM – 12:00 PM). */
async function openForm(quote: object = QUOTE) {
  const saturday = saturdayAfter(3);
  answerVenue();
  answerAvailability();
  const quotes = captureRequests('post', '/api/public/venues/:slug/quote', quote);
  const app = renderApp(`/book/${SLUG}`);
  await screen.findByRole('heading', { level: 3, name: heading(startOfWeek(firstBookable())) });
  if (startOfWeek(saturday) !== startOfWeek(firstBookable()))
    await app.user.click(screen.getByRole('button', { name: 'Next week' }));
  const day = (await screen.findByRole('heading', { level: 3, name: heading(saturday) })).closest(
    '.day',
  ) as HTMLElement;
  await app.user.click(within(day).getAllByRole('button')[0]!);
  await screen.findByRole('heading', { level: 2, name: 'Request a booking' });
  return { ...app, saturday, quotes };
}

async function fill(user: User, label: string | RegExp, text: string) {
  const input = screen.getByLabelText(label, { selector: 'input, textarea' });
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

async function fillEverything(user: User) {
  await user.selectOptions(screen.getByLabelText('Start time'), '18:00');
  await user.selectOptions(screen.getByLabelText('End time'), '22:00');
  await fill(user, 'Guests', '120');
  await user.selectOptions(screen.getByLabelText('Event type'), 'Birthday Party');
  await user.click(screen.getByRole('checkbox', { name: 'Projector ($50.00)' }));
  await fill(user, 'What are you celebrating?', 'Nan turns 90');
  await user.selectOptions(screen.getByLabelText(/Catering/), 'Our caterer');
  await user.click(
    within(screen.getByRole('group', { name: 'Will alcohol be served?' })).getByRole('radio', { name: 'No' }),
  );
  await fill(user, 'Your name', 'Zoë Ñúñez');
  await fill(user, 'E-mail', 'zoe@example.com');
  await fill(user, 'Phone', '0412 345 678');
  await fill(user, /Anything else/, 'We bring our own cake.');
  await user.click(
    screen.getByRole('checkbox', { name: /I have read and accept the hire agreement \(version 3\)/ }),
  );
}

const send = (user: User) => user.click(screen.getByRole('button', { name: 'Send request' }));

describe('the request form', () => {
  test('says every problem at once beside its field, focuses the first and sends nothing', async () => {
    const { user } = await openForm();
    const sent = captureRequests('post', '/api/public/venues/:slug/requests', VERIFY);
    await send(user);
    const errorOf = (label: string | RegExp) =>
      screen.getByLabelText(label, { selector: 'input, select, textarea' }).getAttribute('aria-describedby');
    expect(await screen.findByText('Enter how many guests.')).toBeInTheDocument();
    expect(screen.getByLabelText('Guests')).toHaveFocus();
    expect(screen.getByLabelText('Guests')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose the type of event.')).toBeInTheDocument();
    expect(screen.getAllByText('Please answer this question.')).toHaveLength(2);
    expect(screen.getByText('Please fill in your name.')).toBeInTheDocument();
    expect(screen.getByText('Please fill in your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Please fill in your phone number.')).toBeInTheDocument();
    expect(
      screen.getByText('Please accept the hire agreement and the cancellation terms.'),
    ).toBeInTheDocument();
    // each message is read with its field
    expect(document.getElementById(errorOf('Your name')!.split(' ').at(-1)!)).toHaveTextContent(
      'Please fill in your name.',
    );
    expect(sent).toHaveLength(0);
  });

  test("checks the phone by the venue's country, the e-mail and the space's capacity", async () => {
    const { user } = await openForm();
    await fill(user, 'Guests', '500');
    await fill(user, 'E-mail', 'zoe@example');
    await fill(user, 'Phone', '12345');
    await send(user);
    expect(await screen.findByText('Main Hall holds at most 200 guests.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText(phoneMessage('AU'))).toBeInTheDocument();
  });

  test("shows the server's price before sending, asked again when the choice changes", async () => {
    const { user, quotes } = await openForm();
    expect(await screen.findByRole('row', { name: 'Total $880.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Projector $50.00' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Start time'), '18:00');
    await user.selectOptions(screen.getByLabelText('End time'), '22:00');
    await user.click(screen.getByRole('checkbox', { name: 'Projector ($50.00)' }));
    await waitFor(() =>
      expect(quotes.at(-1)!.body).toEqual({
        resourceId: 'res-main',
        date: expect.any(String),
        startTime: '18:00',
        endTime: '22:00',
        addOns: [{ id: 'addon-projector', quantity: 1 }],
      }),
    );
  });

  test('sends the request with the answers, the agreement version and an Idempotency-Key, then asks to check e-mail', async () => {
    const { user, saturday } = await openForm();
    const sent = captureRequests('post', '/api/public/venues/:slug/requests', () =>
      HttpResponse.json(VERIFY, { status: 202 }),
    );
    await fillEverything(user);
    await send(user);
    expect(await screen.findByRole('heading', { name: 'Check your e-mail to confirm' })).toHaveFocus();
    expect(screen.getByText('zoe@example.com')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url.pathname).toBe(`/api/public/venues/${SLUG}/requests`);
    expect(sent[0]!.headers.get('idempotency-key')).toMatch(/^[\w-]{16,}$/);
    expect(sent[0]!.body).toEqual({
      resourceId: 'res-main',
      date: saturday,
      startTime: '18:00',
      endTime: '22:00',
      guests: 120,
      eventType: 'Birthday Party',
      addOns: [{ id: 'addon-projector', quantity: 1 }],
      name: 'Zoë Ñúñez',
      email: 'zoe@example.com',
      phone: '0412 345 678',
      notes: 'We bring our own cake.',
      answers: { 'q-occasion': 'Nan turns 90', 'q-catering': 'Our caterer', 'q-alcohol': false },
      agreementVersion: 3,
      acceptedTerms: true,
      website: '',
    });
  });

  test('says the request was received, held and which dates of a repeat were skipped, when the venue needs no verification', async () => {
    const { user, saturday } = await openForm();
    const received: RequestAnswer = {
      status: 'received',
      message: HOLD_RECEIVED_MESSAGE,
      hold: true,
      // 18:00 in Sydney the day after (summer: +11:00)
      holdExpiresAt: '2026-12-13T07:00:00.000Z',
      bookings: [
        {
          code: 'BK-2026-0042',
          date: saturday,
          startTime: '18:00',
          endTime: '22:00',
          resourceName: 'Main Hall',
        },
      ],
      skipped: [{ date: addDays(saturday, 7), free: false, clash: 'This time is taken.', reason: 'taken' }],
    };
    server.use(
      http.post('/api/public/venues/:slug/requests', () => HttpResponse.json(received, { status: 201 })),
    );
    await fillEverything(user);
    await send(user);
    expect(await screen.findByRole('heading', { name: 'Request received' })).toBeInTheDocument();
    expect(screen.getByText(HOLD_RECEIVED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('BK-2026-0042').closest('li')).toHaveTextContent(
      `BK-2026-0042: Main Hall, ${longDay(saturday)}, 6:00 PM – 10:00 PM`,
    );
    expect(screen.getByText('The time is held for you until 13/12/2026 6:00 PM.')).toBeInTheDocument();
    expect(screen.getByText(`${longDay(addDays(saturday, 7))}: This time is taken.`)).toBeInTheDocument();
  });

  test("a refused slot shows the server's message and its free times as buttons that fill the form in", async () => {
    const { user, saturday } = await openForm();
    const later = addDays(saturday, 7);
    let calls = 0;
    const sent = captureRequests('post', '/api/public/venues/:slug/requests', () =>
      ++calls === 1
        ? HttpResponse.json(
            {
              message: 'That time is taken.',
              reason: 'taken',
              alternatives: [
                { date: saturday, startTime: '14:30', endTime: '18:30' },
                { date: later, startTime: '18:00', endTime: '22:00' },
              ],
            },
            { status: 409 },
          )
        : HttpResponse.json(VERIFY, { status: 202 }),
    );
    await fillEverything(user);
    await send(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That time is taken.');
    expect(alert).toHaveFocus();
    const choices = within(alert).getAllByRole('button');
    expect(choices.map((b) => b.textContent)).toEqual([
      `${heading(saturday)}, 2:30 PM – 6:30 PM`,
      `${heading(later)}, 6:00 PM – 10:00 PM`,
    ]);
    await user.click(choices[1]!);
    expect(screen.getByLabelText('Date')).toHaveValue(later);
    expect(screen.getByLabelText('Start time')).toHaveValue('18:00');
    expect(screen.getByLabelText('End time')).toHaveValue('22:00');
    expect(screen.queryByText('That time is taken.')).not.toBeInTheDocument();
    await send(user);
    expect(await screen.findByRole('heading', { name: 'Check your e-mail to confirm' })).toBeInTheDocument();
    expect(sent[1]!.body).toMatchObject({ date: later, startTime: '18:00', endTime: '22:00' });
    // the corrected request is a new request: a new key
    expect(sent[1]!.headers.get('idempotency-key')).not.toBe(sent[0]!.headers.get('idempotency-key'));
  });

  test("the server's field refusals show beside their fields, the first focused", async () => {
    const { user } = await openForm();
    server.use(
      http.post('/api/public/venues/:slug/requests', () =>
        HttpResponse.json(
          {
            message: 'Please check the form.',
            errors: [
              { path: ['answers', 'q-occasion'], message: 'Too long for the venue.' },
              { path: ['customerPhone'], message: 'That number cannot be reached.' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await fillEverything(user);
    await send(user);
    expect(await screen.findByText('Too long for the venue.')).toBeInTheDocument();
    expect(screen.getByText('That number cannot be reached.')).toBeInTheDocument();
    expect(screen.getByLabelText('What are you celebrating?')).toHaveFocus();
  });

  test('a refusal naming no field of the form (constructor) shows as its headline', async () => {
    const { user } = await openForm();
    server.use(
      http.post('/api/public/venues/:slug/requests', () =>
        fieldRefusal({ constructor: 'Not a field.', toString: 'Nor this.' }, 'Please check the form.'),
      ),
    );
    await fillEverything(user);
    await send(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your request could not be sent: Please check the form.',
    );
    expect(screen.queryByText('Not a field.')).not.toBeInTheDocument();
    // the form stays as filled in, ready to send again
    expect(screen.getByLabelText('Your name')).toHaveValue('Zoë Ñúñez');
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });

  test("a repeat lists each date with the server's clash, and asks the price for the series", async () => {
    const { user, saturday, quotes } = await openForm();
    server.use(
      http.post('/api/public/venues/:slug/quote', async ({ request }) => {
        const body = (await request.json()) as { repeat?: { count: number } };
        return HttpResponse.json({
          ...QUOTE,
          ...(body.repeat
            ? {
                occurrences: [
                  { date: saturday, free: true, clash: null, reason: null },
                  { date: addDays(saturday, 7), free: false, clash: 'This time is taken.', reason: 'taken' },
                  { date: addDays(saturday, 14), free: true, clash: null, reason: null },
                ],
                seriesTotalCents: 176000,
              }
            : {}),
        });
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Repeat this booking' }));
    await fill(user, 'Number of dates', '3');
    const list = (await screen.findByRole('heading', { name: 'The dates' }))
      .nextElementSibling as HTMLElement;
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Not free: This time is taken.'),
    );
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Free');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(await screen.findByRole('row', { name: 'All free dates $1,760.00' })).toBeInTheDocument();
    expect(quotes.length).toBeGreaterThan(0);
  });
});
