/**
 * Test harness: a fresh money service (PGlite, or a fresh schema on TEST_DATABASE_URL) with a
 * fixed cast of principals, each tenant's settings delivered as admin's events (with the
 * Payment settings part money reads), and bookings delivered as bookings' events. Not a test file.
 */
import { randomUUID } from 'node:crypto';
import type { Principal, TenantSettingsSnapshot } from '@venue/contracts';
import type { PaymentSettingsSnapshot } from '@venue/contracts/money-api';
import {
  makePrincipal,
  settingsChangedEvent,
  startTestService,
  testKeys,
  type TestService,
} from '@venue/service-kit/testing';
import { createMoneyService, type MoneyServiceOptions } from '../app.ts';
import { standInPeers, type PeerServer } from './bookings-standin.ts';

export const OWNER = '1a000000-0000-4000-8000-000000000001';
export const OWNER2 = '1b000000-0000-4000-8000-000000000002';
export const SUB_INVOICES = '1c000000-0000-4000-8000-000000000003';
export const SUB_NONE = '1c000000-0000-4000-8000-000000000004';
export const SUB_DEPOSITS = '1c000000-0000-4000-8000-000000000005';

const sub = (userId: string, permissions: Principal['permissions']) =>
  makePrincipal({ userId, role: 'sub_user', tenantId: OWNER, parentUserId: OWNER, permissions });

const directory = new Map<string, Principal>([
  [OWNER, makePrincipal({ userId: OWNER, email: 'owner@harbourside.test' })],
  [OWNER2, makePrincipal({ userId: OWNER2 })],
  [SUB_INVOICES, sub(SUB_INVOICES, ['invoices'])],
  [SUB_DEPOSITS, sub(SUB_DEPOSITS, ['deposits'])],
  [SUB_NONE, sub(SUB_NONE, ['help'])],
]);

/** Harbourside Hall's Payment settings (a valid ABN: 51 824 753 556). */
export const PAYMENT: PaymentSettingsSnapshot = {
  businessName: 'Harbourside Hall Pty Ltd',
  businessABN: '51824753556',
  businessAddress: '1 Wharf Road, Sydney NSW 2000',
  businessPhone: '02 9000 0000',
  businessEmail: 'accounts@harbourside.test',
  bankName: 'Commonwealth Bank',
  accountName: 'Harbourside Hall',
  bsb: '062-000',
  accountNumber: '12345678',
  referenceNote: 'Please quote the invoice number.',
  defaultDueDays: 14,
  paymentMethods: { stripe: false, bankTransfer: true, cash: true, cheque: true },
};

/**
 * A quotation form as the Quotations page sends it (Jane Smith's wedding in the Main Hall, no
 * deposit); each test overrides what it is about.
 */
export const quotationForm = (over: Record<string, unknown> = {}) => ({
  customerName: 'Jane Smith',
  customerEmail: 'jane@example.com',
  customerPhone: '0412 345 678',
  eventType: 'Wedding',
  resource: 'Main Hall',
  eventDate: '2026-12-12',
  startTime: '18:00',
  endTime: '23:00',
  totalAmount: 1000,
  ...over,
});

export interface Reply {
  status: number;
  // Response shapes are what the assertions probe; typing each one would only restate them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  headers: Headers;
  bytes: Uint8Array;
}

export interface BookingFixture {
  id?: string;
  hallOwnerId?: string;
  status?: string;
  totalCents?: number;
  depositCents?: number;
  taxType?: 'inclusive' | 'exclusive';
  taxRateBp?: number;
  bookingDate?: string;
  customerName?: string;
  customerEmail?: string;
  updatedAt?: string;
  bookingSource?: string;
  quotationId?: string;
}

let tick = Date.parse('2026-01-01T00:00:00Z');

/** A booking as bookings' events (and its internal route) carry it, from a fixture. */
export function bookingPayload(
  type: 'booking.created' | 'booking.updated' | 'booking.status_changed',
  b: BookingFixture = {},
  from?: string,
) {
  const id = b.id ?? randomUUID();
  const total = b.totalCents ?? 110_000;
  const deposit = b.depositCents ?? 0;
  const taxType = b.taxType ?? 'inclusive';
  const rate = b.taxRateBp ?? 1000;
  const date = b.bookingDate ?? '2026-09-12';
  const gst =
    taxType === 'inclusive'
      ? Math.round((total * rate) / (10000 + rate))
      : total - Math.round(total / (1 + rate / 10000));
  return {
    id,
    hallOwnerId: b.hallOwnerId ?? OWNER,
    resourceId: randomUUID(),
    status: b.status ?? 'confirmed',
    startsAt: `${date}T18:00:00.000+10:00`,
    endsAt: `${date}T23:00:00.000+10:00`,
    setupBufferMinutes: 15,
    packdownBufferMinutes: 15,
    updatedAt: b.updatedAt ?? new Date((tick += 1000)).toISOString(),
    bookingCode: 'HH-2026-0042',
    customerName: b.customerName ?? 'Jane Smith',
    customerEmail: b.customerEmail ?? 'jane@example.com',
    eventType: 'Wedding',
    bookingDate: date,
    startTime: '18:00',
    endTime: '23:00',
    resourceName: 'Main Hall',
    bookingSource: b.bookingSource ?? 'admin',
    quotationId: b.quotationId ?? null,
    calculatedPriceCents: total,
    depositType: deposit > 0 ? 'Fixed' : 'None',
    money: {
      taxType,
      taxRateBp: rate,
      netCents: total - gst,
      gstCents: gst,
      totalCents: total,
      depositCents: deposit,
      finalDueCents: total - deposit,
    },
    ...(type === 'booking.status_changed' ? { from: from ?? 'pending', to: b.status ?? 'confirmed' } : {}),
  };
}

export interface Harness {
  t: TestService;
  /** The stand-in bookings and catalogue startMoney started (null when the test started its own). */
  peers: PeerServer | null;
  token: Record<string, string>;
  /** Admin's settings event for `tenantId` (the next version), with its Payment settings part (null: none, as before admin carried it). */
  settings(
    tenantId: string,
    over?: Partial<TenantSettingsSnapshot>,
    payment?: PaymentSettingsSnapshot | null,
  ): Promise<void>;
  /** Delivers a booking event as bookings publishes it; answers the booking's id. */
  booking(
    type: 'booking.created' | 'booking.updated' | 'booking.status_changed',
    b?: BookingFixture,
    from?: string,
  ): Promise<string>;
  call(
    method: string,
    path: string,
    as?: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply>;
  events(type?: string): Promise<{ type: string; tenantId: string | null; data: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

export async function startMoney(opts: MoneyServiceOptions = {}): Promise<Harness> {
  // Quotations ask the catalogue and bookings (issue 24 item 2): never a real service on a
  // default port, always a stand-in (the test's own, or this default one).
  const peers = process.env.CATALOGUE_URL && process.env.BOOKINGS_URL ? null : await standInPeers();
  const keys = await testKeys();
  const t = await startTestService({
    ...createMoneyService(opts),
    resolvePrincipal: async (id) => directory.get(id) ?? null,
    // Events stay in the outbox for the assertions.
    subscriptions: {},
  });
  const token: Record<string, string> = {};
  for (const p of directory.values())
    token[p.userId] = await keys.token({ sub: p.userId, role: p.role, tid: p.tenantId, pv: 1 });
  const versions = new Map<string, number>();
  const settings: Harness['settings'] = async (tenantId, over = {}, payment = PAYMENT) => {
    const version = (versions.get(tenantId) ?? 0) + 1;
    versions.set(tenantId, version);
    await t.kit.handleEvent(
      settingsChangedEvent(tenantId, version, { ...over, ...(payment === null ? {} : { payment }) }),
    );
  };
  await settings(OWNER);
  await settings(OWNER2);
  return {
    t,
    peers,
    token,
    settings,
    async booking(type, b = {}, from) {
      const data = bookingPayload(type, b, from);
      await t.kit.handleEvent({
        id: randomUUID(),
        type,
        source: 'bookings',
        tenantId: data.hallOwnerId,
        occurredAt: new Date().toISOString(),
        data,
      });
      const id = data.id;
      return id;
    },
    async call(method, path, as, body, headers = {}) {
      const h: Record<string, string> = { ...headers };
      if (as) h.authorization = `Bearer ${token[as] ?? as}`;
      let payload: string | undefined;
      if (body !== undefined) {
        h['content-type'] ??= 'application/json';
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      }
      const res = await fetch(t.url + path, { method, headers: h, body: payload });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // a PDF: the bytes are the body
      }
      return { status: res.status, body: parsed, text, headers: res.headers, bytes };
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
    async close() {
      await t.close();
      if (peers) await new Promise((r) => peers.close(r));
    },
  };
}
