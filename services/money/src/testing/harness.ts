/**
 * Test harness: money on the kit's starter (a fresh database, the cast signed in, each venue's
 * settings delivered as admin's events) with what is money's own: its cast, the Payment settings
 * part of those settings, stand-ins of bookings and the catalogue, bookings delivered as bookings'
 * events and the outbox read back. Not a test file.
 */
import { randomUUID } from 'node:crypto';
import type { TenantSettingsSnapshot } from '@venue/contracts';
import type { PaymentSettingsSnapshot } from '@venue/contracts/money-api';
import { startServiceHarness, namedCast, testEvent, type ServiceHarness } from '@venue/service-kit/testing';
import { createMoneyService, type MoneyServiceOptions } from '../app.ts';
import { standInPeers, type PeerServer } from './bookings-standin.ts';

// Money's people stand apart: comms' tests keep money's venue beside comms' own OWNER.
const { ids, cast } = namedCast('money', {
  owners: ['OWNER', 'OWNER2'],
  staff: { SUB_INVOICES: ['invoices'], SUB_DEPOSITS: ['deposits'], SUB_NONE: ['help'] },
  details: { OWNER: { email: 'owner@harbourside.test' } },
});
export const { OWNER, OWNER2, SUB_INVOICES, SUB_NONE, SUB_DEPOSITS } = ids;

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

export type { Reply } from '@venue/service-kit/testing';

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

export interface Harness extends Omit<ServiceHarness, 'settings'> {
  /** The stand-in bookings and catalogue this money asks: the test's own, or the default one. */
  peers: PeerServer;
  /**
   * Where this money finds bookings and the catalogue (the stand-in's URL); a test points one
   * elsewhere, e.g. at a port where nothing listens, to see money meet it unreachable.
   */
  peerUrls: { bookings: string; catalogue: string };
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
}

export interface MoneyHarnessOptions extends MoneyServiceOptions {
  /** The test's own stand-in of bookings and the catalogue (closed by the test); default: one of startMoney's. */
  peers?: PeerServer;
}

export async function startMoney({ peers: own, ...opts }: MoneyHarnessOptions = {}): Promise<Harness> {
  // Quotations ask the catalogue and bookings (issue 24 item 2): never a real service on a
  // default port, always a stand-in (the test's own, or this default one).
  const peers = own ?? (await standInPeers());
  const peerUrls = { bookings: peers.url, catalogue: peers.url };
  const h = await startServiceHarness(
    // Its calls go to the stand-ins (peers, read at each call: a test may point one elsewhere);
    // events stay in the outbox for the assertions.
    () => ({ ...createMoneyService(opts), peers: peerUrls, subscriptions: {} }),
    { cast, settings: { [OWNER]: { payment: PAYMENT }, [OWNER2]: { payment: PAYMENT } } },
  );
  return {
    ...h,
    peers,
    peerUrls,
    async settings(tenantId, over = {}, payment = PAYMENT) {
      await h.settings(tenantId, payment === null ? over : { ...over, payment });
    },
    async booking(type, b = {}, from) {
      const data = bookingPayload(type, b, from);
      await h.deliver(testEvent(type, 'bookings', data.hallOwnerId, data));
      return data.id;
    },
    async close() {
      await h.close();
      if (!own) await new Promise((r) => peers.close(r));
    },
  };
}
