// What a new user trips over on screen (issue 11, items 6, 10, 11, 12, 14): each test here
// failed before its fix.
import { test, expect, type Page } from '@playwright/test';
import {
  type Api,
  OWNER,
  apiToken,
  createResource,
  ordinaryVenueDay,
  ownerApi,
  signIn,
  venueDay,
} from './helpers.ts';

test.use({ timezoneId: 'Australia/Sydney', viewport: { width: 1400, height: 900 } });

const RUN = `fu${Date.now().toString(36)}`;

async function bookingWith(
  api: Api,
  input: { resourceId: string; date: string; start: string; end: string; name: string; eventType: string },
) {
  const body = await api.post<{ booking: { id: string; bookingCode: string } }>('/api/bookings/admin', {
    customerName: input.name,
    customerEmail: `${input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@example.com`,
    customerPhone: '+61 412 345 678',
    eventType: input.eventType,
    selectedHall: input.resourceId,
    resourceId: input.resourceId,
    bookingDate: input.date,
    startTime: input.start,
    endTime: input.end,
    estimatedPrice: 400,
    guestCount: 40,
    status: 'pending',
  });
  return body.booking;
}

async function pickResource(page: Page, name: string) {
  const filter = page.getByRole('combobox', { name: 'Resource filter', exact: true });
  await filter.click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('calendar: titles are customer then event type, month cells show them whole at 1400 and 375 px, the mini calendar follows', async ({
  page,
  request,
}) => {
  const api = await ownerApi(request);
  const hall = await createResource(api, `Month Hall ${RUN}`);
  const date = venueDay(1);
  const name = `Ada ${RUN}`;
  await bookingWith(api, {
    resourceId: hall.id,
    date,
    start: '10:00',
    end: '12:00',
    name,
    eventType: 'Conference',
  });

  await signIn(page, OWNER);
  await page.goto('/Calendar');
  await pickResource(page, hall.name);
  await page.getByRole('tab', { name: 'Day' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.locator('.fc-timegrid-event').filter({ hasText: name })).toContainText(
    `${name} — Conference`,
  );

  for (const width of [1400, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/Calendar');
    await pickResource(page, hall.name);
    await page.getByRole('tab', { name: 'Month' }).click();
    if (date.slice(0, 7) !== venueDay(0).slice(0, 7))
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    const event = page.locator('.fc-daygrid-event').filter({ hasText: name });
    await expect(event).toBeVisible();
    await expect(event).toContainText('Conference');
    const fit = await event.evaluate((el) => {
      const inner = el.querySelector('.venue-month-event') as HTMLElement;
      const cell = el.closest('td')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return {
        clippedX: inner.scrollWidth - inner.clientWidth,
        clippedY: inner.scrollHeight - inner.clientHeight,
        outerClipped: el.scrollWidth - el.clientWidth,
        fontSize: parseFloat(getComputedStyle(inner).fontSize),
        insideCell: box.left >= cell.left - 0.5 && box.right <= cell.right + 0.5,
        pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    expect(fit.clippedX, `${width}px: nothing cut off sideways`).toBeLessThanOrEqual(1);
    expect(fit.clippedY, `${width}px: nothing cut off below`).toBeLessThanOrEqual(1);
    expect(fit.outerClipped, `${width}px: the event box holds its text`).toBeLessThanOrEqual(1);
    expect(fit.fontSize, `${width}px: text large enough to read`).toBeGreaterThanOrEqual(10);
    expect(fit.insideCell, `${width}px: the event stays in its day`).toBe(true);
    expect(fit.pageOverflow, `${width}px: the page does not scroll sideways`).toBeLessThanOrEqual(0);
  }

  // the mini calendar shows the month the big one moved to
  await page.setViewportSize({ width: 1400, height: 900 });
  // (the layout change from phone to desktop mounts the page again, in its default week view)
  await page.getByRole('tab', { name: 'Month' }).click();
  for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('calendar-title')).toHaveText(/^[A-Z][a-z]+ \d{4}$/);
  const title = (await page.getByTestId('calendar-title').innerText()).trim();
  await expect(page.getByTestId('mini-calendar')).toContainText(title);
});

test('dates are typed and shown as DD/MM/YYYY, in pickers, and reach the API as yyyy-MM-dd', async ({
  page,
}) => {
  await signIn(page, OWNER);

  // Audit filters
  await page.goto('/Audit');
  const start = page.getByLabel('Start Date');
  await expect(start).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  const asked = page.waitForRequest((r) => /\/api\/audit\?.*startDate=2026-03-05/.test(r.url()));
  await start.fill('05/03/2026');
  await asked;
  await start.blur();
  await expect(start).toHaveValue('05/03/2026');
  await expect(page.locator('input[type="date"]')).toHaveCount(0);

  // the booking form: typed without leading zeros, shown in full, picked from the calendar
  await page.goto('/BookingsAll');
  await page.getByRole('button', { name: 'New Booking' }).click();
  const form = page.getByRole('dialog', { name: 'New Booking' });
  const bookingDate = form.getByLabel('Booking date');
  await bookingDate.fill('5/3/2027');
  await bookingDate.blur();
  await expect(bookingDate).toHaveValue('05/03/2027');
  await bookingDate.click();
  await page.getByRole('button', { name: '12 March 2027', exact: true }).click();
  await expect(bookingDate).toHaveValue('12/03/2027');
  await expect(form.locator('input[type="date"]')).toHaveCount(0);
  await form.getByRole('button', { name: 'Cancel' }).click();

  // a holiday is saved with the day typed, not a US month/day reading of it
  await page.goto('/ResourcesHolidays');
  await page.getByRole('button', { name: 'New Holiday' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Typed Day ${RUN}`);
  await dialog.getByLabel('Date').fill('04/11/2029');
  const saved = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/holidays'));
  await dialog.getByRole('button', { name: 'Save Holiday' }).click();
  expect((await saved).postDataJSON().date).toBe('2029-11-04');
  await expect(dialog).toBeHidden();

  // block-out filters
  await page.goto('/ResourcesBlockouts');
  await expect(page.getByLabel('From')).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
});

test('Access Denied says why, in the words of each page', async ({ page, browser }) => {
  const generic = "You don't have permission to access this page. Contact your administrator for access.";
  await signIn(page, 'staff@demo.local');
  const cases: [string, string[]][] = [
    [
      '/Users',
      ["You don't have permission to view this page.", 'Only Super Admins can access user management.'],
    ],
    [
      '/Resources',
      ["You don't have permission to view this page.", 'Only Hall Owners can manage resources.'],
    ],
    ['/ResourcesHolidays', ['Only Hall Owners can manage resources.']],
    ['/PricingRatecards', ['Only Hall Owners can manage pricing.']],
    ['/SettingsRoles', ['Access Denied - Only Hall Owners can manage sub-users.']],
  ];
  for (const [path, lines] of cases) {
    await page.goto(path);
    const denied = page.getByTestId('access-denied');
    for (const line of lines) await expect(denied, path).toContainText(line);
    await expect(denied, path).not.toContainText('Contact your administrator');
  }
  await page.goto('/Help');
  await expect(page.getByTestId('contact-hall-owner')).toContainText('Contact Your Hall Owner');
  await expect(page.getByText(generic)).toHaveCount(0);
  // pages with no words of their own keep the spec's general refusal
  await page.goto('/Invoices');
  await expect(page.getByText(generic)).toBeVisible();

  const context = await browser.newContext();
  const owner = await context.newPage();
  await signIn(owner, OWNER);
  await owner.goto('/Users');
  await expect(owner.getByTestId('access-denied')).toContainText(
    'Only Super Admins can access user management.',
  );
  await context.close();
});

test('booking screens: conflicts on Pending Review, reasons in words, whole deposit badges, Public holiday filter, toasts clear of the header', async ({
  page,
  request,
}) => {
  const api = await ownerApi(request);
  const put = async (path: string, data: unknown) => {
    const res = await request.put(path, { headers: { authorization: `Bearer ${api.token}` }, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  };
  const hall = await createResource(api, `Screens Hall ${RUN}`);
  const day = venueDay(20);
  const nextDay = venueDay(21);
  const held = await bookingWith(api, {
    resourceId: hall.id,
    date: day,
    start: '10:00',
    end: '12:00',
    name: `Held ${RUN}`,
    eventType: 'Meeting',
  });
  // a block-out laid over the pending booking, knowingly (decision 13 as decision 55 amends it):
  // its conflict
  await api.post('/api/blockouts', {
    resourceIds: [hall.id],
    dateFrom: day,
    dateTo: day,
    timeFrom: '11:00',
    timeTo: '13:00',
    reason: 'Maintenance',
    overBookings: true,
  });
  const onHoliday = await bookingWith(api, {
    resourceId: hall.id,
    date: nextDay,
    start: '09:00',
    end: '10:00',
    name: `Holiday ${RUN}`,
    eventType: 'Wedding',
  });
  const ordinary = await bookingWith(api, {
    resourceId: hall.id,
    date: await ordinaryVenueDay(api, 23),
    start: '14:00',
    end: '15:00',
    name: `Ordinary ${RUN}`,
    eventType: 'Wedding',
  });
  await put(`/api/bookings/${onHoliday.id}/status`, { status: 'confirmed' });
  await put(`/api/bookings/${ordinary.id}/status`, { status: 'confirmed' });
  await api.post('/api/holidays', { name: `Screens Day ${RUN}`, date: nextDay, scope: 'custom' });
  const gone = await bookingWith(api, {
    resourceId: hall.id,
    date: venueDay(22),
    start: '09:00',
    end: '10:00',
    name: `Gone ${RUN}`,
    eventType: 'Wedding',
  });
  await put(`/api/bookings/${gone.id}/status`, { status: 'cancelled', reason: 'scheduling_conflict' });

  // the block-out reaches bookings by event (decision 7)
  await expect
    .poll(async () => {
      const list = await api.get<{ items: { id: string; conflicts?: unknown[] }[] }>(
        `/api/bookings?status=pending&withConflicts=true&q=${RUN}`,
      );
      return list.items.find((b) => b.id === held.id)?.conflicts?.length ?? 0;
    })
    .toBe(1);

  await signIn(page, OWNER);
  await page.goto('/BookingsPending');
  await page.getByPlaceholder('Search pending bookings...').fill(RUN);
  const table = page.getByRole('table', { name: 'Pending bookings' });
  await expect(table.getByRole('columnheader', { name: 'Conflicts' })).toBeVisible();
  const heldRow = table.getByTestId('booking-row').filter({ hasText: held.bookingCode });
  await expect(heldRow).toContainText('1 conflict');
  await expect(heldRow).toContainText('Block-out: Maintenance');

  await page.goto('/BookingsCancelled');
  await page.getByLabel('Search').fill(RUN);
  const goneRow = page.getByTestId('booking-row').filter({ hasText: gone.bookingCode });
  await expect(goneRow).toContainText('Scheduling conflict');
  await expect(goneRow).not.toContainText('scheduling_conflict');
  const badges = await goneRow.evaluate((tr) =>
    Array.from(tr.querySelectorAll('.mantine-Badge-label'))
      .filter((l) => l.scrollWidth > l.clientWidth)
      .map((l) => l.textContent),
  );
  expect(badges, 'no badge is cut short').toEqual([]);
  await expect(goneRow).toContainText('No Deposit');

  await page.goto('/BookingsConfirmed');
  await page.getByLabel('Search').fill(RUN);
  const rows = page.getByTestId('booking-row');
  await expect(rows).toHaveCount(2);
  await page.getByRole('group', { name: 'Filters' }).getByText('Public holiday').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(onHoliday.bookingCode);

  // a toast does not cover the header's buttons
  await rows.first().getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Complete Booking' }).click();
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  const overlap = await page.evaluate(() => {
    const t = document.querySelector('.mantine-Notification-root')!.getBoundingClientRect();
    const pageHeader = document.querySelector('h1')!.closest('.mantine-Group-root')!;
    const buttons = [
      ...Array.from(document.querySelectorAll('header button')),
      ...Array.from(pageHeader.querySelectorAll('button')),
    ];
    return buttons
      .map((b) => b.getBoundingClientRect())
      .filter(
        (r) => r.width && !(r.right <= t.left || r.left >= t.right || r.bottom <= t.top || r.top >= t.bottom),
      ).length;
  });
  expect(overlap, 'no header button under the toast').toBe(0);
});

test('a clean console: sign-in page, signing in, a few pages and a password change log no error and no failed request', async ({
  page,
  request,
}) => {
  // a hall owner of its own (the password change is an owner's), made by the super admin
  const { token: adminToken } = await apiToken(request, 'admin@demo.local');
  const email = `console-${RUN}@demo.local`;
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      email,
      password: 'console-pass-1',
      role: 'hall_owner',
      hallName: `Console Hall ${RUN}`,
      contactNumber: '03 9000 1234',
      address: { line1: '1 Long Road', line2: '', postcode: '3000', state: 'VIC' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const login = await request.post('/api/login', { data: { email, password: 'console-pass-1' } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  // the new tenant's settings reach bookings and catalogue by event; until then they answer 503
  const from = venueDay(0);
  for (const path of [`/api/calendar?from=${from}&to=${from}`, '/api/resources'])
    await expect.poll(async () => (await request.get(path, { headers })).status()).toBe(200);

  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // page.goto to the next page cancels what the last one was still fetching (a lazy chunk):
    // the browser's own abort, not a failure a user would see
    if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`);
  });
  const posts: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
    if (r.url().includes('/api/users/log-password-change')) posts.push(String(r.status()));
  });

  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Email')).toBeVisible();
  await signIn(page, email, 'console-pass-1');
  for (const [path, heading] of [
    ['/Calendar', 'Calendar'],
    ['/BookingsAll', 'Bookings — All'],
    ['/SettingsGeneral', 'General Settings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByTestId('loading-state')).toHaveCount(0);
  }
  await page.getByLabel('Current password').fill('console-pass-1');
  await page.getByLabel('New password', { exact: true }).fill('console-pass-2');
  await page.getByLabel('Confirm new password').fill('console-pass-2');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been updated successfully!')).toBeVisible();
  // the next page still works with the token the change handed out
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();

  expect(posts, 'log-password-change posted once, accepted').toEqual(['204']);
  expect(problems).toEqual([]);
});
