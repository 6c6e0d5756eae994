/**
 * The known set of facts the Reports tests compute every figure from by hand (reports.test.ts):
 * two resources, fifteen bookings of five customers with their histories, nine invoices, eight
 * payments and three quotations, as the owners publish them. Not a test file.
 *
 * The clock: Wednesday 18 Nov 2026, 12:00 in Sydney (AEDT, +11:00) = 01:00 UTC. Sydney moved to
 * daylight time on Sunday 4 Oct 2026, so dates before it are at +10:00.
 */
import type { DomainEvent } from '@venue/contracts';
import {
  OWNER,
  bookingEvent,
  invoiceEvent,
  paymentEvent,
  quotationEvent,
  resourceEvent,
  settingsEvent,
  type BookingSpec,
  type InvoiceSpec,
} from './harness.ts';

export const NOW = new Date('2026-11-18T01:00:00.000Z');

export const R1 = '1a000000-0000-4000-8000-000000000001'; // Main Hall: every day 08:00–18:00
export const R2 = '1a000000-0000-4000-8000-000000000002'; // Garden: Mon–Fri 09:00–17:00
const R3 = '1a000000-0000-4000-8000-000000000003'; // archived: never counted
export const K = (n: number) => `2b000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const IV = (n: number) => `3c000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const P = (n: number) => `4d000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const Q = (n: number) => `6a000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const day = (open: string, close: string, closed = false) => ({ open, close, closed });
export const mainHours = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, day('08:00', '18:00')]),
);
export const gardenHours = {
  ...Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => [d, day('09:00', '17:00')])),
  sat: day('09:00', '17:00', true),
  sun: day('09:00', '17:00', true),
};

const main = { resourceId: R1, resourceName: 'Main Hall' };
const garden = { resourceId: R2, resourceName: 'Garden' };
/** Alice is a community group (NFP); Bob is VIP by lifetime spend; Carol, Dan and Eve neither. */
const alice = {
  customerId: 'CUST-ALICE',
  customerName: 'Alice',
  customerEmail: 'alice@example.com',
  customerTier: 'nonprofit' as const,
};
const bob = { customerId: 'CUST-BOB', customerName: 'Bob', customerEmail: 'bob@example.com' };
const carol = { customerId: 'CUST-CAROL', customerName: 'Carol', customerEmail: 'carol@example.com' };
const dan = {
  customerId: 'CUST-DAN',
  customerName: 'Dan',
  customerEmail: 'dan@example.com',
  totalCents: 10000,
};
const eve = {
  customerId: 'CUST-EVE',
  customerName: 'Eve',
  customerEmail: 'eve@example.com',
  totalCents: 10000,
};

type Spec = Omit<BookingSpec, 'id' | 'code'>;
/** A booking's versions in order (each its own event), the first one booking.created. */
function history(n: number, versions: Spec[]): DomainEvent[] {
  return versions.map((v, i) =>
    bookingEvent(
      OWNER,
      { id: K(n), code: `BK-${String(n).padStart(4, '0')}`, ...v },
      i === 0 ? 'booking.created' : 'booking.status_changed',
    ),
  );
}

/** Every booking: [number, versions]. */
export const BOOKINGS: Array<[number, Spec[]]> = [
  // Held on 21 Oct, confirmed the next day: Thu 22 Oct 10:00–14:00, Main Hall.
  [
    1,
    [
      {
        ...main,
        ...alice,
        status: 'tentative',
        startsAt: '2026-10-22T10:00:00.000+11:00',
        endsAt: '2026-10-22T14:00:00.000+11:00',
        totalCents: 100000,
        createdAt: '2026-10-21T00:00:00.000Z',
        holdExpiresAt: '2026-10-23T00:00:00.000Z',
        updatedAt: '2026-10-21T00:00:00.000Z',
      },
      {
        ...main,
        ...alice,
        status: 'confirmed',
        startsAt: '2026-10-22T10:00:00.000+11:00',
        endsAt: '2026-10-22T14:00:00.000+11:00',
        totalCents: 100000,
        createdAt: '2026-10-21T00:00:00.000Z',
        updatedAt: '2026-10-22T00:00:00.000Z',
      },
    ],
  ],
  // Mon 2 Nov 09:00–13:00, Garden: confirmed, then completed.
  [
    2,
    [
      {
        ...garden,
        ...bob,
        status: 'confirmed',
        startsAt: '2026-11-02T09:00:00.000+11:00',
        endsAt: '2026-11-02T13:00:00.000+11:00',
        totalCents: 250000,
        createdAt: '2026-10-22T00:00:00.000Z',
        updatedAt: '2026-10-22T00:00:00.000Z',
      },
      {
        ...garden,
        ...bob,
        status: 'completed',
        startsAt: '2026-11-02T09:00:00.000+11:00',
        endsAt: '2026-11-02T13:00:00.000+11:00',
        totalCents: 250000,
        createdAt: '2026-10-22T00:00:00.000Z',
        updatedAt: '2026-11-03T00:00:00.000Z',
      },
    ],
  ],
  // Sat 7 Nov, Main Hall: confirmed, then cancelled on 3 Nov at the customer's request.
  [
    3,
    [
      {
        ...main,
        ...carol,
        status: 'confirmed',
        startsAt: '2026-11-07T10:00:00.000+11:00',
        endsAt: '2026-11-07T12:00:00.000+11:00',
        totalCents: 50000,
        createdAt: '2026-10-26T00:00:00.000Z',
        updatedAt: '2026-10-26T00:00:00.000Z',
      },
      {
        ...main,
        ...carol,
        status: 'cancelled',
        startsAt: '2026-11-07T10:00:00.000+11:00',
        endsAt: '2026-11-07T12:00:00.000+11:00',
        totalCents: 50000,
        createdAt: '2026-10-26T00:00:00.000Z',
        updatedAt: '2026-11-03T00:00:00.000Z',
        cancelledAt: '2026-11-03T00:00:00.000Z',
        cancellationReason: 'customer_request',
      },
    ],
  ],
  // A hold ahead: Mon 23 Nov 10:00–12:00, Main Hall.
  [
    4,
    [
      {
        ...main,
        ...carol,
        status: 'tentative',
        startsAt: '2026-11-23T10:00:00.000+11:00',
        endsAt: '2026-11-23T12:00:00.000+11:00',
        totalCents: 80000,
        createdAt: '2026-11-10T00:00:00.000Z',
        holdExpiresAt: '2026-11-20T00:00:00.000Z',
      },
    ],
  ],
  // A request still pending: Tue 17 Nov 09:00–10:00, Garden.
  [
    5,
    [
      {
        ...garden,
        ...alice,
        status: 'pending',
        startsAt: '2026-11-17T09:00:00.000+11:00',
        endsAt: '2026-11-17T10:00:00.000+11:00',
        totalCents: 30000,
        createdAt: '2026-11-12T00:00:00.000Z',
      },
    ],
  ],
  // Made from quotation Q1: Thu 10 Dec 18:00–22:00, Main Hall.
  [
    6,
    [
      {
        ...main,
        ...bob,
        status: 'confirmed',
        startsAt: '2026-12-10T18:00:00.000+11:00',
        endsAt: '2026-12-10T22:00:00.000+11:00',
        totalCents: 150000,
        createdAt: '2026-11-14T00:00:00.000Z',
        bookingSource: 'quotation',
        quotationId: Q(1),
      },
    ],
  ],
  // The previous period: Sat 10 Oct 10:00–15:00 completed; Wed 14 Oct cancelled on 1 Oct (no reason).
  [
    7,
    [
      {
        ...main,
        ...carol,
        status: 'completed',
        startsAt: '2026-10-10T10:00:00.000+11:00',
        endsAt: '2026-10-10T15:00:00.000+11:00',
        totalCents: 60000,
        createdAt: '2026-09-25T00:00:00.000Z',
      },
    ],
  ],
  [
    8,
    [
      {
        ...garden,
        ...alice,
        status: 'confirmed',
        startsAt: '2026-10-14T09:00:00.000+11:00',
        endsAt: '2026-10-14T11:00:00.000+11:00',
        totalCents: 40000,
        createdAt: '2026-09-28T00:00:00.000Z',
        updatedAt: '2026-09-28T00:00:00.000Z',
      },
      {
        ...garden,
        ...alice,
        status: 'cancelled',
        startsAt: '2026-10-14T09:00:00.000+11:00',
        endsAt: '2026-10-14T11:00:00.000+11:00',
        totalCents: 40000,
        createdAt: '2026-09-28T00:00:00.000Z',
        updatedAt: '2026-10-01T00:00:00.000Z',
        cancelledAt: '2026-10-01T00:00:00.000Z',
      },
    ],
  ],
  // A hold that ran out: Fri 13 Nov, Main Hall.
  [
    9,
    [
      {
        ...main,
        ...carol,
        status: 'tentative',
        startsAt: '2026-11-13T10:00:00.000+11:00',
        endsAt: '2026-11-13T12:00:00.000+11:00',
        totalCents: 10000,
        createdAt: '2026-11-01T00:00:00.000Z',
        holdExpiresAt: '2026-11-03T00:00:00.000Z',
        updatedAt: '2026-11-01T00:00:00.000Z',
      },
      {
        ...main,
        ...carol,
        status: 'expired',
        startsAt: '2026-11-13T10:00:00.000+11:00',
        endsAt: '2026-11-13T12:00:00.000+11:00',
        totalCents: 10000,
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-03T00:00:00.000Z',
      },
    ],
  ],
  // June (standard time, +10:00): Mon 15 Jun 10:00–12:00 completed.
  [
    10,
    [
      {
        ...main,
        ...bob,
        status: 'completed',
        startsAt: '2026-06-15T10:00:00.000+10:00',
        endsAt: '2026-06-15T12:00:00.000+10:00',
        totalCents: 120000,
        createdAt: '2026-06-01T00:00:00.000Z',
      },
    ],
  ],
  // Later today: Wed 18 Nov 14:00–16:00, Main Hall.
  [
    11,
    [
      {
        ...main,
        ...alice,
        status: 'confirmed',
        startsAt: '2026-11-18T14:00:00.000+11:00',
        endsAt: '2026-11-18T16:00:00.000+11:00',
        totalCents: 20000,
        createdAt: '2026-11-15T00:00:00.000Z',
      },
    ],
  ],
  // New customers' requests for next March (the cohorts): Dan in the week of 26 Oct, again in
  // the weeks of 2 Nov and 16 Nov; Eve in the week of 26 Oct only.
  [
    12,
    [
      {
        ...main,
        ...dan,
        status: 'pending',
        startsAt: '2027-03-01T10:00:00.000+11:00',
        endsAt: '2027-03-01T12:00:00.000+11:00',
        createdAt: '2026-10-27T00:00:00.000Z',
      },
    ],
  ],
  [
    13,
    [
      {
        ...main,
        ...dan,
        status: 'pending',
        startsAt: '2027-03-02T10:00:00.000+11:00',
        endsAt: '2027-03-02T12:00:00.000+11:00',
        createdAt: '2026-11-03T00:00:00.000Z',
      },
    ],
  ],
  [
    14,
    [
      {
        ...garden,
        ...eve,
        status: 'pending',
        startsAt: '2027-03-03T10:00:00.000+11:00',
        endsAt: '2027-03-03T12:00:00.000+11:00',
        createdAt: '2026-10-29T00:00:00.000Z',
      },
    ],
  ],
  [
    15,
    [
      {
        ...main,
        ...dan,
        status: 'pending',
        startsAt: '2027-03-04T10:00:00.000+11:00',
        endsAt: '2027-03-04T12:00:00.000+11:00',
        createdAt: '2026-11-17T00:00:00.000Z',
      },
    ],
  ],
];

const inv = (
  n: number,
  bookingN: number,
  v: Omit<InvoiceSpec, 'id' | 'number' | 'bookingId'>,
): InvoiceSpec => ({
  id: IV(n),
  number: `INV-2026-${String(n).padStart(5, '0')}`,
  bookingId: K(bookingN),
  ...v,
});

const IV1 = inv(1, 1, {
  type: 'DEPOSIT',
  status: 'SENT',
  issueDate: '2026-10-21',
  dueDate: '2026-10-28',
  totalCents: 30000,
});
const IV2 = inv(2, 2, {
  type: 'FINAL',
  status: 'SENT',
  issueDate: '2026-10-22',
  dueDate: '2026-11-01',
  totalCents: 250000,
});
const IV3 = inv(3, 4, {
  type: 'DEPOSIT',
  status: 'SENT',
  issueDate: '2026-11-10',
  dueDate: '2026-11-17',
  totalCents: 20000,
});
const IV4 = inv(4, 7, {
  type: 'FINAL',
  status: 'SENT',
  issueDate: '2026-09-26',
  dueDate: '2026-10-05',
  totalCents: 60000,
});
const IV5 = inv(5, 6, {
  type: 'DEPOSIT',
  status: 'SENT',
  issueDate: '2026-11-14',
  dueDate: '2026-11-21',
  totalCents: 45000,
});
const IV6 = inv(6, 3, {
  type: 'FINAL',
  status: 'SENT',
  issueDate: '2026-10-26',
  dueDate: '2026-11-02',
  totalCents: 50000,
});
const IV7 = inv(7, 10, {
  type: 'FINAL',
  status: 'OVERDUE',
  issueDate: '2026-06-01',
  dueDate: '2026-07-01',
  totalCents: 120000,
});
const IV8 = inv(8, 9, {
  type: 'DEPOSIT',
  status: 'VOID',
  issueDate: '2026-09-22',
  dueDate: '2026-09-29',
  totalCents: 5000,
});
const IV9 = inv(9, 7, {
  type: 'DEPOSIT',
  status: 'SENT',
  issueDate: '2026-09-25',
  dueDate: '2026-10-02',
  totalCents: 20000,
});

const paid = (i: InvoiceSpec, cents: number, status: InvoiceSpec['status']): InvoiceSpec => ({
  ...i,
  status,
  paidCents: cents,
});

/** Every event, in the order the owners would publish them. */
export function scenario(): DomainEvent[] {
  return [
    settingsEvent(OWNER),
    resourceEvent(OWNER, { id: R1, name: 'Main Hall', hours: mainHours }),
    resourceEvent(OWNER, { id: R2, name: 'Garden', hours: gardenHours }),
    resourceEvent(OWNER, { id: R3, name: 'Old Room', status: 'archived' }),
    ...BOOKINGS.flatMap(([n, versions]) => history(n, versions)),
    // Each version of money's facts at the time it happened, so a replay never undoes a later one.
    ...[IV1, IV2, IV3, IV4, IV5, IV6, IV7, IV8, IV9].map((i) =>
      invoiceEvent(OWNER, i, 'invoice.issued', `${i.issueDate!}T00:00:00.000Z`),
    ),
    // Paid on 28 Oct 10:00 at the venue: on time (due 28 Oct).
    paymentEvent(
      OWNER,
      {
        id: P(1),
        amountCents: 30000,
        processedAt: '2026-10-27T23:00:00.000Z',
        invoice: paid(IV1, 30000, 'PAID'),
      },
      '2026-10-27T23:00:00.000Z',
    ),
    // 2 Nov 01:00 at the venue (still 1 Nov in UTC): late for a due date of 1 Nov.
    paymentEvent(
      OWNER,
      {
        id: P(2),
        amountCents: 250000,
        processedAt: '2026-11-01T14:00:00.000Z',
        invoice: paid(IV2, 250000, 'PAID'),
      },
      '2026-11-01T14:00:00.000Z',
    ),
    paymentEvent(
      OWNER,
      {
        id: P(4),
        amountCents: 60000,
        processedAt: '2026-10-03T00:00:00.000Z',
        invoice: paid(IV4, 60000, 'PAID'),
      },
      '2026-10-03T00:00:00.000Z',
    ),
    paymentEvent(
      OWNER,
      {
        id: P(5),
        amountCents: 15000,
        processedAt: '2026-11-15T00:00:00.000Z',
        invoice: paid(IV5, 15000, 'PARTIAL'),
      },
      '2026-11-15T00:00:00.000Z',
    ),
    paymentEvent(
      OWNER,
      {
        id: P(6),
        amountCents: 50000,
        processedAt: '2026-10-30T00:00:00.000Z',
        invoice: paid(IV6, 50000, 'PAID'),
      },
      '2026-10-30T00:00:00.000Z',
    ),
    paymentEvent(
      OWNER,
      {
        id: P(7),
        kind: 'refund',
        amountCents: 20000,
        processedAt: '2026-11-04T00:00:00.000Z',
        invoice: { ...paid(IV6, 50000, 'REFUNDED'), balanceCents: 0 },
      },
      '2026-11-04T00:00:00.000Z',
    ),
    // Due 2 Oct, paid 5 Oct: late.
    paymentEvent(
      OWNER,
      {
        id: P(9),
        amountCents: 20000,
        processedAt: '2026-10-05T00:00:00.000Z',
        invoice: paid(IV9, 20000, 'PAID'),
      },
      '2026-10-05T00:00:00.000Z',
    ),
    // Q1 sent on 12 Nov (and again on 16 Nov), accepted into booking 6; Q2 sent and declined;
    // Q3 sent in September.
    quotationEvent(OWNER, { id: Q(1) }, 'quotation.sent', '2026-11-12T00:00:00.000Z'),
    quotationEvent(OWNER, { id: Q(2) }, 'quotation.sent', '2026-11-13T00:00:00.000Z'),
    quotationEvent(OWNER, { id: Q(1) }, 'quotation.sent', '2026-11-16T00:00:00.000Z'),
    quotationEvent(OWNER, { id: Q(2) }, 'quotation.declined', '2026-11-16T00:00:00.000Z'),
    quotationEvent(OWNER, { id: Q(3) }, 'quotation.sent', '2026-09-30T00:00:00.000Z'),
  ];
}
