/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
/**
 * Shared test fixtures: principals, fake catalogue clients, the tenants' settings delivered as
 * admin's events, and a small HTTP helper.
 */
import { after, before } from 'node:test';
import { randomUUID } from 'node:crypto';
import {
  makePrincipal,
  settingsChangedEvent,
  startTestService,
  testKeys,
  type TestService,
} from '@venue/service-kit/testing';
import { createBookingsService } from './app.ts';
import type { OpeningHours, TenantSettingsSnapshot } from '@venue/contracts';
import { type BookingClients, type CatalogueResource, type QuoteRequest } from './remote/clients.ts';

export const OWNER = '0a000000-0000-4000-8000-000000000001';
export const OTHER = '0b000000-0000-4000-8000-000000000002';
export const SUB = '0c000000-0000-4000-8000-000000000003';
export const SUB_OK = '0d000000-0000-4000-8000-000000000004';
export const SUPER = '0e000000-0000-4000-8000-000000000005';
export const HALL = '1a000000-0000-4000-8000-00000000000a';
export const ROOM = '1b000000-0000-4000-8000-00000000000b';
export const OTHER_HALL = '1c000000-0000-4000-8000-00000000000c';

const directory = new Map([
  [OWNER, makePrincipal({ userId: OWNER })],
  [OTHER, makePrincipal({ userId: OTHER })],
  [
    SUB,
    makePrincipal({
      userId: SUB,
      role: 'sub_user',
      tenantId: OWNER,
      parentUserId: OWNER,
      permissions: ['help'],
    }),
  ],
  [SUPER, makePrincipal({ userId: SUPER, role: 'super_admin' })],
  [
    SUB_OK,
    makePrincipal({
      userId: SUB_OK,
      role: 'sub_user',
      tenantId: OWNER,
      parentUserId: OWNER,
      permissions: ['bookings', 'customers'],
    }),
  ],
]);

/** Opening hours as the catalogue sends them: every day from `open` to `close`, some days closed. */
export function openHours(open: string, close: string, closed: string[] = []): OpeningHours {
  return Object.fromEntries(
    (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((d) => [
      d,
      { open, close, closed: closed.includes(d) },
    ]),
  ) as OpeningHours;
}

export const resources: Record<string, CatalogueResource[]> = {
  [OWNER]: [
    {
      id: HALL,
      name: 'Main Hall',
      capacity: 100,
      status: 'active',
      setupBufferMinutes: 30,
      packdownBufferMinutes: 30,
      applyBuffers: true,
      hours: openHours('08:00', '23:00'),
    },
    {
      id: ROOM,
      name: 'Meeting Room',
      capacity: 10,
      status: 'active',
      setupBufferMinutes: 15,
      packdownBufferMinutes: 15,
      applyBuffers: false,
      hours: openHours('09:00', '17:00', ['sat', 'sun']),
    },
  ],
  [OTHER]: [
    {
      id: OTHER_HALL,
      name: 'Other Hall',
      capacity: 50,
      status: 'active',
      setupBufferMinutes: 0,
      packdownBufferMinutes: 0,
      applyBuffers: true,
    },
  ],
};

/** Add-ons the fake catalogue prices (others are left out of its quote). */
export const ADDONS: Record<string, { name: string; priceCents: number }> = {
  '2a000000-0000-4000-8000-00000000000a': { name: 'Projector', priceCents: 5000 },
  '2b000000-0000-4000-8000-00000000000b': { name: 'Cleaning Service', priceCents: 3000 },
};

/** $100 an hour, via the catalogue's quote shape. */
export interface FakeState {
  catalogueDown?: boolean;
  /** Money unreachable: deposit hand-overs answer null. */
  moneyDown?: boolean;
  /** Awaited inside the quote call: after the application's conflict check, before the write transaction. */
  gate?: () => Promise<void>;
  /** Awaited at the start of every catalogue call (resources and quotes). */
  probe?: (call: 'resources' | 'quote') => Promise<void>;
}

export const fakeClients = (state: FakeState = {}): BookingClients => {
  const clients: BookingClients = {
    // Money as it answers a hand-over of the deposit flag (decision 32): recorded, with its time.
    async setDeposit(_tenantId, bookingId, depositPaid) {
      if (state.moneyDown) return null;
      const at = new Date().toISOString();
      return {
        ok: true,
        bookingMoney: {
          bookingId,
          depositCents: 0,
          depositPaid,
          depositPaidAt: depositPaid ? at : null,
          paidCents: 0,
          balanceDueCents: 0,
          at,
        },
      };
    },
    async resources(tenantId) {
      if (state.probe) await state.probe('resources');
      return state.catalogueDown ? null : (resources[tenantId] ?? []);
    },
    async priceQuote(_tenantId, req: QuoteRequest) {
      if (state.probe) await state.probe('quote');
      if (state.gate) await state.gate();
      if (state.catalogueDown) return null;
      const [sh, sm] = req.startTime.split(':').map(Number) as [number, number];
      const [eh, em] = req.endTime.split(':').map(Number) as [number, number];
      const hours = (eh * 60 + em - sh * 60 - sm) / 60;
      const addOns = (req.addOns ?? [])
        .filter((a) => ADDONS[a.id])
        .map((a) => ({
          id: a.id,
          ...ADDONS[a.id]!,
          priceCents: ADDONS[a.id]!.priceCents * a.quantity,
          quantity: a.quantity,
        }));
      const addOnsCents = addOns.reduce((sum, a) => sum + a.priceCents, 0);
      const baseCents = Math.round(hours * 10000);
      return {
        calculatedPriceCents: baseCents + addOnsCents,
        durationHours: hours,
        rateType: 'hourly',
        addOns,
        addOnsCents,
        breakdown: [
          { label: `Weekday hourly rate $100.00 × ${hours} h`, amountCents: baseCents },
          ...addOns.map((a) => ({ label: `${a.name} × ${a.quantity}`, amountCents: a.priceCents })),
        ],
      };
    },
    // The catalogue refuses an add-on it does not know (404), as /internal/price-quote does.
    async checkedQuote(tenantId, req: QuoteRequest) {
      if ((req.addOns ?? []).some((a) => !ADDONS[a.id]))
        return state.catalogueDown ? null : { refused: { status: 404, message: 'Add-on not found' } };
      const quote = await clients.priceQuote(tenantId, req);
      return quote ? { quote } : null;
    },
  };
  return clients;
};

type Response = { status: number; body: any; text: string; headers: Headers };

export interface Harness {
  t: TestService;
  tokens: Record<'owner' | 'other' | 'sub' | 'subOk' | 'super', string>;
  clock: { now: Date };
  state: FakeState;
  call(method: string, path: string, token?: string, body?: unknown): Promise<Response>;
  /** POST /api/bookings/admin with the sample form changed by `over` (as the owner by default). */
  create(over?: Record<string, unknown>, token?: string): Promise<Response>;
  /** Hands an event to the service's consumers as if it came from the catalogue. */
  event(type: string, data: unknown, tenantId?: string): Promise<unknown>;
  /**
   * Delivers admin's `tenant.settings_changed` for `tenantId`: the next version (or `version`),
   * the spec defaults changed by `over`. Answers the consumer's outcome.
   */
  settings(tenantId: string, over?: Partial<TenantSettingsSnapshot>): Promise<unknown>;
}

export async function startHarness(): Promise<Harness> {
  const keys = await testKeys();
  const clock = { now: new Date() };
  const state: FakeState = {};
  const t = await startTestService({
    ...createBookingsService({ clients: fakeClients(state), now: () => clock.now }),
    resolvePrincipal: async (id) => directory.get(id) ?? null,
  });
  const tokens = {
    owner: await keys.token({ sub: OWNER, role: 'hall_owner', tid: OWNER, pv: 1 }),
    other: await keys.token({ sub: OTHER, role: 'hall_owner', tid: OTHER, pv: 1 }),
    sub: await keys.token({ sub: SUB, role: 'sub_user', tid: OWNER, pv: 1 }),
    subOk: await keys.token({ sub: SUB_OK, role: 'sub_user', tid: OWNER, pv: 1 }),
    super: await keys.token({ sub: SUPER, role: 'super_admin', tid: SUPER, pv: 1 }),
  };
  async function call(method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(t.url + path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed as any, text, headers: res.headers };
  }
  const create = (over: Record<string, unknown> = {}, token = tokens.owner) =>
    call('POST', '/api/bookings/admin', token, form(over));
  const event = (type: string, data: unknown, tenantId = OWNER) =>
    t.kit.handleEvent({
      id: randomUUID(),
      type,
      source: 'catalogue',
      tenantId,
      occurredAt: new Date().toISOString(),
      data,
    });
  const versions = new Map<string, number>();
  const settings = (tenantId: string, over: Partial<TenantSettingsSnapshot> = {}) => {
    const version = over.version ?? (versions.get(tenantId) ?? 0) + 1;
    versions.set(tenantId, Math.max(version, versions.get(tenantId) ?? 0));
    return t.kit.handleEvent(settingsChangedEvent(tenantId, version, over));
  };
  // Every tenant of the fixtures has had its settings published, as admin does for each account.
  for (const tenant of [OWNER, OTHER, SUPER]) await settings(tenant);
  return { t, tokens, clock, state, call, create, event, settings };
}

/** One service for the file's tests (or the suite's, when called inside a describe), closed after them. */
export function useHarness(): Harness {
  const h = {} as Harness;
  before(async () => {
    Object.assign(h, await startHarness());
  });
  after(() => h.t.close());
  return h;
}

/** Hours between two ISO instants. */
export const hours = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 3_600_000;

/** A date `days` ahead in Sydney, as yyyy-MM-dd. */
export function futureDate(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(d);
}

export const form = (over: Record<string, unknown> = {}) => ({
  customerName: 'Ada Lovelace',
  customerEmail: 'Ada@Example.com',
  customerPhone: '+61 412 345 678',
  eventType: 'Wedding',
  selectedHall: HALL,
  bookingDate: futureDate(30),
  startTime: '10:00',
  endTime: '14:00',
  guestCount: 80,
  ...over,
});
