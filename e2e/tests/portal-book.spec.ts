import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from '@playwright/test';
import {
  SLUG,
  createBooking,
  dayHeading,
  eveningHall,
  fillRequest,
  freeSaturdayEvening,
  noAxeViolations,
  ownerApi,
  pickEvening,
  publicVenue,
} from './helpers.ts';

/**
 * The public booking page of a demo venue as a visitor who has never used the product meets it
 * (issue 25 items 1 and 2), at a phone's width and a desktop's: the venue and its spaces, the
 * free/busy calendar, the request form with the venue's questions and terms, the server's quote
 * before sending, every problem at once, the request sent (check your e-mail), and a taken slot
 * refused with the nearest free times offered as buttons. Axe on each screen.
 */

const RUN = Date.now().toString(36);

let hall: { id: string; name: string };

test.beforeAll(async ({ request }) => {
  hall = await eveningHall(request, `Evening Hall ${RUN}`);
});

for (const width of [375, 1400]) {
  test.describe(`the booking page at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, timezoneId: 'Australia/Sydney' });

    test('a visitor requests a free Saturday evening and is asked to confirm by e-mail', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const venue = await publicVenue(request, hall.id);
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
      const venue = await publicVenue(request, hall.id);
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
