/**
 * The Dashboard's figures against a known set of events, worked out by hand (issue 14): every
 * KPI with its previous period, delta and sparkline, Today's Schedule with the toggles, Payments
 * Due, Holds Expiring Soon, Alerts & Tasks with Resolve/Dismiss per user, Recent Activity and
 * the resource filter. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 *
 * The clock is Wednesday 18 Nov 2026, 12:00 in Sydney (AEDT, +11:00) = 01:00 UTC.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@venue/contracts';
import { assertTenantTablesHaveRls, openHours } from '@venue/service-kit/testing';
import { dashboardClock } from './read-dashboard.ts';
import {
  OWNER,
  OWNER2,
  STAFF,
  STAFF_NONE,
  SUPER,
  auditEvent,
  blockoutEvent,
  bondEvent,
  bookingEvent,
  creditNoteEvent,
  invoiceEvent,
  paymentEvent,
  resourceEvent,
  settingsEvent,
  startInsights,
  type Harness,
  type InvoiceSpec,
} from '../testing/harness.ts';

const NOW = new Date('2026-11-18T01:00:00.000Z');
const H = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

const R1 = '1a000000-0000-4000-8000-000000000001'; // Main Hall: catalogue's default week (Wed 08–18)
const R2 = '1a000000-0000-4000-8000-000000000002'; // Garden: Wed 09–17
const R3 = '1a000000-0000-4000-8000-000000000003'; // archived
const id = (n: number) => `2b000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const inv = (n: number) => `3c000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const pay = (n: number) => `4d000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const BO1 = '5e000000-0000-4000-8000-000000000001';
const BO2 = '5e000000-0000-4000-8000-000000000002';

const gardenHours = openHours('09:00', '17:00', ['sat', 'sun']);

const main = { resourceId: R1, resourceName: 'Main Hall' };
const garden = { resourceId: R2, resourceName: 'Garden' };

const I1: InvoiceSpec = {
  id: inv(1),
  number: 'INV-2026-00001',
  type: 'DEPOSIT',
  status: 'SENT',
  bookingId: id(1),
  dueDate: '2026-11-10',
  totalCents: 50000,
};
const I2: InvoiceSpec = {
  id: inv(2),
  number: 'INV-2026-00002',
  type: 'FINAL',
  status: 'PARTIAL',
  bookingId: id(5),
  dueDate: '2026-11-18',
  totalCents: 100000,
  paidCents: 40000,
};
const I3: InvoiceSpec = {
  id: inv(3),
  number: 'INV-2026-00003',
  type: 'FINAL',
  status: 'SENT',
  bookingId: id(2),
  dueDate: '2026-11-20',
  totalCents: 30000,
};
const I4: InvoiceSpec = {
  id: inv(4),
  number: 'INV-2026-00004',
  type: 'DEPOSIT',
  status: 'PAID',
  bookingId: id(7),
  dueDate: '2026-11-08',
  totalCents: 20000,
  paidCents: 20000,
};
const I5: InvoiceSpec = {
  id: inv(5),
  number: null,
  type: 'DEPOSIT',
  status: 'DRAFT',
  dueDate: '2026-11-01',
  totalCents: 99900,
  issueDate: null,
};
const I6: InvoiceSpec = {
  id: inv(6),
  number: 'INV-2026-00006',
  type: 'FINAL',
  status: 'PAID',
  dueDate: '2026-10-01',
  totalCents: 40000,
  paidCents: 40000,
  issueDate: '2026-09-20',
};

/** Every event of the scenario, in the order the owners would publish them. */
function scenario(): DomainEvent[] {
  return [
    settingsEvent(OWNER),
    settingsEvent(OWNER2),
    resourceEvent(OWNER, { id: R1, name: 'Main Hall' }),
    resourceEvent(OWNER, { id: R2, name: 'Garden', hours: gardenHours }),
    resourceEvent(OWNER, { id: R3, name: 'Old Room', status: 'archived' }),
    // Today: 4 h confirmed in Main Hall, 1 h of a tentative hold inside the Garden's hours, a request.
    bookingEvent(OWNER, {
      id: id(1),
      code: 'BK-0001',
      ...main,
      status: 'confirmed',
      startsAt: '2026-11-18T10:00:00.000+11:00',
      endsAt: '2026-11-18T14:00:00.000+11:00',
    }),
    bookingEvent(OWNER, {
      id: id(2),
      code: 'BK-0002',
      ...garden,
      status: 'tentative',
      startsAt: '2026-11-18T16:00:00.000+11:00',
      endsAt: '2026-11-18T19:00:00.000+11:00',
      holdExpiresAt: at(10 * H),
    }),
    bookingEvent(OWNER, {
      id: id(3),
      code: 'BK-0003',
      ...main,
      status: 'pending',
      startsAt: '2026-11-18T15:00:00.000+11:00',
      endsAt: '2026-11-18T16:00:00.000+11:00',
    }),
    bookingEvent(OWNER, {
      id: id(4),
      code: 'BK-0004',
      ...main,
      status: 'cancelled',
      startsAt: '2026-11-18T07:00:00.000+11:00',
      endsAt: '2026-11-18T08:00:00.000+11:00',
      cancelledAt: '2026-11-10T00:00:00.000Z',
    }),
    // Last Wednesday: 9 of 18 opening hours.
    bookingEvent(OWNER, {
      id: id(5),
      code: 'BK-0005',
      ...main,
      status: 'completed',
      startsAt: '2026-11-11T08:00:00.000+11:00',
      endsAt: '2026-11-11T17:00:00.000+11:00',
    }),
    bookingEvent(OWNER, {
      id: id(6),
      code: 'BK-0006',
      ...garden,
      status: 'tentative',
      startsAt: '2026-11-20T10:00:00.000+11:00',
      endsAt: '2026-11-20T12:00:00.000+11:00',
      holdExpiresAt: at(1 * H),
    }),
    bookingEvent(OWNER, {
      id: id(7),
      code: 'BK-0007',
      ...main,
      status: 'confirmed',
      startsAt: '2026-11-10T10:00:00.000+11:00',
      endsAt: '2026-11-10T12:00:00.000+11:00',
    }),
    bookingEvent(OWNER, {
      id: id(8),
      code: 'BK-0008',
      ...main,
      status: 'cancelled',
      startsAt: '2026-10-20T10:00:00.000+11:00',
      endsAt: '2026-10-20T12:00:00.000+11:00',
      cancelledAt: '2026-10-10T00:00:00.000Z',
    }),
    // Saturday: confirmed, ID not verified, a bond required and not received, under a block-out.
    bookingEvent(OWNER, {
      id: id(9),
      code: 'BK-0009',
      ...main,
      status: 'confirmed',
      startsAt: '2026-11-21T10:00:00.000+11:00',
      endsAt: '2026-11-21T14:00:00.000+11:00',
      docs: { idVerified: false, insuranceVerified: true },
      bondRequired: true,
      bondCents: 50000,
    }),
    // A hold that ran out 5 h ago by being confirmed.
    bookingEvent(OWNER, {
      id: id(10),
      code: 'BK-0010',
      ...garden,
      status: 'tentative',
      startsAt: '2026-11-25T10:00:00.000+11:00',
      endsAt: '2026-11-25T12:00:00.000+11:00',
      holdExpiresAt: at(-5 * H),
      updatedAt: '2026-11-15T00:00:00.000Z',
    }),
    bookingEvent(
      OWNER,
      {
        id: id(10),
        code: 'BK-0010',
        ...garden,
        status: 'confirmed',
        startsAt: '2026-11-25T10:00:00.000+11:00',
        endsAt: '2026-11-25T12:00:00.000+11:00',
        holdExpiresAt: null,
        updatedAt: '2026-11-17T00:00:00.000Z',
      },
      'booking.status_changed',
    ),
    // A bond on record for another booking: that one is not due.
    bookingEvent(OWNER, {
      id: id(11),
      code: 'BK-0011',
      ...garden,
      status: 'confirmed',
      startsAt: '2026-11-23T10:00:00.000+11:00',
      endsAt: '2026-11-23T11:00:00.000+11:00',
      bondRequired: true,
      bondCents: 30000,
    }),
    bondEvent(OWNER, { id: pay(90), bookingId: id(11), amountCents: 30000 }),
    blockoutEvent(OWNER, {
      id: BO1,
      resourceIds: [R1],
      startsAt: '2026-11-21T09:00:00.000+11:00',
      endsAt: '2026-11-21T12:00:00.000+11:00',
      reason: 'Roof repair',
    }),
    blockoutEvent(OWNER, {
      id: BO2,
      resourceIds: [R2],
      startsAt: '2026-11-18T06:00:00.000+11:00',
      endsAt: '2026-11-18T08:00:00.000+11:00',
      reason: 'Cleaning',
    }),
    invoiceEvent(OWNER, I1),
    invoiceEvent(
      OWNER,
      { ...I2, status: 'SENT', paidCents: 0 },
      'invoice.issued',
      '2026-11-01T00:00:00.000Z',
    ),
    paymentEvent(
      OWNER,
      { id: pay(1), amountCents: 40000, processedAt: '2026-11-05T00:00:00.000Z', invoice: I2 },
      '2026-11-05T00:00:00.000Z',
    ),
    invoiceEvent(OWNER, I3),
    // A $100 credit on INV-3 with no refund and no change of status: no invoice event follows.
    creditNoteEvent(OWNER, { id: pay(80), invoiceId: inv(3), amountCents: 10000 }),
    invoiceEvent(
      OWNER,
      { ...I4, status: 'SENT', paidCents: 0 },
      'invoice.issued',
      '2026-11-01T00:00:00.000Z',
    ),
    paymentEvent(
      OWNER,
      { id: pay(2), amountCents: 20000, processedAt: '2026-11-15T00:00:00.000Z', invoice: I4 },
      '2026-11-15T00:00:00.000Z',
    ),
    paymentEvent(
      OWNER,
      { id: pay(3), kind: 'refund', amountCents: 5000, processedAt: '2026-11-16T00:00:00.000Z', invoice: I4 },
      '2026-11-16T00:00:00.000Z',
    ),
    // The refund pays back a credit note of the same amount, issued with it.
    creditNoteEvent(OWNER, {
      id: pay(81),
      invoiceId: inv(4),
      amountCents: 5000,
      createdAt: '2026-11-16T00:00:00.000Z',
    }),
    invoiceEvent(OWNER, I5),
    invoiceEvent(OWNER, I6),
    paymentEvent(
      OWNER,
      {
        id: pay(4),
        amountCents: 30000,
        processedAt: '2026-10-10T00:00:00.000Z',
        invoice: { ...I6, paidCents: 30000 },
      },
      '2026-10-10T00:00:00.000Z',
    ),
    paymentEvent(
      OWNER,
      { id: pay(5), amountCents: 10000, processedAt: '2026-10-25T00:00:00.000Z', invoice: I6 },
      '2026-10-25T00:00:00.000Z',
    ),
    auditEvent(OWNER, {
      actorId: OWNER,
      actorEmail: 'owner@demo.local',
      action: 'booking_confirmed',
      targetLabel: 'BK-0001',
      at: '2026-11-18T00:30:00.000Z',
    }),
    auditEvent(OWNER, {
      actorId: STAFF,
      actorEmail: 'staff@demo.local',
      action: 'customer_created',
      at: '2026-11-18T00:10:00.000Z',
    }),
    auditEvent(null, {
      actorId: SUPER,
      actorEmail: 'admin@demo.local',
      action: 'user_created',
      at: '2026-11-18T00:20:00.000Z',
    }),
    // Another tenant's booking today: never on OWNER's dashboard.
    resourceEvent(OWNER2, { id: '1a000000-0000-4000-8000-000000000009', name: 'Hilltop Hall' }),
    bookingEvent(OWNER2, {
      id: id(99),
      code: 'HT-0001',
      resourceId: '1a000000-0000-4000-8000-000000000009',
      resourceName: 'Hilltop Hall',
      status: 'confirmed',
      startsAt: '2026-11-18T10:00:00.000+11:00',
      endsAt: '2026-11-18T18:00:00.000+11:00',
    }),
  ];
}

const anonymisedEvent = (tenantId: string, customerId: string): DomainEvent => ({
  id: randomUUID(),
  type: 'customer.anonymised',
  source: 'bookings',
  tenantId,
  occurredAt: new Date().toISOString(),
  data: { id: customerId },
});

async function deliverAll(h: Harness, events: DomainEvent[]): Promise<void> {
  for (const e of events) {
    const outcome = await h.deliver(e);
    assert.notEqual(outcome, 'ignored', `${e.type} has a consumer`);
  }
}

const kpi = (body: { kpis: Array<{ key: string }> }, key: string) => {
  const k = body.kpis.find((x) => x.key === key);
  assert.ok(k, key);
  return k as unknown as Record<string, unknown> & { sparkline: number[]; sparklineLabels: string[] };
};

describe('insights: the Dashboard from a known set of events', () => {
  let h: Harness;
  /** The events as first delivered (their ids included). */
  const delivered = scenario();
  const realClock = dashboardClock.now;
  before(async () => {
    dashboardClock.now = () => new Date(NOW);
    h = await startInsights();
    await deliverAll(h, delivered);
  });
  after(async () => {
    dashboardClock.now = realClock;
    await h?.close();
  });

  const get = async (path: string, as = OWNER) => {
    const r = await h.call('GET', path, as);
    assert.equal(r.status, 200, `${path}: ${r.text}`);
    return r.body;
  };

  async function figures(as = OWNER) {
    return {
      stats: await get('/api/dashboard/stats', as),
      schedule: await get('/api/dashboard/schedule?status=confirmed,pending,block-out', as),
      payments: await get('/api/dashboard/payments-due', as),
      holds: await get('/api/dashboard/holds-expiring', as),
      activity: await get('/api/dashboard/activity', as),
      resources: await get('/api/dashboard/resources', as),
      alerts: await get('/api/dashboard/alerts', as),
    };
  }

  it('Occupancy Today: (4 h + 1 h) of 18 opening hours, against 9 of 18 last Wednesday', async () => {
    const s = await get('/api/dashboard/stats');
    assert.equal(s.date, '2026-11-18');
    assert.equal(s.timezone, 'Australia/Sydney');
    assert.deepEqual(
      s.kpis.map((k: { key: string; title: string }) => k.title),
      [
        'Occupancy Today',
        'Bookings (This Week)',
        'Holds Expiring',
        'Payments Due',
        'Cancellations (30d)',
        'Revenue (MTD)',
      ],
    );
    const o = kpi(s, 'occupancyToday');
    assert.equal(o.unit, 'percent');
    assert.equal(o.value, 27.8); // 5 / 18
    assert.equal(o.previous, 50); // 9 / 18
    assert.equal(o.delta, -22.2);
    assert.equal(o.deltaType, 'decrease');
    // Thu 12 … Wed 18: nothing booked but today (Tue 10 and Wed 11 fall before the series).
    assert.deepEqual(o.sparkline, [0, 0, 0, 0, 0, 0, 27.8]);
    assert.equal(o.sparklineLabels.length, 7);
    assert.match(String(o.note), /5 of 18 opening hours booked across 2 active resources/);
  });

  it('the resource filter: Main Hall alone is 4 of 10 hours', async () => {
    const s = await get(`/api/dashboard/stats?resourceId=${R1}`);
    assert.equal(kpi(s, 'occupancyToday').value, 40);
    assert.equal(kpi(s, 'occupancyToday').previous, 90);
    // This week in Main Hall: BK-0001, BK-0003, BK-0009.
    assert.equal(kpi(s, 'bookingsThisWeek').value, 3);
    // Main Hall's invoices were paid 40,000 (INV-2) + 20,000 − 5,000 (INV-4) this month; October's
    // payments were for INV-6, which has no booking.
    assert.equal(kpi(s, 'revenueMtd').value, 55000);
    assert.equal(kpi(s, 'revenueMtd').previous, 0);
    // INV-3 (due on the 20th) is the Garden's; BK-0009's bond is Main Hall's.
    const due = await get(`/api/dashboard/payments-due?resourceId=${R1}`);
    assert.deepEqual(
      due.payments.map((p: { invoice: string }) => p.invoice),
      ['INV-2026-00001', 'INV-2026-00002', 'BK-0009'],
    );
  });

  it('Bookings (This Week): 5 live bookings 16–22 Nov against 2 the week before, eight weeks of sparkline', async () => {
    const k = kpi(await get('/api/dashboard/stats'), 'bookingsThisWeek');
    assert.equal(k.value, 5); // BK-0001, 0002, 0003, 0006, 0009 (0004 is cancelled)
    assert.equal(k.previous, 2); // BK-0005, BK-0007
    assert.equal(k.delta, 3);
    assert.equal(k.deltaType, 'increase');
    // Week of 19 Oct holds the cancelled BK-0008 only, which does not count.
    assert.deepEqual(k.sparkline, [0, 0, 0, 0, 0, 0, 2, 5]);
  });

  it('Holds Expiring: two tentative holds under 48 h, against one that came due in the last 48 h', async () => {
    const k = kpi(await get('/api/dashboard/stats'), 'holdsExpiring');
    assert.equal(k.value, 2);
    assert.equal(k.previous, 1);
    assert.equal(k.deltaType, 'increase');
    assert.equal(k.sparkline.at(-1), 2);
    // BK-0010's hold came due at 07:00 Sydney today.
    assert.equal(k.sparkline.at(-2), 1);
  });

  it('Payments Due: $1,100 owed by today (INV-1 overdue, INV-2 due today), $700 a week earlier', async () => {
    const k = kpi(await get('/api/dashboard/stats'), 'paymentsDue');
    assert.equal(k.unit, 'cents');
    assert.equal(k.value, 110000); // 50,000 + 60,000
    // 11 Nov: INV-1 (due 10th) 50,000 + INV-4 (due 8th, paid on the 15th) 20,000; INV-2 not yet due.
    assert.equal(k.previous, 70000);
    assert.equal(k.delta, 40000);
    // 12–14 Nov as the 11th; from the 15th INV-4 is paid (its refund on the 16th follows a credit).
    assert.deepEqual(k.sparkline, [70000, 70000, 70000, 50000, 50000, 50000, 110000]);
    assert.match(String(k.note), /2 invoices due or overdue/);
  });

  it('Cancellations (30d): one in the 30 days to today, one in the 30 days before', async () => {
    const k = kpi(await get('/api/dashboard/stats'), 'cancellations30d');
    assert.equal(k.value, 1);
    assert.equal(k.previous, 1);
    assert.equal(k.delta, 0);
    assert.equal(k.deltaType, 'neutral');
    assert.equal(k.sparkline.length, 6);
    assert.equal(
      k.sparkline.reduce((a, b) => a + b, 0),
      1,
    );
  });

  it('Revenue (MTD): payments 1–18 Nov less the refund, against 1–18 Oct, six months of sparkline', async () => {
    const k = kpi(await get('/api/dashboard/stats'), 'revenueMtd');
    assert.equal(k.value, 55000); // 40,000 + 20,000 − 5,000
    assert.equal(k.previous, 30000); // 10 Oct; the 25 Oct payment is after the 18th
    assert.equal(k.delta, 25000);
    assert.deepEqual(k.sparkline, [0, 0, 0, 0, 40000, 55000]);
    assert.equal(k.sparklineLabels.at(-1), 'Nov 2026 to date');
  });

  it('Revenue (MTD) looked at on 31 Dec: against the whole of November; on 30 Nov: against 1–30 Oct', async () => {
    const dec = kpi(await get('/api/dashboard/stats?date=2026-12-31'), 'revenueMtd');
    assert.equal(dec.value, 0);
    assert.equal(dec.previous, 55000);
    assert.deepEqual(dec.sparkline, [0, 0, 0, 40000, 55000, 0]);
    const nov = kpi(await get('/api/dashboard/stats?date=2026-11-30'), 'revenueMtd');
    assert.equal(nov.value, 55000);
    assert.equal(nov.previous, 40000); // 10 and 25 Oct
    assert.deepEqual(nov.sparkline, [0, 0, 0, 0, 40000, 55000]);
  });

  it("Today's Schedule: confirmed by default; the toggles add holds, requests and block-outs, by time", async () => {
    const def = await get('/api/dashboard/schedule');
    assert.deepEqual(
      def.schedule.map((i: { bookingCode: string; status: string; time: string }) => [
        i.time,
        i.bookingCode,
        i.status,
      ]),
      [['10:00', 'BK-0001', 'confirmed']],
    );
    const all = await get('/api/dashboard/schedule?status=confirmed,pending,block-out');
    assert.deepEqual(
      all.schedule.map(
        (i: { time: string; endTime: string; title: string; status: string; resource: string }) => [
          i.time,
          i.endTime,
          i.status,
          i.resource,
        ],
      ),
      [
        ['06:00', '08:00', 'block-out', 'Garden'],
        ['10:00', '14:00', 'confirmed', 'Main Hall'],
        ['15:00', '16:00', 'tentative', 'Main Hall'],
        ['16:00', '19:00', 'tentative', 'Garden'],
      ],
    );
    assert.equal(all.schedule[0].title, 'Block-out: Cleaning');
    assert.equal(all.schedule[1].title, 'Wedding - Jane Smith');
    const other = await get('/api/dashboard/schedule?date=2026-11-21&status=block-out');
    assert.deepEqual(
      other.schedule.map((i: { blockoutId: string }) => i.blockoutId),
      [BO1],
    );
    const garden = await get(`/api/dashboard/schedule?status=confirmed,pending&resourceId=${R2}`);
    assert.deepEqual(
      garden.schedule.map((i: { bookingCode: string }) => i.bookingCode),
      ['BK-0002'],
    );
  });

  it('Payments Due: overdue first, then by due date; drafts, paid invoices and received bonds left out', async () => {
    const p = await get('/api/dashboard/payments-due');
    // Money's payment links (decision 43): the screen offers Send payment link.
    assert.equal(p.paymentLinks, true);
    assert.deepEqual(
      p.payments.map(
        (x: { invoice: string; type: string; status: string; amountCents: number; dueDate: string }) => [
          x.invoice,
          x.type,
          x.status,
          x.amountCents,
          x.dueDate,
        ],
      ),
      [
        ['INV-2026-00001', 'DEPOSIT', 'Overdue', 50000, '2026-11-10'],
        ['INV-2026-00002', 'FINAL', 'Due Today', 60000, '2026-11-18'],
        ['INV-2026-00003', 'FINAL', 'Due Soon', 20000, '2026-11-20'], // 30,000 less the credit
        ['BK-0009', 'BOND', 'Due Soon', 50000, '2026-11-21'],
      ],
    );
    assert.equal(p.payments[0].daysOverdue, 8);
    assert.equal(p.payments[0].amountAud, 500);
    assert.equal(p.payments[0].invoiceId, inv(1));
    assert.equal(p.payments[3].invoiceId, null);
  });

  it('Payments Due pages by keyset: the pages of two give the whole list in order; a bad cursor or limit is a 400', async () => {
    const whole = (await get('/api/dashboard/payments-due')).payments;
    const seen: unknown[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { payments: unknown[]; nextCursor: string | null } = await get(
        `/api/dashboard/payments-due?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      assert.ok(page.payments.length <= 2);
      seen.push(...page.payments);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    assert.equal(pages, 2);
    assert.deepEqual(seen, whole);
    for (const bad of ['limit=0', 'limit=101', 'cursor=forged']) {
      const r = await h.call('GET', `/api/dashboard/payments-due?${bad}`, OWNER);
      assert.equal(r.status, 400, bad);
      assert.match(r.text, new RegExp(bad.split('=')[0]!));
    }
  });

  it('Holds Expiring Soon: soonest first, destructive under 2 h, warning under 12 h', async () => {
    const { holds } = await get('/api/dashboard/holds-expiring');
    assert.deepEqual(
      holds.map((x: { booking: string; expiresIn: string; badge: string; minutesLeft: number }) => [
        x.booking,
        x.expiresIn,
        x.badge,
        x.minutesLeft,
      ]),
      [
        ['BK-0006', '1h', 'destructive', 60],
        ['BK-0002', '10h', 'warning', 600],
      ],
    );
    assert.equal(holds[1].resource, 'Garden');
    assert.equal(holds[1].start, '2026-11-18T16:00:00.000+11:00');
  });

  it('Recent Activity: newest first, the tenant only; staff see their own entries', async () => {
    const a = await get('/api/dashboard/activity');
    assert.deepEqual(
      a.activities.map((x: { actor: string; text: string }) => [x.actor, x.text]),
      [
        ['owner@demo.local', 'Booking confirmed: BK-0001'],
        ['staff@demo.local', 'Customer created: b-1'],
      ],
    );
    const s = await get('/api/dashboard/activity', STAFF);
    assert.deepEqual(
      s.activities.map((x: { actor: string }) => x.actor),
      ['staff@demo.local'],
    );
  });

  it('resources: the active ones by name', async () => {
    const r = await get('/api/dashboard/resources');
    assert.deepEqual(r.resources, [
      { id: R2, name: 'Garden' },
      { id: R1, name: 'Main Hall' },
    ]);
  });

  it('Alerts & Tasks from real conditions; Resolve and Dismiss are per user', async () => {
    const a = await get('/api/dashboard/alerts');
    assert.deepEqual(
      a.alerts.map((x: { key: string; type: string }) => [x.type, x.key]),
      [
        ['conflict', `conflict:${BO1}:${id(9)}`],
        ['doc', `doc:${id(9)}`],
        ['payment', `payment:${inv(1)}:2026-11-10`],
      ],
    );
    assert.match(a.alerts[0].text, /Block-out \(Roof repair\) over booking BK-0009/);
    assert.match(a.alerts[1].text, /ID not verified/);
    assert.match(a.alerts[2].text, /8 days overdue: \$500\.00/);

    const dismissed = await h.call(
      'POST',
      `/api/dashboard/alerts/payment:${inv(1)}:2026-11-10/dismiss`,
      OWNER,
    );
    assert.equal(dismissed.status, 200, dismissed.text);
    assert.equal(dismissed.body.action, 'dismissed');
    const resolved = await h.call('POST', `/api/dashboard/alerts/doc:${id(9)}/resolve`, OWNER);
    assert.equal(resolved.status, 200, resolved.text);
    const after = await get('/api/dashboard/alerts');
    assert.deepEqual(
      after.alerts.map((x: { type: string }) => x.type),
      ['conflict'],
    );
    // The staff member's list is their own.
    assert.equal((await get('/api/dashboard/alerts', STAFF)).alerts.length, 3);
    const junk = await h.call('POST', '/api/dashboard/alerts/nonsense/dismiss', OWNER);
    assert.equal(junk.status, 400);
    assert.equal(junk.body.errors[0].path, 'key');
  });

  it('guards: page permission, own tenant only, super admin names a hall', async () => {
    assert.equal((await h.call('GET', '/api/dashboard/stats')).status, 401);
    assert.equal((await h.call('GET', '/api/dashboard/stats', STAFF_NONE)).status, 403);
    assert.equal((await h.call('GET', `/api/dashboard/stats?hallOwnerId=${OWNER2}`, OWNER)).status, 403);
    const sup = await get(`/api/dashboard/schedule?hallOwnerId=${OWNER}`, SUPER);
    assert.equal(sup.schedule.length, 1);
    // The other tenant sees its own day only.
    const other = await get('/api/dashboard/schedule', OWNER2);
    assert.deepEqual(
      other.schedule.map((i: { bookingCode: string }) => i.bookingCode),
      ['HT-0001'],
    );
    assert.equal(kpi(await get('/api/dashboard/stats', OWNER2), 'revenueMtd').value, 0);
    const bad = await h.call('GET', '/api/dashboard/schedule?status=confirmed,maybe', OWNER);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].path, 'status');
  });

  it('every read-model table is a tenant table behind forced row-level security', async () => {
    await assertTenantTablesHaveRls(h.t.kit);
  });

  it('customer.anonymised takes the name off the copies of their bookings and invoices', async () => {
    await h.deliver(anonymisedEvent(OWNER2, 'CUST-0001'));
    // Another tenant's customer of the same id: OWNER's copies keep the name.
    assert.equal((await get('/api/dashboard/holds-expiring')).holds[0].customer, 'Jane Smith');
    const other = bookingEvent(OWNER2, {
      id: id(98),
      code: 'HT-0002',
      resourceId: '1a000000-0000-4000-8000-000000000009',
      resourceName: 'Hilltop Hall',
      status: 'tentative',
      startsAt: '2026-11-19T10:00:00.000+11:00',
      endsAt: '2026-11-19T12:00:00.000+11:00',
      holdExpiresAt: at(3 * H),
      customerId: 'CUST-0042',
      customerName: 'Rita Private',
    });
    await h.deliver(other);
    assert.equal((await get('/api/dashboard/holds-expiring', OWNER2)).holds[0].customer, 'Rita Private');
    await h.deliver(anonymisedEvent(OWNER2, 'CUST-0042'));
    assert.equal(
      (await get('/api/dashboard/holds-expiring', OWNER2)).holds[0].customer,
      'Anonymised customer',
    );
  });

  it('a tenant whose settings have not arrived gets 503, never figures on a guessed clock', async () => {
    const r = await h.call('GET', '/api/dashboard/stats', SUPER);
    assert.equal(r.status, 503);
    assert.equal(r.body.reason, 'settings-not-received');
  });

  it('every event delivered a second time past the inbox, and a late older version, change nothing', async () => {
    const before = await figures();
    const events = delivered;
    // The same events once more (kept ids): the inbox drops repeats, so empty it first and
    // let the consumers' own guards (upserts by natural key with a version) do the work.
    await deliverAll(h, events);
    await h.t.kit.db.systemTx((tx) => tx.query('DELETE FROM inbox'));
    await deliverAll(h, events);
    // Resources, block-outs, bookings, invoices and bonds are upserts by their own id, so the
    // same facts under new event ids change nothing either (audit entries are keyed by event).
    await deliverAll(
      h,
      events.filter((e) => e.type !== 'audit.recorded').map((e) => ({ ...e, id: randomUUID() })),
    );
    // An older version of BK-0001 arriving late does not undo the newer one.
    await h.deliver(
      bookingEvent(OWNER, {
        id: id(1),
        code: 'BK-0001',
        ...main,
        status: 'pending',
        startsAt: '2026-11-18T10:00:00.000+11:00',
        endsAt: '2026-11-18T14:00:00.000+11:00',
        updatedAt: '2026-10-01T00:00:00.000Z',
      }),
    );
    const again = await figures();
    assert.deepEqual(
      { ...again, stats: { ...again.stats, generatedAt: null } },
      { ...before, stats: { ...before.stats, generatedAt: null } },
    );
  });
});
