import { test, expect } from '@playwright/test';
import {
  OWNER,
  commsHasBooking,
  createResource,
  noAxeViolations,
  ownerApi,
  signIn,
  venueDay,
} from './helpers.ts';

// SMS (issue 26 item 3) on the real product as `npm start` runs it: no SMS_URL, so the worker
// captures each SMS in Mail preview, marked SMS. The browser lives where the venue does.
test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1440, height: 900 } });

const RUN = `sm${Date.now().toString(36)}`;
// An Australian mobile of this run alone, so its STOP touches no other test's customer.
// (0412 is a mobile range the phone check accepts; the last six digits are this run's)
const DIGITS = String(Date.now()).slice(-6);
const TYPED = `+61 412 ${DIGITS.slice(0, 3)} ${DIGITS.slice(3)}`;
const E164 = `+61412${DIGITS}`;
const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The hour at the venue (Australia/Sydney, the demo venue's zone) now. */
function venueHour(): number {
  return Number(
    new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date()),
  );
}
/** A person's SMS goes at once between 08:00 and 20:00 venue time, else it waits until 08:00. */
const daytime = (hour: number) => hour >= 8 && hour < 20;

test('an SMS reminder to an Australian mobile: cost first, captured as SMS, in Message History; a STOP reply is honoured', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = await ownerApi(request);
  const hall = await createResource(api, `SMS Hall ${RUN}`);
  const email = `texted-${RUN}@example.com`;
  const name = `Texted ${RUN}`;
  // bookings-helpers' createBooking, with this run's own mobile typed as a person would
  const created = await api.post<
    { booking: { id: string; bookingCode: string } } | { id: string; bookingCode: string }
  >('/api/bookings/admin', {
    customerName: name,
    customerEmail: email,
    customerPhone: TYPED,
    eventType: 'Wedding',
    selectedHall: hall.id,
    resourceId: hall.id,
    bookingDate: venueDay(14),
    startTime: '10:00',
    endTime: '12:00',
    estimatedPrice: 400,
    guestCount: 50,
    status: 'pending',
  });
  const booking = 'booking' in created ? created.booking : created;
  await api.put(`/api/bookings/${booking.id}/status`, {
    status: 'confirmed',
    payment_details: { tax_type: 'inclusive', deposit_type: 'None', deposit_value: null },
  });
  await commsHasBooking(api, email, booking.id, 'confirmed');

  // Bookings → Confirmed → Send reminders, by SMS: the server's cost is shown before sending.
  await signIn(page, OWNER);
  await page.goto('/BookingsConfirmed');
  await page.getByLabel('Search').fill(RUN);
  await expect(page.getByTestId('booking-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Send reminders' }).click();
  const picker = page.getByRole('dialog', { name: 'Send Event Reminders' });
  await expect(picker.getByTestId('reminders-selected')).toHaveText('1 selected');
  await expect(picker.getByTestId('sms-cost')).toHaveCount(0);
  await picker.getByRole('radio', { name: 'SMS', exact: true }).check();
  // the customer's number, as bookings stored it (E.164)
  await expect(picker).toContainText(E164);
  const summary = picker.getByTestId('sms-cost-summary');
  await expect(summary).toHaveText(/^1 message, [1-9]\d* segments?, about \$\d+\.\d\d$/);
  await expect(picker.getByRole('list', { name: 'Bookings that get no SMS' })).toHaveCount(0);
  await noAxeViolations(page, '[role="dialog"]', 'iframe[sandbox]');

  const hourBefore = venueHour();
  await picker.getByRole('button', { name: 'Send Reminders' }).click();
  const sentToast = page.getByText(/Sent 1 reminder\(s\), 0 failed\./);
  await expect(sentToast).toBeVisible();
  await expect(picker).toBeHidden();
  const hourAfter = venueHour();
  const night = !daytime(hourBefore) && !daytime(hourAfter);
  const day = daytime(hourBefore) && daytime(hourAfter);
  // (at 08:00 or 20:00 exactly the send may fall either side: then either answer is right)
  if (night)
    await expect(
      page.getByText('It is night at the venue: the SMS go at 08:00.', { exact: false }),
    ).toBeVisible();
  if (day) await expect(page.getByText(/the SMS go at 08:00/)).toHaveCount(0);

  // Message History: the SMS, marked SMS, sent by day; pending until 08:00 by night.
  await page.goto('/CommsMessages');
  await page.getByLabel('Search').fill(name);
  const row = page.getByTestId('email-history').getByRole('row', { name: new RegExp(escaped(E164)) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('SMS', { exact: true })).toBeVisible();
  if (day) {
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(row).toContainText('Sent', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // Mail preview: captured (no SMS_URL), marked SMS, the reminder's words as the phone gets them.
    await page.goto('/CommsMailPreview');
    await expect(page.getByRole('heading', { name: 'Mail Preview', level: 1 })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Captured mail' })
      .getByRole('button', { name: new RegExp(escaped(E164)) })
      .click();
    const mail = page.getByTestId('captured-mail');
    await expect(mail.getByTestId('sms-badge')).toBeVisible();
    await expect(mail).toContainText(E164);
    await expect(mail).toContainText(booking.bookingCode);
    await expect(mail).toContainText('Reply STOP to opt out.');
  } else if (night) {
    // It is night at the venue: the SMS waits (Pending) until 08:00, and is not captured yet.
    await expect(row).toContainText('Pending');
    const waiting = await api.get<{ items: Array<{ status: string }> }>(
      `/api/email-comms/history?channel=sms&bookingId=${booking.id}`,
    );
    expect(waiting.items.map((i) => i.status)).toEqual(['pending']);
  }

  // The customer replies STOP: the provider posts it to the venue's inbound URL (owner only).
  const settings = await api.get<{ inboundPath: string | null; capturing: boolean }>(
    '/api/email-comms/sms/settings',
  );
  expect(settings.capturing).toBe(true);
  expect(settings.inboundPath).toMatch(/^\/api\/email-comms\/sms\/inbound\//);
  // A form post, as Twilio sends it, is answered with TwiML: an empty <Response>, no auto-reply.
  const stop = await request.post(settings.inboundPath!, { form: { From: E164, Body: 'STOP' } });
  expect(stop.status(), await stop.text()).toBe(200);
  expect(stop.headers()['content-type']).toMatch(/^text\/xml/);
  expect(await stop.text()).toMatch(/<Response><\/Response>\s*$/);

  // A second SMS to that number is refused, the reason shown: Send Email → Send by SMS …
  await page.goto('/CommsSendEmail');
  await page.getByLabel('Search customers').fill(RUN);
  await page.getByRole('radio', { name: new RegExp(escaped(name)) }).check();
  const bookingSelect = page.getByRole('combobox', { name: 'Booking (optional)' });
  await expect(bookingSelect.locator('option', { hasText: booking.bookingCode })).toHaveCount(1);
  await bookingSelect.selectOption(booking.id);
  const panel = page.getByTestId('sms-panel');
  await expect(panel.getByTestId('sms-skipped')).toHaveText(
    'This number has opted out of SMS from this venue (it replied STOP, or staff marked it).',
  );
  await expect(panel.getByRole('button', { name: 'Send SMS' })).toBeDisabled();

  // … and the reminders dialog: the cost names it, and the server refuses it when sent anyway.
  await page.goto('/BookingsConfirmed');
  await page.getByLabel('Search').fill(RUN);
  await expect(page.getByTestId('booking-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Send reminders' }).click();
  await picker.getByRole('radio', { name: 'SMS', exact: true }).check();
  await expect(picker.getByTestId('sms-cost-summary')).toHaveText(/^0 messages, 0 segments, about /);
  await expect(picker.getByRole('list', { name: 'Bookings that get no SMS' })).toContainText(
    `${booking.bookingCode} — ${name}: This number has opted out of SMS from this venue (it replied STOP, or staff marked it).`,
  );
  await picker.getByRole('button', { name: 'Send Reminders' }).click();
  await expect(page.getByText('No reminders were sent.')).toBeVisible();
  await expect(picker).toContainText(
    'This number has opted out of SMS from this venue (it replied STOP, or staff marked it).',
  );
  const history = await api.get<{ items: Array<{ id: string }> }>(
    `/api/email-comms/history?channel=sms&bookingId=${booking.id}`,
  );
  expect(history.items, 'no second SMS was queued').toHaveLength(1);
});
