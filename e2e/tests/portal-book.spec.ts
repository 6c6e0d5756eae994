import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { createBooking, ownerApi, venueDay } from './bookings-helpers.ts';

/**
 * The public booking page of a demo venue as a visitor who has never used the product meets it
 * (issue 25 items 1 and 2), at a phone's width and a desktop's: the venue and its spaces, the
 * free/busy calendar, the request form with the venue's questions and terms, the server's quote
 * before sending, every problem at once, the request sent (check your e-mail), and a taken slot
 * refused with the nearest free times offered as buttons. Axe on each screen.
 */

const SLUG = 'harbourside-hall';
const RUN = Date.now().toString(36);

/**
 * A hall of this run, open every evening until 23:30 with half-hour buffers and an hourly rate,
 * taking online requests: the venue adds it as any venue would (Resources, Pricing, Settings →
 * Online bookings). The demo halls keep the default hours (Saturday 9 to 5), no evening.
 */
async function eveningHall(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const api = await ownerApi(request);
  const day = { open: '08:00', close: '23:30', closed: false };
  const name = `Evening Hall ${RUN}`;
  const hall = await api.post<{ id: string; name: string }>('/api/resources', {
    name,
    type: 'hall',
    capacity: 150,
    description: 'Open late for parties.',
    hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
    setupBufferMinutes: 30,
    packdownBufferMinutes: 30,
    applyBuffers: true,
  });
  await api.post('/api/pricing', {
    resourceId: hall.id,
    resourceName: name,
    rateType: 'hourly',
    weekdayRateCents: 16000,
    weekendRateCents: 20000,
    description: 'Evening hire',
  });
  const online = await api.get<
    Record<string, unknown> & {
      resourceIds: string[];
      agreement: { text: string; cancellationTerms: string };
    }
  >('/api/settings/online-bookings');
  await api.put('/api/settings/online-bookings', {
    enabled: online.enabled,
    slug: online.slug,
    resourceIds: [...online.resourceIds, hall.id],
    minNoticeHours: online.minNoticeHours,
    windowDays: online.windowDays,
    mode: online.mode,
    verifyEmail: online.verifyEmail,
    questions: online.questions,
    agreement: { text: online.agreement.text, cancellationTerms: online.agreement.cancellationTerms },
  });
  return { id: hall.id, name };
}

let hall: { id: string; name: string };

test.beforeAll(async ({ request }) => {
  hall = await eveningHall(request);
});

/** The venue as its page reads it, once the hall has reached the catalogue's copy of the settings. */
async function publicVenue(request: APIRequestContext): Promise<PublicVenue> {
  let venue: PublicVenue | undefined;
  await expect
    .poll(
      async () => {
        venue = (await (await request.get(`/api/public/venues/${SLUG}`)).json()) as PublicVenue;
        return venue.resources?.some((r) => r.id === hall.id) ?? false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return venue!;
}

/** One line per axe violation and element, so a failure says what to fix. */
async function noAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    ),
  ).toEqual([]);
}

/** "Sat 05/12/2026": a day's heading in the week view, in the venue's date format. */
function dayHeading(date: string, format: PublicVenue['dateFormat']): string {
  const [y, m, d] = date.split('-');
  const written =
    format === 'DD/MM/YYYY' ? `${d}/${m}/${y}` : format === 'MM/DD/YYYY' ? `${m}/${d}/${y}` : date;
  const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-AU', {
    weekday: 'short',
    timeZone: 'UTC',
  });
  return `${weekday} ${written}`;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Where an instant falls on the venue's clock (the demo venues are in Sydney). */
function venueClock(iso: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Australia/Sydney',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/**
 * The first Saturday at least `fromDays` ahead whose evening the space has free (nothing busy
 * from 17:00 to 23:00, room for buffers around 18:00–22:00), asked of the public availability
 * call itself.
 */
async function freeSaturdayEvening(request: APIRequestContext, resourceId: string, fromDays: number) {
  for (let days = fromDays; days < fromDays + 120; days++) {
    const date = venueDay(days);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 6) continue;
    const res = await request.get(
      `/api/public/venues/${SLUG}/availability?resourceId=${resourceId}&from=${date}&to=${date}`,
    );
    expect(res.status()).toBe(200);
    const a = (await res.json()) as {
      days: Array<{ open: string | null; close: string | null }>;
      busy: Array<{ start: string; end: string }>;
    };
    const day = a.days[0]!;
    if (!day.open || !day.close || minutes(day.open) > 17 * 60 || minutes(day.close) < 22 * 60 + 30) continue;
    const evening = a.busy.some((b) => {
      const s = venueClock(b.start);
      const e = venueClock(b.end);
      const start = s.date < date ? 0 : s.date > date ? 1440 : s.minutes;
      const end = e.date > date ? 1440 : e.date < date ? 0 : e.minutes;
      return start < 23 * 60 && end > 17 * 60;
    });
    if (!evening) return date;
  }
  throw new Error('no free Saturday evening in four months');
}

/** Moves the week view on until it shows `date`, then picks its free time that covers the evening. */
async function pickEvening(page: Page, date: string, venue: PublicVenue) {
  const heading = page.getByRole('heading', { level: 3, name: dayHeading(date, venue.dateFormat) });
  for (let i = 0; i < 30 && !(await heading.isVisible()); i++) {
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.waitForTimeout(50);
  }
  await expect(heading).toBeVisible();
  const day = page.locator('.day', { has: heading });
  await day.getByRole('button', { name: /free/ }).last().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Request a booking' })).toBeFocused();
  await page.getByLabel('Start time').selectOption('18:00');
  await page.getByLabel('End time').selectOption('22:00');
}

async function fillRequest(page: Page, email: string) {
  await page.getByLabel('Guests').fill('80');
  await page.getByLabel('Event type').selectOption('Birthday Party');
  await page
    .getByRole('group', { name: 'Will you use outside caterers?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByLabel('Will alcohol be served?').selectOption('Yes, through a licensed bar service');
  await page.getByLabel(/Any access or setup needs/).fill('Step-free entry for one guest.');
  await page.getByLabel('Your name').fill('Zoë Ñúñez');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone').fill('0412 345 678');
  await page.getByRole('checkbox', { name: /I have read and accept the hire agreement/ }).check();
}

for (const width of [375, 1400]) {
  test.describe(`the booking page at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, timezoneId: 'Australia/Sydney' });

    test('a visitor requests a free Saturday evening and is asked to confirm by e-mail', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const venue = await publicVenue(request);
      const saturday = await freeSaturdayEvening(request, hall.id, width === 375 ? 7 : 14);

      await page.goto(`/book/${SLUG}`);
      await expect(page.getByRole('heading', { level: 1, name: venue.name })).toBeVisible();
      await expect(page.getByRole('article', { name: hall.name })).toBeVisible();
      await page.getByRole('button', { name: `See availability of ${hall.name}` }).click();
      await expect(page.getByRole('heading', { level: 2, name: `Availability: ${hall.name}` })).toBeVisible();
      await expect(page.locator('.day').first()).toBeVisible();
      // nothing but free and busy: no names, statuses or amounts of others
      await expect(page.locator('.week')).not.toContainText(/pending|confirmed|tentative|hold|\$/i);
      await noAxeViolations(page);
      await page.getByRole('button', { name: 'Month' }).click();
      await expect(page.getByRole('table')).toBeVisible();
      await noAxeViolations(page);
      await page.getByRole('button', { name: 'Week' }).click();

      await pickEvening(page, saturday, venue);
      // the server's price before anything is sent
      await expect(page.getByRole('row', { name: /^Total \$[\d,]+\.\d\d$/ })).toBeVisible();
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect(page.getByText('Please fill in your name.')).toBeVisible();
      await expect(page.getByLabel('Guests')).toBeFocused();
      await noAxeViolations(page);

      await fillRequest(page, `door-${RUN}-${width}@example.com`);
      await page.getByRole('button', { name: 'Send request' }).click();
      await expect(page.getByRole('heading', { name: 'Check your e-mail to confirm' })).toBeFocused();
      await expect(page.getByText(`door-${RUN}-${width}@example.com`)).toBeVisible();
      await noAxeViolations(page);
    });

    test('a taken slot is refused with its reason and the nearest free times as buttons', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const venue = await publicVenue(request);
      const saturday = await freeSaturdayEvening(request, hall.id, width === 375 ? 35 : 42);
      // Staff book that evening first.
      const api = await ownerApi(request);
      await createBooking(api, {
        resourceId: hall.id,
        date: saturday,
        start: '18:00',
        end: '22:00',
        name: `Taken ${RUN}`,
        email: `taken-${RUN}-${width}@example.com`,
      });

      await page.goto(`/book/${SLUG}`);
      await page.getByRole('button', { name: `See availability of ${hall.name}` }).click();
      const heading = page.getByRole('heading', { level: 3, name: dayHeading(saturday, venue.dateFormat) });
      for (let i = 0; i < 30 && !(await heading.isVisible()); i++)
        await page.getByRole('button', { name: 'Next week' }).click();
      const day = page.locator('.day', { has: heading });
      // the staff booking shows as Busy, with nothing about whose it is
      await expect(day).toContainText(/Busy/);
      await expect(day).not.toContainText(`Taken ${RUN}`);
      await day.getByRole('button', { name: /free/ }).first().click();
      await page.getByLabel('Start time').selectOption('18:00');
      await page.getByLabel('End time').selectOption('22:00');
      await fillRequest(page, `late-${RUN}-${width}@example.com`);
      await page.getByRole('button', { name: 'Send request' }).click();

      const refusal = page.getByRole('alert');
      await expect(refusal).toBeFocused();
      await expect(refusal).toContainText(/taken|not free|booked/i);
      await expect(refusal).not.toContainText(`Taken ${RUN}`);
      const choices = refusal.getByRole('button');
      await expect(choices.first()).toBeVisible();
      const first = (await choices.first().innerText()).trim();
      await noAxeViolations(page);
      await choices.first().click();
      await expect(page.getByRole('alert')).toHaveCount(0);
      // the form now holds the time offered
      const [, range] = first.split(', ');
      expect(range).toBeTruthy();
      await expect(page.getByLabel('Start time').locator('option:checked')).toHaveText(
        range!.split(' – ')[0]!,
      );
    });
  });
}

test("embedded in the venue's own website: embed.js frames the booking page and sizes the frame to it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The venue's website: a server of its own, on another origin than the product's (a page a
  // test answers itself counts as a public site, which Chromium keeps from loading local files).
  const site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Harbourside Hall</title></head><body>
      <h1>Welcome to Harbourside Hall</h1>
      <div data-venuedesk-book="${SLUG}" data-venuedesk-title="Book Harbourside Hall online"></div>
      <script src="${baseURL}/book/embed.js" async></script>
    </body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    const frameElement = page.locator('iframe[title="Book Harbourside Hall online"]');
    await expect(frameElement).toHaveAttribute('src', `${baseURL}/book/${SLUG}?embed=1`);
    const frame = page.frameLocator('iframe[title="Book Harbourside Hall online"]');
    await expect(frame.getByRole('heading', { level: 1, name: /^Book / })).toBeVisible();
    await expect(frame.getByRole('heading', { level: 2, name: /^Availability: / })).toBeVisible();
    // no header or footer of the page in the frame
    await expect(frame.getByRole('link', { name: /Your bookings/ })).toHaveCount(0);
    // the frame takes the page's height (posted by the page), not its first 720 px
    await expect
      .poll(async () => {
        const frameHeight = await frameElement.evaluate((f) => f.getBoundingClientRect().height);
        const content = await frame
          .locator('#root')
          .evaluate((r) => Math.ceil(r.getBoundingClientRect().height));
        return Math.abs(frameHeight - content) <= 2 && frameHeight !== 720;
      })
      .toBe(true);
  } finally {
    site.close();
  }
});
