/**
 * Test harness: a fresh catalogue service (PGlite, or a fresh schema on TEST_DATABASE_URL)
 * with a fixed cast of principals, every tenant's settings delivered as admin's events, and
 * bookings' events delivered on demand. Not a test file.
 */
import { randomUUID } from 'node:crypto';
import type { BookingSlotEvent, Principal, TenantSettingsSnapshot } from '@venue/contracts';
import {
  makePrincipal,
  settingsChangedEvent,
  startTestService,
  testKeys,
  type TestService,
} from '@venue/service-kit/testing';
import type { BlockoutReleaseBody, BlockoutReserveBody } from '@venue/contracts/bookings';
import { createCatalogueService } from '../app.ts';
import type { BookingsSlots, ReserveOutcome } from '../blockouts/bookings-slots.ts';

export const OWNER = '0a000000-0000-4000-8000-000000000001';
export const OWNER2 = '0b000000-0000-4000-8000-000000000002';
export const SUB_RESOURCES = '0c000000-0000-4000-8000-000000000003';
export const SUB_PRICING = '0c000000-0000-4000-8000-000000000004';
export const SUB_NONE = '0c000000-0000-4000-8000-000000000005';
export const SUPER = '0d000000-0000-4000-8000-000000000006';
export const OWNER3 = '0e000000-0000-4000-8000-000000000007';
export const SUB_BOOKINGS = '0c000000-0000-4000-8000-000000000008';
export const SUB_CALENDAR = '0c000000-0000-4000-8000-000000000009';

const sub = (userId: string, permissions: Principal['permissions']) =>
  makePrincipal({ userId, role: 'sub_user', tenantId: OWNER, parentUserId: OWNER, permissions });

const directory = new Map<string, Principal>([
  [OWNER, makePrincipal({ userId: OWNER })],
  [OWNER2, makePrincipal({ userId: OWNER2 })],
  [OWNER3, makePrincipal({ userId: OWNER3 })],
  [SUB_RESOURCES, sub(SUB_RESOURCES, ['resources'])],
  [SUB_PRICING, sub(SUB_PRICING, ['pricing'])],
  [SUB_NONE, sub(SUB_NONE, ['help'])],
  [SUB_BOOKINGS, sub(SUB_BOOKINGS, ['bookings'])],
  [SUB_CALENDAR, sub(SUB_CALENDAR, ['calendar'])],
  [SUPER, makePrincipal({ userId: SUPER, role: 'super_admin' })],
]);

export interface Reply {
  status: number;
  // Response shapes are what the assertions probe; typing each one would only restate them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  headers: Headers;
}

/**
 * Bookings as the catalogue's block-out writes see it (decision 55): every call recorded, each
 * answered by `reserve`/`release` when a test sets them, else accepted.
 */
export interface FakeBookings extends BookingsSlots {
  calls: Array<{ op: 'reserve'; body: BlockoutReserveBody } | { op: 'release'; body: BlockoutReleaseBody }>;
  answerReserve?: (body: BlockoutReserveBody) => ReserveOutcome | Promise<ReserveOutcome>;
  answerRelease?: (body: BlockoutReleaseBody) => boolean | Promise<boolean>;
}

export function fakeBookings(): FakeBookings {
  const fake: FakeBookings = {
    calls: [],
    async reserve(body) {
      fake.calls.push({ op: 'reserve', body });
      return fake.answerReserve
        ? fake.answerReserve(body)
        : { kind: 'accepted', answer: { revision: body.revision, waiting: [] } };
    },
    async release(body) {
      fake.calls.push({ op: 'release', body });
      return fake.answerRelease ? fake.answerRelease(body) : true;
    },
  };
  return fake;
}

export interface Harness {
  t: TestService;
  url: string;
  /** Bookings' slot table as the block-out writes meet it. */
  bookings: FakeBookings;
  /** Tokens by user id. */
  token: Record<string, string>;
  /**
   * Delivers admin's `tenant.settings_changed` for `tenantId` (the next version unless `over`
   * names one; spec defaults, Australia/Sydney, changed by `over`); answers the outcome.
   */
  settings(tenantId: string, over?: Partial<TenantSettingsSnapshot>): Promise<unknown>;
  /**
   * Delivers a booking event as bookings publishes it (the whole booking; `slot` is the part the
   * catalogue reads, and the customer fields it must not keep come along); answers the outcome.
   */
  booking(
    type: 'booking.created' | 'booking.updated' | 'booking.status_changed',
    slot: BookingSlotEvent,
    eventTenant?: string | null,
  ): Promise<unknown>;
  call(
    method: string,
    path: string,
    as?: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply>;
  /** Events written to the outbox so far, oldest first. */
  events(type?: string): Promise<{ type: string; tenantId: string | null; data: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

export async function startCatalogue(): Promise<Harness> {
  const keys = await testKeys();
  const bookings = fakeBookings();
  const t = await startTestService({
    ...createCatalogueService({ slots: bookings }),
    resolvePrincipal: async (id) => directory.get(id) ?? null,
    // Events stay in the outbox for the assertions instead of reaching services on this machine.
    subscriptions: {},
  });
  const token: Record<string, string> = {};
  for (const p of directory.values()) {
    token[p.userId] = await keys.token({ sub: p.userId, role: p.role, tid: p.tenantId, pv: 1 });
  }
  const versions = new Map<string, number>();
  const settings = (tenantId: string, over: Partial<TenantSettingsSnapshot> = {}) => {
    const version = over.version ?? (versions.get(tenantId) ?? 0) + 1;
    versions.set(tenantId, Math.max(version, versions.get(tenantId) ?? 0));
    return t.kit.handleEvent(settingsChangedEvent(tenantId, version, over));
  };
  // Every tenant has had its settings published, as admin does for each account.
  for (const p of directory.values()) if (p.userId === p.tenantId) await settings(p.tenantId);
  return {
    t,
    url: t.url,
    bookings,
    token,
    settings,
    booking: (type, slot, eventTenant = slot.hallOwnerId) =>
      t.kit.handleEvent({
        id: randomUUID(),
        type,
        source: 'bookings',
        tenantId: eventTenant,
        occurredAt: new Date().toISOString(),
        data: {
          ...slot,
          bookingCode: 'HH-2026-0001',
          customerName: 'Jane Smith',
          customerEmail: 'jane@example.com',
          customerPhone: '0400 000 000',
          eventType: 'Wedding',
          title: 'Wedding - Jane Smith',
        },
      }),
    async call(method, path, as, body, headers = {}) {
      const h: Record<string, string> = { ...headers };
      if (as) h.authorization = `Bearer ${token[as] ?? as}`;
      let payload: string | undefined;
      if (body !== undefined) {
        if (typeof body === 'string') payload = body;
        else {
          h['content-type'] ??= 'application/json';
          payload = JSON.stringify(body);
        }
      }
      const res = await fetch(t.url + path, { method, headers: h, body: payload });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON (CSV, iCalendar): the text is the body
      }
      return { status: res.status, body: parsed, text, headers: res.headers };
    },
    async events(type) {
      const { rows } = await t.kit.db.query<{
        type: string;
        tenant_id: string | null;
        data: Record<string, unknown>;
      }>(
        `SELECT type, tenant_id, data FROM outbox ${type ? 'WHERE type = $1' : ''} ORDER BY seq`,
        type ? [type] : [],
      );
      return rows.map((r) => ({ type: r.type, tenantId: r.tenant_id, data: r.data }));
    },
    close: () => t.close(),
  };
}

/** A valid resource body; override what the test is about. */
export function hall(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Main Hall', type: 'hall', capacity: 180, ...overrides };
}
