import { describe, expect, jest, test } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  captureRequests,
  fieldRefusal,
  holdAnswer,
  onlyBody,
  problemOf,
  renderWithProviders,
  server,
} from '@venue/ui/testing';
import type { Booking } from '../api/types.ts';
import { BookingFormDialog } from './BookingFormDialog.tsx';

const HALL = { id: 'res-main', name: 'Main Hall', type: 'hall', capacity: 200, status: 'active' };
const NO_CLASH = { conflicts: [], blockouts: [], quote: null };

/** A day two years ahead in the venue's date format (DD/MM/YYYY) and as the API writes it. */
function futureDay() {
  const d = new Date();
  d.setFullYear(d.getFullYear() + 2, 2, 14);
  const p = (n: number) => String(n).padStart(2, '0');
  return {
    typed: `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()}`,
    iso: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`,
  };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const saveError = () => screen.findByRole('alert', { name: 'Cannot save booking' });

/**
 * Replaces what a box holds, the text arriving at once (as pasted): typing key by key re-renders
 * the whole form per key, which jsdom makes slow, and the form reads only the value.
 */
async function fill(user: UserEvent, name: string, text: string) {
  const input = screen.getByLabelText(name, { exact: false, selector: 'input, textarea' });
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

async function choose(user: UserEvent, name: string, option: string) {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Written in the user's format, then left, as a person does. */
async function typeDate(user: UserEvent, text: string) {
  await fill(user, 'Booking date', text);
  await user.tab();
}

async function submit(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Create Booking' }));
}

/** The catalogue the form reads: one hall, no add-ons. */
function answerCatalogue() {
  server.use(
    http.get('/api/resources', () => HttpResponse.json([HALL])),
    http.get('/api/addons', () => HttpResponse.json([])),
  );
}

function renderForm(onClose = jest.fn()) {
  answerCatalogue();
  return renderWithProviders(<BookingFormDialog opened onClose={onClose} />);
}

/**
 * Rule 1's fields in the spec's order, each with what fills it; every value given breaks a later
 * rule (bad e-mail, bad phone, a past date, end before start), so those come next in turn.
 */
function requiredFields(user: UserEvent): Array<[string, () => Promise<void>]> {
  return [
    ['customer name', () => fill(user, 'Customer name', 'Jane Citizen')],
    ['customer email', () => fill(user, 'Customer email', 'jane@example')],
    // too short for an Australian number: rule 3 refuses it below
    ['customer phone', () => fill(user, 'Customer phone', '0412 345')],
    ['event type', () => choose(user, 'Event type', 'Wedding')],
    ['selected hall', () => choose(user, 'Resource', 'Main Hall')],
    ['booking date', () => typeDate(user, '01/01/2020')],
    ['start time', () => fill(user, 'Start time', '14:00')],
    ['end time', () => fill(user, 'End time', '12:00')],
  ];
}

/** The message beside the field of this label (see problemOf). */
const problemAt = (name: string | RegExp) =>
  problemOf(screen.getByLabelText(name, { exact: false, selector: 'input, textarea' }));

/** Settings → Payments' Invoice Settings as admin answers them. */
function answerVenueDeposit(depositPercentage: number) {
  captureRequests('get', '/api/tenant-settings/invoice', { depositPercentage, defaultDueDays: 30 });
}

async function fillValid(user: UserEvent) {
  await fill(user, 'Customer name', 'Jane Citizen');
  await fill(user, 'Customer email', 'jane@example.com');
  await fill(user, 'Customer phone', '+61 412 345 678');
  await choose(user, 'Event type', 'Corporate Event');
  await choose(user, 'Resource', 'Main Hall');
  await typeDate(user, futureDay().typed);
  await fill(user, 'Start time', '09:00');
  await fill(user, 'End time', '12:00');
}

/** A booking as the service answers it, to be edited: its day ahead, a phone stored long ago. */
function storedBooking(): Booking {
  const day = futureDay();
  return {
    id: 'b-7',
    bookingCode: 'BK-0007',
    customerName: 'Wendy Web',
    customerEmail: 'wendy@example.com',
    // stored before numbers were read by country: shown as it is, sent back untouched
    customerPhone: '12345',
    eventType: 'Birthday',
    resourceId: HALL.id,
    selectedHall: HALL.id,
    bookingDate: day.iso,
    startTime: '18:00',
    endTime: '22:00',
    status: 'pending',
    guestCount: 80,
    estimatedPriceCents: 50000,
    additionalDescription: '',
    addOns: [{ id: 'addon-1', name: 'Chairs', quantity: 2 }],
  } as unknown as Booking;
}

describe('Booking form', () => {
  test('submitting an empty form shows every missing field at once, beside it, focuses the first, and sends nothing', async () => {
    captureRequests('post', '/api/bookings/check', NO_CLASH);
    const posts = captureRequests('post', '/api/bookings/admin', {});
    const { user } = renderForm();
    // Somewhere further down the form, as a person who typed a note first is.
    await fill(user, 'Additional description', 'Projector please');
    await submit(user);

    expect(await saveError()).toHaveTextContent('Please correct the 8 fields marked below.');
    const expected: Record<string, string> = {
      'Customer name': 'Please fill in the customer name',
      'Customer email': 'Please fill in the customer email',
      'Customer phone': 'Please fill in the customer phone',
      'Event type': 'Please fill in the event type',
      Resource: 'Please fill in the selected hall',
      'Booking date': 'Please fill in the booking date',
      'Start time': 'Please fill in the start time',
      'End time': 'Please fill in the end time',
    };
    for (const [label, message] of Object.entries(expected)) expect(problemAt(label)).toBe(message);
    // The first field in the form's order has the focus, ready to be filled in.
    expect(field('Customer name')).toHaveFocus();
    expect(posts).toHaveLength(0);

    // A field being corrected stops saying what was wrong (once the form has checked it again,
    // a moment later); the others still say it.
    await fill(user, 'Customer name', 'Jane Citizen');
    await waitFor(() => expect(problemAt('Customer name')).toBeNull());
    expect(problemAt('Customer email')).toBe('Please fill in the customer email');
  });

  test('the e-mail, phone, past-date and time problems together, then the clash, and sends nothing', async () => {
    // The server reports a clash for 14:00–18:00 only; the form must refuse to send that slot.
    const checks = captureRequests('post', '/api/bookings/check', (req) =>
      (req.body as { endTime?: string }).endTime === '18:00'
        ? {
            conflicts: [
              {
                id: 'b-1',
                customer: 'Smith Wedding',
                startTime: '15:00',
                endTime: '20:00',
                eventType: 'Wedding',
                status: 'confirmed',
              },
            ],
            blockouts: [],
            quote: null,
          }
        : NO_CLASH,
    );
    const posts = captureRequests('post', '/api/bookings/admin', {});
    const { user } = renderForm();
    const day = futureDay();
    for (const [, fillIt] of requiredFields(user)) await fillIt();
    await fill(user, 'Guest count', '0');

    await submit(user);
    expect(await saveError()).toHaveTextContent('Please correct the 5 fields marked below.');
    // Rule 5 (HH:MM) cannot be broken here: a time box holds only valid times.
    expect(problemAt('Customer email')).toBe('Please enter a valid email address');
    // what a venue types (decision 28) is read by its country
    expect(problemAt('Customer phone')).toBe('Enter a phone number such as 0412 345 678 or +61 412 345 678');
    expect(problemAt('Booking date')).toBe('Booking date cannot be in the past');
    expect(problemAt('End time')).toBe('End time must be after start time');
    expect(problemAt('Guest count')).toBe('Guest count must be a whole number of at least 1');
    expect(problemAt('Customer name')).toBeNull();
    expect(field('Customer email')).toHaveFocus();

    await fill(user, 'Customer email', 'jane@example.com');
    await fill(user, 'Customer phone', '0412 345 678');
    await typeDate(user, day.typed);
    await fill(user, 'End time', '18:00');
    await fill(user, 'Guest count', '');
    // Rule 7: the availability check found a clash; the form lists it and will not send.
    expect(await screen.findByText(/Smith Wedding/)).toBeVisible();
    await submit(user);
    expect(await saveError()).toHaveTextContent(
      'Time slot conflicts with existing booking(s). Please choose a different time.',
    );
    expect(posts).toHaveLength(0);
    expect(checks.at(-1)?.body).toMatchObject({
      resourceId: HALL.id,
      bookingDate: day.iso,
      startTime: '14:00',
      endTime: '18:00',
    });
  });

  test('made confirmed, the deposit starts from the venue’s setting (50 %) and is confirmed with it', async () => {
    answerVenueDeposit(50);
    captureRequests('post', '/api/bookings/check', {
      ...NO_CLASH,
      quote: {
        calculatedPriceCents: 90000,
        durationHours: 3,
        rateCents: 30000,
        rateType: 'hourly',
        isWeekend: false,
        holiday: null,
        breakdown: [],
      },
    });
    const posts = captureRequests('post', '/api/bookings/admin', {
      booking: { id: 'b-new', bookingCode: 'BK-1042', status: 'pending', calculatedPriceCents: 90000 },
    });
    const puts = captureRequests('put', '/api/bookings/b-new/status', {
      booking: {
        id: 'b-new',
        bookingCode: 'BK-1042',
        status: 'confirmed',
        calculatedPriceCents: 90000,
        money: { totalCents: 90000, depositCents: 45000, finalDueCents: 45000 },
      },
    });
    const onClose = jest.fn();
    const { user } = renderForm(onClose);
    await fillValid(user);
    await choose(user, 'Status', 'Confirmed');

    const deposit = await screen.findByTestId('confirm-deposit');
    expect(await within(deposit).findByRole('radio', { name: 'Percentage' })).toBeChecked();
    expect(within(deposit).getByRole('textbox', { name: 'Deposit percentage' })).toHaveValue('50');
    expect(deposit).toHaveTextContent('This venue’s setting (Settings → Payments).');
    // once the price is quoted, what the deposit comes to
    await waitFor(() =>
      expect(deposit).toHaveTextContent(
        'Confirmed with a deposit of $450.00, balance due $450.00 of $900.00',
      ),
    );

    await submit(user);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Booking created successfully! Calculated price: $900.00. Confirmed with a deposit of $450.00.',
    );
    expect(onlyBody(posts)).toMatchObject({ status: 'pending' });
    expect(puts.map((p) => p.body)).toEqual([
      { status: 'confirmed', payment_details: { deposit_type: 'Percentage', deposit_value: 50 } },
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 3000 });
  });

  test('a series once made is not checked again: its success is not turned into "dates taken"', async () => {
    captureRequests('post', '/api/bookings/check', NO_CLASH);
    let made = false;
    const day = futureDay();
    const weekly = [0, 7, 14, 21].map((n) => {
      const d = new Date(`${day.iso}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    });
    // As the server does: once the series is booked, each of its dates is taken (by itself).
    const seriesChecks = captureRequests('post', '/api/bookings/recurring/check', () => ({
      frequency: 'weekly',
      freeCount: made ? 0 : 4,
      occurrences: weekly.map((date) => ({
        date,
        startsAt: `${date}T09:00:00+11:00`,
        endsAt: `${date}T12:00:00+11:00`,
        free: !made,
        conflicts: made
          ? [{ id: `b-${date}`, customer: 'Jane Citizen', startTime: '09:00', endTime: '12:00' }]
          : [],
        blockouts: [],
      })),
    }));
    captureRequests('post', '/api/bookings/recurring', () => {
      made = true;
      return {
        seriesId: 's-1',
        bookings: weekly.map((date, i) => ({ id: `b-${date}`, bookingCode: `BK-10${i}`, bookingDate: date })),
      };
    });
    const { user } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('switch', { name: 'Repeat this booking' }));
    expect(await screen.findByTestId('series-summary')).toHaveTextContent('4 of 4 dates will be booked');

    await user.click(screen.getByRole('button', { name: 'Create 4 Bookings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('4 bookings created successfully!');
    const asked = seriesChecks.length;
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(seriesChecks).toHaveLength(asked);
    expect(screen.getByTestId('series-summary')).toHaveTextContent('4 of 4 dates will be booked');
    expect(screen.queryByText('Some dates are taken')).toBeNull();
  });

  test('a repeat with no last date is said beside that date, with the other problems', async () => {
    captureRequests('post', '/api/bookings/check', NO_CLASH);
    const series = captureRequests('post', '/api/bookings/recurring', {});
    const { user } = renderForm();
    await fillValid(user);
    await fill(user, 'Customer email', 'jane@');
    await user.click(screen.getByRole('switch', { name: 'Repeat this booking' }));
    await user.click(screen.getByRole('radio', { name: 'On a date' }));
    await user.click(screen.getByRole('button', { name: /^Create \d+ Bookings?$/ }));

    expect(await saveError()).toHaveTextContent('Please correct the 2 fields marked below.');
    expect(problemAt('Customer email')).toBe('Please enter a valid email address');
    expect(problemAt('Repeat until')).toBe('Choose the last date the booking may repeat on.');
    expect(field('Customer email')).toHaveFocus();
    expect(series).toHaveLength(0);
  });

  test('a valid booking is POSTed with the form fields, once, and the saved price is shown', async () => {
    captureRequests('post', '/api/bookings/check', {
      ...NO_CLASH,
      quote: {
        calculatedPriceCents: 90000,
        durationHours: 3,
        rateCents: 30000,
        rateType: 'hourly',
        isWeekend: false,
        holiday: null,
        breakdown: [],
      },
    });
    const posts = captureRequests('post', '/api/bookings/admin', {
      booking: { id: 'b-new', bookingCode: 'BK-1042', calculatedPriceCents: 123450 },
    });
    const onClose = jest.fn();
    const { user } = renderForm(onClose);
    const day = futureDay();

    await fill(user, 'Customer name', '  Jane Citizen ');
    await fill(user, 'Customer email', 'jane@example.com');
    await fill(user, 'Customer phone', '+61 412 345 678');
    await choose(user, 'Event type', 'Corporate Event');
    await choose(user, 'Resource', 'Main Hall');
    await fill(user, 'Guest count', '120');
    await typeDate(user, day.typed);
    await fill(user, 'Start time', '09:00');
    await fill(user, 'End time', '12:00');
    await fill(user, 'Additional description', 'Projector please');
    expect(await screen.findByText(/Price estimate:/)).toHaveTextContent('$900.00');

    await submit(user);

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Booking created successfully! Calculated price: $1,234.50',
    );
    // The spec's form fields as typed (newer fields, e.g. add-ons, may come beside them).
    expect(onlyBody(posts)).toMatchObject({
      customerName: 'Jane Citizen',
      customerEmail: 'jane@example.com',
      customerPhone: '+61 412 345 678',
      eventType: 'Corporate Event',
      selectedHall: HALL.id,
      resourceId: HALL.id,
      bookingDate: day.iso,
      startTime: '09:00',
      endTime: '12:00',
      additionalDescription: 'Projector please',
      estimatedPrice: null,
      guestCount: 120,
      status: 'pending',
    });
    // A double click or a retry of the same booking reuses the key; the server creates it once.
    expect(posts[0]!.headers.get('idempotency-key')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Booking' })).toBeDisabled();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 3000 });
  });

  test("the server's refusal is shown as it worded it", async () => {
    captureRequests('post', '/api/bookings/check', NO_CLASH);
    server.use(
      http.post('/api/bookings/admin', () =>
        fieldRefusal({ guestCount: 'Guest count cannot be more than the hall’s capacity of 200' }),
      ),
    );
    const { user } = renderForm();
    await fill(user, 'Customer name', 'Jane Citizen');
    await fill(user, 'Customer email', 'jane@example.com');
    await fill(user, 'Customer phone', '+61 2 9876 5432');
    await choose(user, 'Event type', 'Meeting');
    await choose(user, 'Resource', 'Main Hall');
    await typeDate(user, futureDay().typed);
    await fill(user, 'Start time', '10:00');
    await fill(user, 'End time', '11:00');
    await submit(user);
    expect(await saveError()).toHaveTextContent('Guest count cannot be more than the hall’s capacity of 200');
    // …and beside the field it names, which takes the focus.
    expect(problemAt('Guest count')).toBe('Guest count cannot be more than the hall’s capacity of 200');
    expect(screen.getByLabelText('Guest count', { exact: false, selector: 'input' })).toHaveFocus();
  });

  test('a corrected field that is still wrong says its new problem at once', async () => {
    captureRequests('post', '/api/bookings/check', NO_CLASH);
    const { user } = renderForm();
    await submit(user);
    expect(await saveError()).toHaveTextContent('Please correct the 8 fields marked below.');
    expect(problemAt('Customer email')).toBe('Please fill in the customer email');

    await fill(user, 'Customer email', 'jane@');
    await waitFor(() => expect(problemAt('Customer email')).toBe('Please enter a valid email address'));
    await fill(user, 'Guest count', '2.5');
    await waitFor(() =>
      expect(problemAt('Guest count')).toBe('Guest count must be a whole number of at least 1'),
    );
  });

  test('the save button is disabled while the booking is being sent', async () => {
    captureRequests('post', '/api/bookings/check', NO_CLASH);
    const { held, release } = holdAnswer();
    const posts = captureRequests('post', '/api/bookings/admin', async () => {
      await held;
      return { booking: { id: 'b-1', bookingCode: 'BK-1', calculatedPriceCents: 0 } };
    });
    const { user } = renderForm();
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(posts).toHaveLength(1));
    const button = screen.getByRole('button', { name: 'Create Booking' });
    expect(button).toBeDisabled();
    // A second click while it is being sent sends nothing more.
    await user.click(button);
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('Booking created successfully!');
    expect(posts).toHaveLength(1);
  });

  test("the server's refusal of the resource is shown under Resource, and the clash it found is listed", async () => {
    captureRequests('post', '/api/bookings/check', NO_CLASH);
    server.use(
      http.post('/api/bookings/admin', () =>
        HttpResponse.json(
          {
            message: 'This time slot is no longer available',
            errors: [{ path: ['resourceId'], message: 'Main Hall is booked at that time' }],
            conflicts: [
              {
                id: 'b-9',
                customer: 'Late Party',
                startTime: '09:30',
                endTime: '11:00',
                eventType: 'Party',
                status: 'confirmed',
              },
            ],
            blockouts: [],
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderForm();
    await fillValid(user);
    await submit(user);
    expect(await saveError()).toHaveTextContent('This time slot is no longer available');
    expect(problemAt('Resource')).toBe('Main Hall is booked at that time');
    expect(screen.getByText(/Late Party/)).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Resource' })).toHaveFocus();
  });

  test('an edit PUTs the typed changes, keeps the stored phone and leaves unchanged add-ons out', async () => {
    captureRequests('post', '/api/bookings/check', NO_CLASH);
    const day = futureDay();
    const stored = storedBooking();
    const puts = captureRequests('put', '/api/bookings/b-7', {
      booking: { ...stored, guestCount: 150, calculatedPriceCents: 50000 },
    });
    answerCatalogue();
    const { user } = renderWithProviders(<BookingFormDialog opened onClose={jest.fn()} booking={stored} />);
    expect(screen.getByLabelText('Customer phone', { exact: false, selector: 'input' })).toHaveValue('12345');
    expect(
      screen.getByLabelText('Estimated price override', { exact: false, selector: 'input' }),
    ).toHaveValue(500);
    await fill(user, 'Guest count', '150');
    await user.click(screen.getByRole('button', { name: 'Update Booking' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Booking updated successfully! Calculated price: $500.00',
    );
    expect(onlyBody(puts)).toEqual({
      customerName: 'Wendy Web',
      customerEmail: 'wendy@example.com',
      customerPhone: '12345',
      eventType: 'Birthday',
      selectedHall: HALL.id,
      resourceId: HALL.id,
      bookingDate: day.iso,
      startTime: '18:00',
      endTime: '22:00',
      additionalDescription: '',
      estimatedPrice: 500,
      guestCount: 150,
      status: 'pending',
    });
  });

  test('a deposit the rules refuse is said beside it, and nothing is sent', async () => {
    answerVenueDeposit(50);
    captureRequests('post', '/api/bookings/check', NO_CLASH);
    const posts = captureRequests('post', '/api/bookings/admin', {});
    const puts = captureRequests('put', '/api/bookings/b-new/status', {});
    const { user } = renderForm();
    await fillValid(user);
    await choose(user, 'Status', 'Confirmed');
    const deposit = await screen.findByTestId('confirm-deposit');
    await within(deposit).findByRole('radio', { name: 'Percentage' });
    await fill(user, 'Deposit percentage', '12.5');
    await submit(user);

    expect(await saveError()).toHaveTextContent('Please correct the field marked below.');
    expect(problemAt('Deposit percentage')).toBe('Deposit percentage must be a whole number from 0 to 100.');
    expect(posts).toHaveLength(0);
    expect(puts).toHaveLength(0);
  });

  test("an edit's refusal naming the e-mail is shown beside the e-mail, which takes the focus", async () => {
    captureRequests('post', '/api/bookings/check', NO_CLASH);
    const message = 'This e-mail address cannot receive mail';
    const puts = captureRequests('put', '/api/bookings/b-7', () =>
      fieldRefusal({ customerEmail: message }, 'Please correct the e-mail'),
    );
    answerCatalogue();
    const { user } = renderWithProviders(
      <BookingFormDialog opened onClose={jest.fn()} booking={storedBooking()} />,
    );
    await fill(user, 'Customer email', 'wendy@nowhere.example');
    await user.click(screen.getByRole('button', { name: 'Update Booking' }));

    expect(await saveError()).toHaveTextContent('Please correct the e-mail');
    expect(problemAt('Customer email')).toBe(message);
    expect(field('Customer email')).toHaveFocus();
    expect(onlyBody(puts)).toMatchObject({ customerEmail: 'wendy@nowhere.example' });
    // Corrected, the field no longer says the server's problem.
    await fill(user, 'Customer email', 'wendy@example.com');
    await waitFor(() => expect(problemAt('Customer email')).toBeNull());
  });
});
