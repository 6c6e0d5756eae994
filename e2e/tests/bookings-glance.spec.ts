import { test, expect, type Page } from '@playwright/test';
import {
  type Api,
  OWNER,
  createBooking,
  createResource,
  finalInvoice,
  ownerApi,
  signIn,
  venueDay,
} from './helpers.ts';

// Issue 24 item 13: screens a venue reads at a glance, at a desk (1400 px) and on a phone (375 px).
test.use({ timezoneId: 'Australia/Sydney' });

const RUN = `gl${Date.now().toString(36)}`;
const WIDTHS = [1400, 375] as const;

/** One booking of this run in each status a list can show. */
async function bookingsInEveryStatus(api: Api) {
  const hall = await createResource(api, `Glance Hall ${RUN}`);
  const make = (i: number) =>
    createBooking(api, {
      resourceId: hall.id,
      date: venueDay(20 + i),
      start: '10:00',
      end: '12:00',
      name: `Glance ${RUN} ${i}`,
      email: `glance-${RUN}-${i}@example.com`,
    });
  const [pending, held, confirmed, completed, cancelled] = await Promise.all([0, 1, 2, 3, 4].map(make));
  await api.post(`/api/bookings/${held!.id}/accept`, { holdHours: 48 });
  for (const b of [confirmed!, completed!])
    await api.put(`/api/bookings/${b.id}/status`, { status: 'confirmed', payment_details: {} });
  await api.put(`/api/bookings/${completed!.id}/status`, { status: 'completed' });
  await api.put(`/api/bookings/${cancelled!.id}/status`, { status: 'cancelled' });
  return {
    hall,
    pending: pending!,
    held: held!,
    confirmed: confirmed!,
    completed: completed!,
    cancelled: cancelled!,
  };
}

/**
 * Every badge in the bookings section whose words do not fit: Mantine cuts a label that is wider
 * than its badge with an ellipsis ("CONFIRM…", "UN…"), and a badge wider than the box that
 * holds it (without scrolling) is cut by that box.
 */
async function cutBadges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const badges = Array.from(
      document.querySelectorAll('[data-testid="remote-bookings"] .mantine-Badge-root'),
    ) as HTMLElement[];
    for (const badge of badges) {
      const label = (badge.querySelector('.mantine-Badge-label') as HTMLElement | null) ?? badge;
      const text = label.textContent ?? '';
      if (label.scrollWidth > label.clientWidth + 1) {
        cut.push(`${text}: label ${label.clientWidth}px of ${label.scrollWidth}px`);
        continue;
      }
      const box = badge.getBoundingClientRect();
      for (let el = badge.parentElement; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
        if (!clipsX) continue;
        const r = el.getBoundingClientRect();
        if (box.left < r.left - 1 || box.right > r.right + 1) cut.push(`${text}: cut by ${el.className}`);
        break;
      }
    }
    return cut;
  });
}

for (const width of WIDTHS) {
  test(`no status badge of the bookings lists is cut at ${width} px`, async ({ page, request }) => {
    const api = await ownerApi(request);
    const made = await bookingsInEveryStatus(api);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, OWNER);
    const screens: Array<[string, string[]]> = [
      ['/BookingsAll', [made.pending.bookingCode, made.confirmed.bookingCode, made.cancelled.bookingCode]],
      ['/BookingsHolds', [made.pending.bookingCode, made.held.bookingCode]],
      ['/BookingsPending', [made.pending.bookingCode]],
      ['/BookingsConfirmed', [made.confirmed.bookingCode]],
      ['/BookingsCompleted', [made.completed.bookingCode]],
      ['/BookingsCancelled', [made.cancelled.bookingCode]],
    ];
    for (const [path, codes] of screens) {
      await page.goto(path);
      const search = page
        .getByLabel('Search')
        .or(page.getByPlaceholder(/Search/))
        .first();
      await search.fill(RUN);
      for (const code of codes) await expect(page.getByText(code, { exact: true }).first()).toBeVisible();
      await expect(page.locator('[data-testid="remote-bookings"] .mantine-Badge-root').first()).toBeVisible();
      expect(await cutBadges(page), `${path} at ${width} px`).toEqual([]);
    }
    // The statuses are there in full, as words a person reads.
    await page.goto('/BookingsAll');
    await page.getByLabel('Search').fill(RUN);
    for (const words of ['Pending Review', 'confirmed', 'cancelled'])
      await expect(page.locator('.mantine-Badge-label', { hasText: words }).first()).toBeVisible();
  });
}

for (const width of WIDTHS) {
  test(`a customer's recent bookings show their statuses whole at ${width} px`, async ({ page, request }) => {
    const api = await ownerApi(request);
    const hall = await createResource(api, `Customer Hall ${RUN}`);
    const email = `regular-${RUN}-${width}@example.com`;
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(
        await createBooking(api, {
          resourceId: hall.id,
          date: venueDay(40 + i),
          start: '10:00',
          end: '12:00',
          name: `Regular Rowena ${RUN}`,
          email,
        }),
      );
    await api.post(`/api/bookings/${made[1]!.id}/accept`, { holdHours: 48 });
    await api.put(`/api/bookings/${made[2]!.id}/status`, { status: 'confirmed', payment_details: {} });
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, OWNER);
    await page.goto('/Customers');
    await page.getByPlaceholder('Name, e-mail or phone').fill(email);
    await page.getByTestId('customer-row').filter({ hasText: email }).click();
    const panel = page.getByTestId('customer-panel');
    // the three bookings' statuses, wherever the panel lists them
    const statuses = panel.locator('.mantine-Badge-root', {
      hasText: /^(Pending Review|tentative|confirmed)$/i,
    });
    await expect(statuses).toHaveCount(3);
    // Measured once the panel has slid in (mid-transition its right edge is still off screen, which
    // failed one CI run at 1400 px): a badge cut for good still fails after the retries.
    await expect(async () => {
      for (const badge of await statuses.all()) {
        const fits = await badge.evaluate((el) => {
          const label = el.querySelector('.mantine-Badge-label') as HTMLElement;
          const r = el.getBoundingClientRect();
          return {
            text: label.textContent,
            whole: label.scrollWidth <= label.clientWidth + 1,
            onScreen: r.left >= 0 && r.right <= window.innerWidth,
          };
        });
        expect(fits, `${fits.text} at ${width} px`).toMatchObject({ whole: true, onScreen: true });
      }
    }).toPass({ timeout: 5_000 });
  });
}

test('on a phone the calendar opens on one day, readable, with what its colours mean', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, OWNER);
  await page.goto('/Calendar');
  await expect(page.getByRole('tab', { name: 'Day' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
  // One column of bookings, not seven columns of ~40 px.
  await expect(page.locator('.fc-col-header-cell')).toHaveCount(1);
  const legend = page.getByRole('list', { name: 'Calendar colours' });
  await expect(legend.getByRole('listitem')).toHaveText([
    'Pending review',
    'Tentative hold',
    'Confirmed',
    'Completed',
    'Blocked out',
  ]);
  await page.getByRole('switch', { name: 'Show buffers' }).check({ force: true });
  await expect(legend.getByRole('listitem').last()).toHaveText('Setup / pack-down buffer');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
});

test('at a desk the calendar opens on the week, with the legend, and a booking takes its status colour', async ({
  page,
  request,
}) => {
  const api = await ownerApi(request);
  const hall = await createResource(api, `Legend Hall ${RUN}`);
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(1),
    start: '10:00',
    end: '12:00',
    name: `Legend ${RUN}`,
    email: `legend-${RUN}@example.com`,
  });
  await api.put(`/api/bookings/${booking.id}/status`, { status: 'confirmed', payment_details: {} });
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, OWNER);
  await page.goto('/Calendar');
  await expect(page.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.fc-col-header-cell')).toHaveCount(7);
  const legend = page.getByRole('list', { name: 'Calendar colours' });
  await expect(legend).toBeVisible();
  // The legend's colour for Confirmed is the colour the confirmed booking is drawn in.
  const confirmedSwatch = await legend
    .getByRole('listitem')
    .filter({ hasText: 'Confirmed' })
    .evaluate((li) => getComputedStyle(li.querySelector('span')!).backgroundColor);
  await page.getByRole('tab', { name: 'Day' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const event = page.locator('.fc-timegrid-event').filter({ hasText: `Legend ${RUN}` });
  await expect(event).toBeVisible();
  expect(await event.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(confirmedSwatch);
});

/**
 * Whether a row's table scrolls sideways, whether its last column (Actions) is in view, and which
 * parts of its e-mail address (the text between the breaks BreakableEmail allows) are themselves
 * broken over two lines.
 */
async function rowFits(page: Page, rowTestId: string, email: string) {
  const row = page.getByTestId(rowTestId).filter({ hasText: email }).first();
  await expect(row).toBeVisible();
  return row.evaluate((tr, address) => {
    const box = tr.closest('table')!.parentElement!;
    const last = tr.lastElementChild!.getBoundingClientRect();
    const holder = [...tr.querySelectorAll('span')].find((s) => s.textContent === address);
    const parts = [...(holder?.childNodes ?? [])].filter((n) => n.nodeType === Node.TEXT_NODE);
    const lines = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    };
    return {
      scrolls: box.scrollWidth > box.clientWidth + 1,
      lastInView: last.right <= box.getBoundingClientRect().right + 1 && last.right <= window.innerWidth,
      parts: parts.map((n) => n.textContent).join(' | '),
      brokenParts: parts.filter((n) => lines(n) > 1).map((n) => n.textContent),
    };
  }, email);
}

test('the bookings list and the invoices fit a laptop (1366 px), a long e-mail broken only after its @ or before a dot', async ({
  page,
  request,
}) => {
  const api = await ownerApi(request);
  const hall = await createResource(api, `Laptop Hall ${RUN}`);
  const email = `${RUN}@harbourchoir.example.org`;
  const booking = await createBooking(api, {
    resourceId: hall.id,
    date: venueDay(30),
    start: '10:00',
    end: '12:00',
    name: `Harbour Choir ${RUN}`,
    email,
  });
  await finalInvoice(request, api, booking.id, false);

  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, OWNER);
  for (const [path, rowTestId] of [
    ['/BookingsAll', 'booking-row'],
    ['/Invoices', 'invoice-row'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('textbox', { name: 'Search' }).fill(email);
    const fits = await rowFits(page, rowTestId, email);
    expect(fits, path).toMatchObject({
      scrolls: false,
      lastInView: true,
      parts: `${RUN}@ | harbourchoir | .example | .org`,
      brokenParts: [],
    });
  }
});
