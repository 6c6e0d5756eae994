/**
 * Test harness: bookings on the kit's starter (a fresh database, the cast signed in, every
 * venue's settings delivered as admin's events) with what is bookings' own: its cast and its
 * tokens by role, a settable clock, fake catalogue and money clients, the catalogue's events,
 * and the booking form. Not a test file.
 */
import {
  startServiceHarness,
  namedCast,
  openHours,
  testEvent,
  unstarted,
  useStarted,
  type Reply,
  type ServiceHarness,
} from '@venue/service-kit/testing';
import { createBookingsService } from '../app.ts';
import { type BookingClients, type CatalogueResource, type QuoteRequest } from '../remote/clients.ts';

const { ids, cast } = namedCast('venues', {
  owners: ['OWNER', 'OTHER'],
  staff: { SUB: ['help'], SUB_OK: ['bookings', 'customers'] },
  superAdmins: ['SUPER'],
  // The address a verified document names as its verifier.
  details: { OWNER: { email: 'owner@harbourside.test' } },
});
export const { OWNER, OTHER, SUB, SUB_OK, SUPER } = ids;
export const HALL = '1a000000-0000-4000-8000-00000000000a';
export const ROOM = '1b000000-0000-4000-8000-00000000000b';
export const OTHER_HALL = '1c000000-0000-4000-8000-00000000000c';

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

export type { Reply };

export interface Harness extends ServiceHarness {
  tokens: Record<'owner' | 'other' | 'sub' | 'subOk' | 'super', string>;
  clock: { now: Date };
  state: FakeState;
  /** POST /api/bookings/admin with the sample form changed by `over` (as the owner by default). */
  create(over?: Record<string, unknown>, token?: string): Promise<Reply>;
  /** Hands an event to the service's consumers as if it came from the catalogue. */
  event(type: string, data: unknown, tenantId?: string): Promise<unknown>;
}

export async function startHarness(): Promise<Harness> {
  const clock = { now: new Date() };
  const state: FakeState = {};
  const h = await startServiceHarness(
    () => createBookingsService({ clients: fakeClients(state), now: () => clock.now }),
    { cast },
  );
  const tokens = {
    owner: h.token[OWNER]!,
    other: h.token[OTHER]!,
    sub: h.token[SUB]!,
    subOk: h.token[SUB_OK]!,
    super: h.token[SUPER]!,
  };
  return {
    ...h,
    tokens,
    clock,
    state,
    create: (over = {}, token = tokens.owner) => h.call('POST', '/api/bookings/admin', token, form(over)),
    event: (type, data, tenantId = OWNER) => h.deliver(testEvent(type, 'catalogue', tenantId, data)),
  };
}

/**
 * One service for the tests of the describe it is called in (the kit's useStarted), started before
 * them and closed after them; inside the file's describe, never at the top of a file (all files at
 * once were 5.3 GB of memory on PGlite against 1.2 GB one at a time, and on the PostgreSQL server
 * more pool connections than it allows). Helpers at module level pass the object they read, from
 * `unstartedHarness()`.
 */
export const useHarness = (h: Harness = unstartedHarness()): Harness => useStarted(startHarness, h);

/** The object `useHarness(h)` fills when its describe starts: empty until then. */
export const unstartedHarness = (): Harness => unstarted<Harness>();

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
