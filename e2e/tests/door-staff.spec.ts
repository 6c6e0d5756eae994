import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  type Api,
  OWNER,
  type PublicVenue,
  SLUG,
  bookingDocuments,
  dashboardAlerts,
  noAxeViolations,
  ownerApi,
  publicVenue,
  signIn,
  takeRequestsFor,
  venueDay,
} from './helpers.ts';

/**
 * Staff's side of the customer's door (issue 25 items 3 and 4), against the real product at a
 * phone's width and a desktop's: a request sent through the public API of a demo venue (and its
 * e-mailed verification link opened, as the customer would) reaches staff with the side menu's
 * count, in Booking Requests with source Website, in Bookings All through the Source filter and
 * at ?q=<code>; the drawer shows the customer's answers and the agreement they accepted; the
 * customer uploads ID and insurance through the portal API, the owner sees and downloads them,
 * marks them verified, and the Dashboard's documents alert for the booking is gone.
 */

const RUN = Date.now().toString(36);

interface PreviewItem {
  id: string;
  to: string | string[];
  subject: string;
}

let owner: Api;
let hall: { id: string; name: string };
let venue: PublicVenue;

/**
 * A hall of this run, open every day until 23:30 with an hourly rate and taking online requests,
 * added as a venue would (Resources, Pricing, Settings → Online bookings), so the evenings asked
 * for below are free and within opening hours.
 */
test.beforeAll(async ({ request }) => {
  owner = await ownerApi(request);
  const day = { open: '08:00', close: '23:30', closed: false };
  const name = `Door Staff Hall ${RUN}`;
  const made = await owner.post<{ id: string; name: string }>('/api/resources', {
    name,
    type: 'hall',
    capacity: 150,
    hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
  });
  hall = { id: made.id, name };
  await owner.post('/api/pricing', {
    resourceId: hall.id,
    resourceName: name,
    rateType: 'hourly',
    weekdayRateCents: 16000,
    weekendRateCents: 20000,
    description: 'Evening hire',
  });
  await takeRequestsFor(owner, hall.id);
  // The public page lists the hall once the catalogue's copy of the settings has it.
  venue = await publicVenue(request, hall.id);
});

/** The text of the newest captured e-mail to `email` whose text matches `pattern` (Mail preview). */
async function mailMatching(email: string, pattern: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect(async () => {
    const list = await owner.get<{ items: PreviewItem[] }>('/api/email-comms/mail-preview?limit=100');
    for (const item of list.items.filter((m) => String(m.to).includes(email))) {
      const detail = await owner.get<{ mail: { text: string | null; html: string | null } }>(
        `/api/email-comms/mail-preview/${item.id}`,
      );
      found = pattern.exec(`${detail.mail.text ?? ''}\n${detail.mail.html ?? ''}`);
      if (found) break;
    }
    expect(found, `an e-mail to ${email} matching ${pattern}`).toBeTruthy();
  }).toPass({ timeout: 60_000, intervals: [500, 1000, 2000] });
  return found!;
}

/**
 * A request for `date` 18:00–21:00 from the booking page's API, as its form sends it; when the
 * venue verifies addresses, the link e-mailed to the customer is opened (its API call). Answers
 * the booking's code.
 */
async function websiteRequest(request: APIRequestContext, email: string, date: string): Promise<string> {
  const sent = await request.post(`/api/public/venues/${SLUG}/requests`, {
    headers: { 'idempotency-key': `door-staff-${RUN}-${email}` },
    data: {
      resourceId: hall.id,
      date,
      startTime: '18:00',
      endTime: '21:00',
      guests: 40,
      eventType: 'Birthday Party',
      name: 'Dora Door',
      email,
      phone: '0412 345 678',
      answers: { 'outside-catering': false, alcohol: 'Yes, BYO', 'setup-needs': 'A ramp at the side door.' },
      agreementVersion: venue.online.agreement.version,
      acceptedTerms: true,
    },
  });
  const answer = await sent.json();
  expect([201, 202], JSON.stringify(answer)).toContain(sent.status());
  if (answer.status === 'received') return answer.bookings[0].code as string;
  // Verification is on for the demo venue: open the link from the "Verify your e-mail" message.
  const link = await mailMatching(email, /\/book\/harbourside-hall\/verify\?token=([A-Za-z0-9_-]+)/);
  const verified = await request.post(`/api/public/venues/${SLUG}/requests/verify`, {
    data: { token: link[1] },
  });
  expect(verified.status(), await verified.text()).toBeLessThan(300);
  return ((await verified.json()) as { booking: { code: string } }).booking.code;
}

/** The customer's portal token: the link e-mailed for `email`, spent once (as /my/sign-in does). */
async function customerHeaders(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const asked = await request.post(`/api/public/venues/${SLUG}/portal-link`, { data: { email } });
  expect(asked.status(), await asked.text()).toBe(202);
  const link = await mailMatching(email, /\/my\/sign-in\?token=([A-Za-z0-9_-]+)/);
  const session = await request.post('/api/portal/session', { data: { token: link[1] } });
  expect(session.status(), await session.text()).toBe(200);
  return { authorization: `Bearer ${(await session.json()).token}` };
}

/** A one-page PDF and a 1×1 PNG: real files, as the service reads them by content. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(
  request: APIRequestContext,
  headers: Record<string, string>,
  bookingId: string,
  kind: 'id' | 'insurance',
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const res = await request.post(`/api/portal/bookings/${bookingId}/documents`, {
    headers,
    multipart: { kind, file },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** The side menu, opened from the burger on a phone. */
async function openMenu(page: Page, width: number) {
  if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const requests = nav.getByRole('link', { name: /^Booking Requests/ });
  if (!(await requests.isVisible())) await nav.getByRole('button', { name: 'Bookings' }).click();
  await expect(requests).toBeVisible();
  return requests;
}

for (const width of [375, 1400]) {
  test.describe(`staff side of the door at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, timezoneId: 'Australia/Sydney' });

    test('a website request reaches staff: menu count, Booking Requests, Source filter, ?q=, answers, documents verified', async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      // A request context of this test (beforeAll's cannot be used in a test).
      owner = await ownerApi(request);
      const email = `door-staff-${width}-${RUN}@example.com`;
      // Within the Dashboard's documents window (7 days) and beyond the venue's 24 h notice.
      const date = venueDay(width === 375 ? 3 : 4);
      const code = await websiteRequest(request, email, date);

      // The side menu counts the requests waiting, in words for screen readers.
      await signIn(page, OWNER);
      const waiting = await owner.get<{ count: number; website: number }>('/api/bookings/requests/waiting');
      expect(waiting.website).toBeGreaterThanOrEqual(1);
      const requestsLink = await openMenu(page, width);
      await expect(requestsLink).toHaveAccessibleName(
        new RegExp(
          `^Booking Requests\\s*${waiting.count} ${waiting.count === 1 ? 'request' : 'requests'} waiting$`,
        ),
      );
      await expect(requestsLink.getByTestId('waiting-count')).toHaveText(String(waiting.count));

      // Booking Requests lists it with its source.
      await requestsLink.click();
      await expect(page.getByRole('heading', { name: 'Booking Requests', level: 1 })).toBeVisible();
      await page.getByPlaceholder('Search booking requests...').fill(code);
      const requests = page.getByRole('table', { name: 'Booking requests' });
      const row = requests.getByRole('row').filter({ hasText: code });
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Website', { exact: true })).toBeVisible();
      await noAxeViolations(page, 'main');

      // Bookings All, filtered by source Website through the server, lists it (and only website ones).
      await page.goto('/BookingsAll');
      await expect(page.getByRole('heading', { name: 'Bookings — All', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Advanced Filters' }).click();
      const listed = page.waitForResponse(
        (r) =>
          r.url().includes('/api/bookings?') && new URL(r.url()).searchParams.get('source') === 'website',
      );
      await page.getByRole('combobox', { name: 'Booking source' }).click();
      await page.getByRole('option', { name: 'Website' }).click();
      const page1 = (await (await listed).json()) as {
        items: Array<{ bookingCode: string; bookingSource: string }>;
      };
      expect(page1.items.length).toBeGreaterThan(0);
      expect(new Set(page1.items.map((b) => b.bookingSource))).toEqual(new Set(['website']));
      const all = page.getByRole('table', { name: 'Bookings' });
      await expect(all.getByText('Website', { exact: true }).first()).toBeVisible();
      await expect(all.getByText('Admin', { exact: true })).toHaveCount(0);
      await expect(all.getByText('Quotation', { exact: true })).toHaveCount(0);
      await page.getByRole('textbox', { name: 'Search' }).fill(code);
      await expect(all.getByRole('row').filter({ hasText: code })).toHaveCount(1);

      // A link to ?q=<code> (the venue's e-mail, a quotation) finds it.
      await page.goto(`/BookingsAll?q=${encodeURIComponent(code)}`);
      await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(code);
      const found = page.getByRole('table', { name: 'Bookings' }).getByRole('row').filter({ hasText: code });
      await expect(found).toHaveCount(1);

      // The drawer: the customer's answers and the agreement they accepted; no documents yet.
      await found.getByText(code).click();
      const detail = page.getByTestId('booking-detail');
      const sent = detail.getByRole('region', { name: 'Sent from the booking page' });
      await expect(sent.getByRole('row', { name: /Will alcohol be served\?/ })).toContainText('Yes, BYO');
      await expect(sent.getByRole('row', { name: /Will you use outside caterers\?/ })).toContainText('No');
      await expect(sent.getByRole('row', { name: /Any access or setup needs/ })).toContainText(
        'A ramp at the side door.',
      );
      await expect(sent).toContainText(`Hire agreement version ${venue.online.agreement.version} accepted`);
      const docs = detail.getByRole('region', { name: 'Documents' });
      await expect(docs.getByText('No documents uploaded')).toBeVisible();

      // The venue confirms it; the customer uploads insurance and ID through the portal.
      const made = await owner.get<{ items: Array<{ id: string; bookingCode: string }> }>(
        `/api/bookings?q=${encodeURIComponent(code)}`,
      );
      const bookingId = made.items.find((b) => b.bookingCode === code)!.id;
      await owner.put(`/api/bookings/${bookingId}/status`, { status: 'confirmed', payment_details: {} });
      const customer = await customerHeaders(request, email);
      await upload(request, customer, bookingId, 'insurance', {
        name: 'public-liability.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await upload(request, customer, bookingId, 'id', {
        name: 'licence.png',
        mimeType: 'image/png',
        buffer: PNG,
      });

      // The Dashboard chases the documents of the confirmed booking.
      await expect.poll(() => dashboardAlerts(page), { timeout: 30_000 }).toContain(`${code} for Dora Door`);
      expect(await dashboardAlerts(page)).toMatch(
        new RegExp(`${code} for Dora Door on [^\\n]*: ID and insurance not verified`),
      );

      // As the owner: the documents on the booking, opened and marked verified.
      const items = await bookingDocuments(page, code);
      await expect(items).toHaveCount(2);
      const insurance = items.filter({ hasText: 'public-liability.pdf' });
      await expect(insurance).toContainText('Insurance');
      await expect(insurance).toContainText('Not verified');
      await expect(insurance).toContainText(/Uploaded \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [ap]m/i);
      const download = page.waitForEvent('download');
      await insurance.getByRole('button', { name: 'Download public-liability.pdf' }).click();
      expect((await download).suggestedFilename()).toBe('public-liability.pdf');
      await noAxeViolations(page, '[data-testid="booking-detail"]');

      await insurance.getByRole('button', { name: 'Mark verified: Insurance public-liability.pdf' }).click();
      await expect(insurance).toContainText(/Verified by owner@demo\.local on \d{2}\/\d{2}\/\d{4}/);
      await expect(insurance.getByRole('button', { name: /Mark verified/ })).toHaveCount(0);
      await expect(
        page.getByTestId('booking-detail').getByRole('row', { name: 'Insurance verified' }),
      ).toContainText('Yes');
      const id = items.filter({ hasText: 'licence.png' });
      await id.getByRole('button', { name: 'Mark verified: ID licence.png' }).click();
      await expect(id).toContainText(/Verified by owner@demo\.local/);
      await expect(
        page.getByTestId('booking-detail').getByRole('row', { name: 'ID verified' }),
      ).toContainText('Yes');

      // Verification reaches insights through booking.updated: the Dashboard's alert is gone.
      await expect.poll(() => dashboardAlerts(page), { timeout: 30_000 }).not.toContain(code);
    });
  });
}
