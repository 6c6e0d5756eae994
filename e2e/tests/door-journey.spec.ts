import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  OWNER,
  type PublicVenue,
  SLUG,
  bookingDocuments,
  dashboardAlerts,
  eveningFree,
  eveningHall,
  fillRequest,
  noAxeViolations,
  ownerApi,
  pickEvening,
  publicVenue,
  signIn,
  venueDay,
} from './helpers.ts';

/**
 * The customer's door end to end (issue 25, "What it must show"), on the real product: a customer
 * who has never used it, at a phone's width and at a desktop's, and the owner at their desk.
 *
 * The customer opens /book/harbourside-hall, picks a free Saturday evening (or, when no Saturday
 * falls within the week, the nearest free evening: the Dashboard chases documents for events within
 * 7 days, and this must pass on any day), fills the form and the venue's questions, accepts the
 * terms and sends it; the verification e-mail is opened from Mail preview and its link followed.
 * The owner sees the request with the side menu's count and the venue's e-mail, holds it, then
 * confirms it with a 50 % deposit. The customer signs in to the portal by e-mailed link, sees the
 * booking confirmed, downloads the deposit invoice, pays it on the pay page with the Stripe
 * stand-in and uploads an insurance PDF and an ID photo. The owner sees the payment and the
 * documents, marks them verified, and the Dashboard's alert for the booking is gone.
 */

const RUN = `j${Date.now().toString(36)}`;

let hall: { id: string; name: string };
let venue: PublicVenue;

test.beforeAll(async ({ request }) => {
  // The venue takes cards (its Stripe account; the product runs the Stripe stand-in).
  const owner = await ownerApi(request);
  await owner.put('/api/users/payment-methods', { stripe: true, bankTransfer: true });
  await owner.put('/api/users/stripe-account', { stripeAccountId: 'acct_1E2EHarbourside' });
  hall = await eveningHall(request, `Journey Hall ${RUN}`);
  venue = await publicVenue(request, hall.id);
});

/**
 * The evening this width asks for: within the next week (2 to 7 days ahead: past the venue's 24 h
 * notice, inside the Dashboard's 7-day documents window), the Saturday first, each width its own.
 */
async function journeyEvening(request: APIRequestContext, nth: number): Promise<string> {
  const days = [2, 3, 4, 5, 6, 7].map(venueDay);
  const saturdayFirst = [
    ...days.filter((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 6),
    ...days.filter((d) => new Date(`${d}T12:00:00Z`).getUTCDay() !== 6),
  ];
  const free: string[] = [];
  for (const d of saturdayFirst) if (await eveningFree(request, hall.id, d)) free.push(d);
  expect(free.length, 'free evenings of the hall within the week').toBeGreaterThan(nth);
  return free[nth]!;
}

/**
 * Mail preview, as the owner: the newest captured message to `to` whose subject matches, opened;
 * answers the address of its link that matches `link` (the frame is sandboxed, so the page lists
 * the message's links to open, as the customer's mail program would), as a path on this origin.
 */
async function linkInMail(staff: Page, to: string, subject: RegExp, link: RegExp): Promise<string> {
  await staff.goto('/CommsMailPreview');
  await expect(staff.getByRole('heading', { name: 'Mail Preview', level: 1 })).toBeVisible();
  const nav = staff.getByRole('navigation', { name: 'Captured mail' });
  const message = nav.getByRole('button').filter({ hasText: subject }).filter({ hasText: to }).first();
  await expect(async () => {
    await staff.getByRole('button', { name: 'Refresh' }).click();
    await expect(message).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await message.click();
  const mail = staff.getByTestId('captured-mail');
  await expect(mail).toContainText(to);
  const href = await mail
    .getByRole('group', { name: 'Links in this message' })
    .getByRole('link', { name: link })
    .getAttribute('href');
  expect(href).toBeTruthy();
  // Opened on the origin the test runs on (the product names its public address in links)
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

/** A one-page PDF and a 1×1 PNG: real files, read by content on the server. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

for (const [nth, width] of [375, 1400].entries()) {
  test(`a customer books through the door at ${width} px and the venue takes it from there`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const email = `journey-${width}-${RUN}@example.com`;
    const name = `Zoë Ñúñez ${width}`;
    const evening = await journeyEvening(request, nth);
    const owner = await ownerApi(request);

    const customerContext = await browser.newContext({
      viewport: { width, height: 900 },
      timezoneId: 'Australia/Sydney',
    });
    const staffContext = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      timezoneId: 'Australia/Sydney',
    });
    const customer = await customerContext.newPage();
    const staff = await staffContext.newPage();
    try {
      // --- The customer: the booking page, a free evening, the form, the server's price, send.
      await customer.goto(`/book/${SLUG}`);
      await expect(customer.getByRole('heading', { level: 1, name: venue.name })).toBeVisible();
      await customer.getByRole('button', { name: `See availability of ${hall.name}` }).click();
      await pickEvening(customer, evening, venue);
      await fillRequest(customer, email, name);
      await expect(customer.getByRole('row', { name: /^Total \$[\d,]+\.\d\d$/ })).toBeVisible();
      await customer.getByRole('button', { name: 'Send request' }).click();
      await expect(customer.getByRole('heading', { name: 'Check your e-mail to confirm' })).toBeFocused();

      // --- The verification e-mail, opened from Mail preview; its link followed by the customer.
      await signIn(staff, OWNER);
      const verify = await linkInMail(
        staff,
        email,
        /Please confirm your e-mail/,
        /\/book\/harbourside-hall\/verify\?token=/,
      );
      await customer.goto(verify);
      await expect(customer.getByRole('heading', { level: 1, name: 'Request received' })).toBeVisible();
      await expect(customer.getByText('Nothing is booked until the venue confirms it.')).toBeVisible();
      await noAxeViolations(customer);

      // --- The owner: the request waits, counted in the side menu, and the venue was e-mailed.
      const found = await owner.get<{
        items: Array<{ id: string; bookingCode: string; bookingSource: string }>;
      }>(`/api/bookings?q=${encodeURIComponent(email)}`);
      expect(found.items).toHaveLength(1);
      const { id: bookingId, bookingCode: code } = found.items[0]!;
      expect(found.items[0]!.bookingSource).toBe('website');
      await staff.goto('/Dashboard');
      const nav = staff.getByRole('navigation', { name: 'Main menu' });
      const requestsLink = nav.getByRole('link', { name: /^Booking Requests/ });
      if (!(await requestsLink.isVisible())) await nav.getByRole('button', { name: 'Bookings' }).click();
      await expect(requestsLink).toHaveAccessibleName(/^Booking Requests\s*\d+ requests? waiting$/);
      // The venue's e-mail about it, whose link opens the booking in the back office.
      const backOffice = await linkInMail(staff, '@', new RegExp(`New request ${code}`), /\/BookingsAll\?q=/);
      await staff.goto(backOffice);
      await expect(
        staff.getByRole('table', { name: 'Bookings' }).getByRole('row').filter({ hasText: code }),
      ).toContainText('Website');

      // Hold it (Pending Review → Accept), then confirm it from Booking Requests with a 50 % deposit.
      await staff.goto('/BookingsPending');
      await staff.getByLabel('Search').fill(code);
      const pending = staff.getByTestId('booking-row').filter({ hasText: code });
      await expect(pending).toHaveCount(1);
      await pending.getByRole('button', { name: `Actions for ${code}` }).click();
      await staff.getByRole('menuitem', { name: 'Accept' }).click();
      const accept = staff.getByRole('dialog', { name: 'Accept Booking' });
      await accept.getByRole('button', { name: 'Accept' }).click();
      await expect(accept).toBeHidden();
      await expect(pending).toHaveCount(0);

      await staff.goto('/BookingsHolds');
      await staff.getByLabel('Search').fill(code);
      await expect(staff.getByTestId('booking-row').filter({ hasText: code })).toContainText('tentative');
      await staff.getByRole('button', { name: `Confirm ${code}` }).click();
      const confirm = staff.getByRole('dialog', { name: 'Confirm Booking' });
      await confirm.getByText('Percentage', { exact: true }).click();
      await confirm.getByLabel('Deposit percentage').fill('50');
      await confirm.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect(confirm).toBeHidden();
      await expect(staff.getByRole('alert').filter({ hasText: 'Booking Confirmed!' })).toContainText(code);

      // --- The customer: the portal by e-mailed link; the booking confirmed.
      await customer.goto(`/my?venue=${SLUG}`);
      await expect(
        customer.getByRole('heading', { level: 1, name: `Your bookings with ${venue.name}` }),
      ).toBeVisible();
      await customer.getByLabel('E-mail').fill(email);
      await customer.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
      await expect(customer.getByRole('status').filter({ hasText: email })).toBeVisible();
      const signInLink = await linkInMail(staff, email, /Your sign-in link for/, /\/my\/sign-in\?token=/);
      await customer.goto(signInLink);
      const card = customer.getByRole('article').filter({ hasText: code });
      await expect(card).toContainText('Confirmed');
      await noAxeViolations(customer);

      // The deposit invoice: its PDF, then paid by card on the pay page (the Stripe stand-in).
      await customer
        .getByRole('navigation', { name: 'Your account' })
        .getByRole('link', { name: 'Invoices' })
        .click();
      const invoice = customer
        .getByRole('article')
        .filter({ hasText: code })
        .filter({ hasText: 'Deposit invoice' });
      await expect(invoice).toHaveCount(1);
      const number = /INV-\d{4}-\d{5}/.exec(await invoice.getByRole('heading', { level: 2 }).innerText())![0];
      const pdf = customer.waitForEvent('download');
      await invoice.getByRole('button', { name: `Invoice PDF ${number}` }).click();
      expect((await pdf).suggestedFilename()).toBe(`${number}.pdf`);
      const payButton = invoice.getByRole('button', {
        name: new RegExp(`^Pay \\$[\\d,.]+ of invoice ${number}$`),
      });
      const amount = /\$[\d,]+\.\d\d/.exec(await payButton.innerText())![0];
      await payButton.click();
      await expect(customer.getByRole('heading', { name: `Tax Invoice ${number}` })).toBeVisible();
      // (the venue's Stripe account reaches money with the settings event)
      await expect(async () => {
        await customer.reload();
        await expect(customer.getByRole('button', { name: 'Pay by card' })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await customer.getByRole('button', { name: 'Pay by card' }).click();
      await expect(customer.getByRole('heading', { name: 'Checkout (Stripe stand-in)' })).toBeVisible();
      await customer.getByRole('button', { name: `Pay ${amount}` }).click();
      await expect(customer.getByText('This invoice is paid, thank you.')).toBeVisible();

      // Insurance and ID uploaded from the booking's page.
      await customer.goto('/my');
      await customer.getByRole('article').filter({ hasText: code }).getByRole('link').click();
      const documents = customer.getByRole('region', { name: 'Documents' });
      await expect(documents).toBeVisible();
      await documents.getByLabel('Document', { exact: true }).selectOption('insurance');
      await documents.getByLabel('File', { exact: true }).setInputFiles({
        name: 'public-liability.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await documents.getByRole('button', { name: 'Upload' }).click();
      await expect(documents.getByRole('listitem').filter({ hasText: 'public-liability.pdf' })).toContainText(
        'Waiting for the venue to check',
      );
      await documents.getByLabel('Document', { exact: true }).selectOption('id');
      await documents
        .getByLabel('File')
        .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
      await documents.getByRole('button', { name: 'Upload' }).click();
      await expect(documents.getByRole('listitem').filter({ hasText: 'licence.png' })).toBeVisible();
      await noAxeViolations(customer);

      // --- The owner: the payment, the documents marked verified, the Dashboard's alert gone.
      await staff.goto(`/invoices#${number}`);
      const panel = staff.getByRole('dialog', { name: `Tax Invoice ${number}` });
      await expect(panel).toContainText('PAID');
      await expect(panel.getByRole('table', { name: 'Payments' })).toContainText('Card');

      await expect.poll(() => dashboardAlerts(staff), { timeout: 30_000 }).toContain(code);
      const items = await bookingDocuments(staff, code);
      await expect(items).toHaveCount(2);
      await items
        .filter({ hasText: 'public-liability.pdf' })
        .getByRole('button', { name: 'Mark verified: Insurance public-liability.pdf' })
        .click();
      await expect(items.filter({ hasText: 'public-liability.pdf' })).toContainText(/Verified by/);
      await items
        .filter({ hasText: 'licence.png' })
        .getByRole('button', { name: 'Mark verified: ID licence.png' })
        .click();
      await expect(items.filter({ hasText: 'licence.png' })).toContainText(/Verified by/);
      await expect.poll(() => dashboardAlerts(staff), { timeout: 30_000 }).not.toContain(code);

      // The customer sees the venue checked them.
      await customer.reload();
      await expect(documents.getByText('Verified', { exact: true })).toHaveCount(2);
      const stored = await owner.get<{ status?: string; booking?: { status: string } }>(
        `/api/bookings/${bookingId}`,
      );
      expect(stored.booking?.status ?? stored.status).toBe('confirmed');
    } finally {
      await customerContext.close();
      await staffContext.close();
    }
  });
}
