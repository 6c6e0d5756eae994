import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, type Page, type APIRequestContext, type APIResponse } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

// Sign-in and the side menu: what every staff screen test starts from.

export const PASSWORD = 'demo-pass-2026';

// prettier-ignore
export const MENU_TOP = [
  'Dashboard', 'Calendar', 'Bookings', 'Deposits', 'Invoices & Payments', 'Quotations', 'Resources', 'Pricing',
  'Customers', 'Users', 'Reports', 'Comms', 'Settings', 'Audit Log', 'Management', 'Help',
] as const;

// The super admin's side menu: the platform's pages only. It has no venue, so the pages of one venue's
// records (Calendar, Bookings, money, Resources, Pricing, Customers, Reports) are not listed (issue 24 item 15).
// prettier-ignore
export const SUPER_ADMIN_MENU = ['Dashboard', 'Users', 'Comms', 'Settings', 'Audit Log', 'Management', 'Help'] as const;

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/Dashboard$/);
}

export const sidebar = (page: Page) => page.getByTestId('sidebar');

/** Picks `option` in the select or combobox labelled `label` (Mantine's, typed into or opened). */
export async function pick(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export function sideMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** Top-level entries of the side menu, in order, as the user sees them. */
export async function menuEntries(page: Page): Promise<string[]> {
  const nav = sideMenu(page);
  await expect(nav).toBeVisible();
  // top-level entries are the nav's own links and group buttons (children sit in a collapse)
  const texts = await nav.locator(':scope > a, :scope > button').allInnerTexts();
  return texts.map((s) => s.trim());
}

export async function apiToken(request: APIRequestContext, email: string): Promise<{ token: string }> {
  const res = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { token: string };
}

// The owner's API and the records a test makes through it: resources, bookings, venue days.
export const OWNER = 'owner@demo.local';

type Seed = { seedDemoDomains: (base: string, log?: (line: string) => void) => Promise<boolean> };

/** The demo venues' data as a first `npm start` seeds it (decision 48; skipped when it is there). */
export async function seedDemo(baseURL: string): Promise<void> {
  const file = path.resolve(import.meta.dirname, '..', '..', 'scripts', 'lib', 'demo-seed.mjs');
  const { seedDemoDomains } = (await import(pathToFileURL(file).href)) as Seed;
  await seedDemoDomains(baseURL, () => {});
}

export type Api = Awaited<ReturnType<typeof ownerApi>>;

export async function ownerApi(request: APIRequestContext) {
  const { token } = await apiToken(request, OWNER);
  const headers = { authorization: `Bearer ${token}` };
  const write = async <T>(sent: Promise<APIResponse>, path: string) => {
    const res = await sent;
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
  return {
    token,
    async get<T>(path: string) {
      const res = await request.get(path, { headers });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
      return (await res.json()) as T;
    },
    post: <T>(path: string, data: unknown) => write<T>(request.post(path, { headers, data }), path),
    put: <T>(path: string, data: unknown) => write<T>(request.put(path, { headers, data }), path),
  };
}

type Named = { id: string; name: string };

/** A resource of its own for this run, so columns and conflicts are predictable. */
export async function createResource(api: Api, name: string): Promise<Named> {
  const data = { name, type: 'hall', capacity: 200 };
  const body = await api.post<Named | { resource: Named }>('/api/resources', data);
  return 'resource' in body ? body.resource : body;
}

/** The seller's name and ABN (a tax invoice needs them), bank details, and card payments by Stripe. */
export async function venueTakesPayments(request: APIRequestContext, api: Api): Promise<void> {
  const business = { businessName: 'Harbourside Hall Pty Ltd', businessABN: '12345679016' };
  const bank = { bankName: 'Commonwealth Bank', accountName: 'Harbourside Hall', bsb: '062-000' };
  for (const [path, data] of [
    ['/api/tenant-settings/business', business],
    ['/api/users/bank-details', { ...bank, accountNumber: '12345678' }],
    ['/api/users/payment-methods', { stripe: true, bankTransfer: true }],
    ['/api/users/stripe-account', { stripeAccountId: 'acct_1E2EHarbourside' }],
  ] as const) {
    const res = await request.put(path, { headers: { authorization: `Bearer ${api.token}` }, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  }
}

/** Confirms a pending booking with no deposit, as the owner, and expects it to answer 200. */
export async function confirmBooking(request: APIRequestContext, api: Api, bookingId: string): Promise<void> {
  const res = await request.put(`/api/bookings/${bookingId}/status`, {
    headers: { authorization: `Bearer ${api.token}` },
    data: {
      status: 'confirmed',
      payment_details: { tax_type: 'inclusive', deposit_type: 'None', deposit_value: null },
    },
  });
  expect(res.status()).toBe(200);
}

/** Comms' own copy of bookings (fed by bookings' events, decision 29) has the booking in `status`. */
export async function commsHasBooking(api: Api, email: string, bookingId: string, status: string) {
  const path = `/api/email-comms/bookings/${encodeURIComponent(email)}`;
  const inComms = async () => {
    const { bookings } = await api.get<{ bookings: Array<{ id: string; status: string }> }>(path);
    return bookings.find((b) => b.id === bookingId)?.status ?? 'not yet';
  };
  await expect.poll(inComms, { timeout: 30_000 }).toBe(status);
}

/** yyyy-MM-dd, `days` after today in the venue's zone (Australia/Sydney, the demo tenant's). */
export function venueDay(days: number): string {
  const now = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The first venue day from `days` after today that is none of the venue's public holidays: a
 * test that needs an ordinary day must not land on one (23 days after 2 December is Christmas).
 */
export async function ordinaryVenueDay(api: Api, days: number): Promise<string> {
  const candidates = Array.from({ length: 14 }, (_, i) => venueDay(days + i));
  const holidays = new Set<string>();
  for (const year of new Set(candidates.map((d) => d.slice(0, 4)))) {
    for (const h of await api.get<{ date: string }[]>(`/api/holidays?year=${year}`)) holidays.add(h.date);
  }
  const day = candidates.find((d) => !holidays.has(d));
  if (!day) throw new Error(`every day from ${candidates[0]} to ${candidates.at(-1)} is a holiday`);
  return day;
}

export interface CreatedBooking {
  id: string;
  bookingCode: string;
  customerId: string | null;
  calculatedPriceCents: number;
}

export async function createBooking(
  api: Api,
  input: {
    resourceId: string;
    date: string;
    start: string;
    end: string;
    name: string;
    email: string;
    price?: number;
  },
): Promise<CreatedBooking> {
  const body = await api.post<{ booking: CreatedBooking } | CreatedBooking>('/api/bookings/admin', {
    customerName: input.name,
    customerEmail: input.email,
    customerPhone: '+61 412 345 678',
    eventType: 'Wedding',
    selectedHall: input.resourceId,
    resourceId: input.resourceId,
    bookingDate: input.date,
    startTime: input.start,
    endTime: input.end,
    estimatedPrice: input.price ?? 400,
    guestCount: 50,
    status: 'pending',
  });
  return 'booking' in body ? body.booking : body;
}

// The customer door (issue 25): the demo venue's booking page, a hall of the run that takes requests
// in the evening, the week view's day headings, the request form filled as a customer would.
export const SLUG = 'harbourside-hall';

/** The part of `GET /api/public/venues/{slug}` these tests read. */
export interface PublicVenue {
  name: string;
  dateFormat: 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'YYYY-MM-DD';
  resources: Array<{ id: string; name: string }>;
  online: { verifyEmail: boolean; mode: 'request' | 'hold'; agreement: { version: number } };
}

/**
 * A hall of this run, open every evening until 23:30 with half-hour buffers and an hourly rate,
 * taking online requests: the venue adds it as any venue would (Resources, Pricing, Settings →
 * Online bookings). The demo halls keep the default hours (Saturday 9 to 5), no evening.
 */
export async function eveningHall(request: APIRequestContext, name: string): Promise<Named> {
  const api = await ownerApi(request);
  const day = { open: '08:00', close: '23:30', closed: false };
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
  await takeRequestsFor(api, hall.id);
  return { id: hall.id, name };
}

/** Settings → Online bookings as stored, with `resourceId` added to the spaces taking requests. */
export async function takeRequestsFor(api: Api, resourceId: string) {
  const online = await api.get<
    Record<string, unknown> & {
      resourceIds: string[];
      agreement: { text: string; cancellationTerms: string };
    }
  >('/api/settings/online-bookings');
  await api.put('/api/settings/online-bookings', {
    enabled: online.enabled,
    slug: online.slug,
    resourceIds: [...online.resourceIds, resourceId],
    minNoticeHours: online.minNoticeHours,
    windowDays: online.windowDays,
    mode: online.mode,
    verifyEmail: online.verifyEmail,
    questions: online.questions,
    agreement: { text: online.agreement.text, cancellationTerms: online.agreement.cancellationTerms },
  });
}

/** The Dashboard's alert texts, read afresh (insights applies the booking events as they come). */
export async function dashboardAlerts(page: Page): Promise<string> {
  await page.goto('/Dashboard');
  const card = page.getByRole('region', { name: 'Alerts & Tasks' });
  const list = card.getByTestId('alerts');
  // Loaded: either the list or the words for none (never the moment before the answer).
  await expect(list.or(card.getByText('No active alerts.'))).toBeVisible();
  return (await list.count()) ? await list.innerText() : '';
}

/** Opens booking `code` from All Bookings; answers the entries of its Documents. */
export async function bookingDocuments(page: Page, code: string) {
  await page.goto(`/BookingsAll?q=${encodeURIComponent(code)}`);
  await page
    .getByRole('table', { name: 'Bookings' })
    .getByRole('row')
    .filter({ hasText: code })
    .getByText(code)
    .click();
  return page
    .getByTestId('booking-detail')
    .getByRole('region', { name: 'Documents' })
    .getByTestId('booking-document');
}

/** The venue as its page reads it, once the hall has reached the catalogue's copy of the settings. */
export async function publicVenue(request: APIRequestContext, hallId: string): Promise<PublicVenue> {
  let venue: PublicVenue | undefined;
  await expect
    .poll(
      async () => {
        venue = (await (await request.get(`/api/public/venues/${SLUG}`)).json()) as PublicVenue;
        return venue.resources?.some((r) => r.id === hallId) ?? false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return venue!;
}

/**
 * No axe violation in the page (or the part `include` names), said as `axeSummary` lines. Finite animations (a
 * dialog's fade-in) end first: colours measured mid-transition read as poor contrast; a spinner's
 * endless one is not waited for.
 */
export async function noAxeViolations(page: Page, include?: string, exclude?: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  expect(axeSummary(await builder.analyze())).toEqual([]);
}

/** One line per axe violation and element, so a failure says what to fix. */
export function axeSummary(result: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`),
  );
}

/** "Sat 05/12/2026": a day's heading in the week view, in the venue's date format. */
export function dayHeading(date: string, format: PublicVenue['dateFormat']): string {
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

/** Whether the space's evening of `date` (17:00–23:00) is open and free, asked of the public call. */
export async function eveningFree(request: APIRequestContext, resourceId: string, date: string) {
  const res = await request.get(
    `/api/public/venues/${SLUG}/availability?resourceId=${resourceId}&from=${date}&to=${date}`,
  );
  expect(res.status()).toBe(200);
  const a = (await res.json()) as {
    days: Array<{ open: string | null; close: string | null }>;
    busy: Array<{ start: string; end: string }>;
  };
  const day = a.days[0]!;
  if (!day.open || !day.close || minutes(day.open) > 17 * 60 || minutes(day.close) < 22 * 60 + 30)
    return false;
  return !a.busy.some((b) => {
    const s = venueClock(b.start);
    const e = venueClock(b.end);
    const start = s.date < date ? 0 : s.date > date ? 1440 : s.minutes;
    const end = e.date > date ? 1440 : e.date < date ? 0 : e.minutes;
    return start < 23 * 60 && end > 17 * 60;
  });
}

/**
 * The first Saturday at least `fromDays` ahead whose evening the space has free (nothing busy
 * from 17:00 to 23:00, room for buffers around 18:00–22:00).
 */
export async function freeSaturdayEvening(request: APIRequestContext, resourceId: string, fromDays: number) {
  for (let days = fromDays; days < fromDays + 120; days++) {
    const date = venueDay(days);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 6) continue;
    if (await eveningFree(request, resourceId, date)) return date;
  }
  throw new Error('no free Saturday evening in four months');
}

/** Moves the week view on until it shows `date`, then picks its free time that covers the evening. */
export async function pickEvening(page: Page, date: string, venue: PublicVenue) {
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

/** The request form as a customer fills it: guests, event, the demo venue's questions, contact, terms. */
export async function fillRequest(page: Page, email: string, name = 'Zoë Ñúñez') {
  await page.getByLabel('Guests').fill('80');
  await page.getByLabel('Event type').selectOption('Birthday Party');
  await page
    .getByRole('group', { name: 'Will you use outside caterers?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByLabel('Will alcohol be served?').selectOption('Yes, through a licensed bar service');
  await page.getByLabel(/Any access or setup needs/).fill('Step-free entry for one guest.');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone').fill('0412 345 678');
  await page.getByRole('checkbox', { name: /I have read and accept the hire agreement/ }).check();
}

/**
 * A booking's FINAL invoice, issued or left a draft. The booking reaches money by event, so the
 * invoice is asked for again until money has it.
 */
export async function finalInvoice(
  request: APIRequestContext,
  api: Api,
  bookingId: string,
  issue: boolean,
): Promise<{ id: string; invoiceNumber: string }> {
  let invoice: { id: string; invoiceNumber: string } | undefined;
  await expect(async () => {
    const res = await request.post('/api/invoices', {
      headers: { authorization: `Bearer ${api.token}` },
      data: { bookingId, invoiceType: 'FINAL', issue },
    });
    expect(res.status(), await res.text()).toBe(201);
    invoice = await res.json();
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
  return invoice!;
}
