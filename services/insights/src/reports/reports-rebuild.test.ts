/**
 * Rebuilding the read model (decision 39) gives Reports the same figures: the tenant's copies of
 * resources and bookings are emptied and replayed from the owners' exports (here the scenario's
 * facts in the exports' own row shapes), keeping what only the events told (the furthest stage a
 * booking reached), and money's copies as money's events left them. Twice, the same again.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REPORTS_PATHS } from '@venue/contracts/insights';
import type { ConsumerMap } from '@venue/service-kit';
import { insightsService } from '../app.ts';
import type { MoneyData } from '../rebuild/money.ts';
import { rebuildTenant, type OwnerData } from '../rebuild/rebuild.ts';
import { OWNER, bookingEvent, startInsights, type Harness } from '../testing/harness.ts';
import { reportsClock } from './load.ts';
import { BOOKINGS, K, NOW, R1, R2, gardenHours, mainHours, scenario } from '../testing/reports-scenario.ts';

// Events' payloads as the test reads them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = any;

/** What money exports for the scenario now: each invoice's last figures, the payments, the quotes. */
function moneyData(): MoneyData {
  const invoices = new Map<string, Data>();
  const payments: Data[] = [];
  const quotes = new Map<string, Data>();
  for (const e of scenario()) {
    const d = e.data as Data;
    if (e.type.startsWith('invoice.')) invoices.set(d.id, d);
    if (e.type === 'payment.recorded') {
      invoices.set(d.invoice.id, d.invoice);
      payments.push({
        id: d.paymentId,
        invoiceId: d.invoice.id,
        kind: d.kind,
        paymentMethod: d.paymentMethod,
        amountCents: d.amountCents,
        receiptNumber: d.receiptNumber,
        processedAt: d.processedAt,
      });
    }
    if (e.type.startsWith('quotation.')) {
      const q = quotes.get(d.quotationId);
      quotes.set(d.quotationId, {
        ...d,
        id: d.quotationId,
        status: d.status,
        sentAt: q?.sentAt ?? (e.type === 'quotation.sent' ? e.occurredAt : null),
        updatedAt: e.occurredAt,
      });
    }
  }
  return {
    invoices: [...invoices.values()].map((i) => ({ ...i, creditedCents: 0 })),
    payments,
    creditNotes: [],
    bonds: [],
    quotations: [...quotes.values()],
  };
}

type Versions = (typeof BOOKINGS)[number];

/**
 * A hold that was cancelled (made on 10 Nov, in every period asked): bookings' row keeps no sign
 * of the hold (a cancellation clears hold_expires_at), only admin's audit log does.
 */
const HELD_THEN_CANCELLED: Versions = [
  90,
  [
    {
      resourceId: R1,
      resourceName: 'Main Hall',
      customerId: 'CUST-FRED',
      customerName: 'Fred',
      customerEmail: 'fred@example.com',
      status: 'tentative',
      startsAt: '2026-12-05T10:00:00.000+11:00',
      endsAt: '2026-12-05T12:00:00.000+11:00',
      createdAt: '2026-11-10T00:00:00.000Z',
      holdExpiresAt: '2026-11-12T00:00:00.000Z',
      updatedAt: '2026-11-10T00:00:00.000Z',
    },
    {
      resourceId: R1,
      resourceName: 'Main Hall',
      customerId: 'CUST-FRED',
      customerName: 'Fred',
      customerEmail: 'fred@example.com',
      status: 'cancelled',
      startsAt: '2026-12-05T10:00:00.000+11:00',
      endsAt: '2026-12-05T12:00:00.000+11:00',
      createdAt: '2026-11-10T00:00:00.000Z',
      cancelledAt: '2026-11-11T00:00:00.000Z',
      updatedAt: '2026-11-11T00:00:00.000Z',
    },
  ],
];

const code = (n: number) => `BK-${String(n).padStart(4, '0')}`;

/**
 * What bookings' export says of the stage (its SQL in services/bookings internal-routes.ts):
 * completed 3; confirmed, or a confirmation's payment_details kept, 2; a hold on record 1.
 */
function exportedStage(versions: Versions[1]): number {
  const last = versions.at(-1)!;
  if (last.status === 'completed') return 3;
  if (versions.some((v) => v.status === 'confirmed')) return 2;
  if (last.status === 'tentative' || last.status === 'expired' || last.holdExpiresAt) return 1;
  return 0;
}

/** Admin's audit entries for each status move bookings made (`changes.status` old → new). */
function auditLog(bookings: Versions[]): OwnerData['admin']['auditLog'] {
  return bookings.flatMap(([n, versions]) =>
    versions.slice(1).flatMap((v, i) =>
      v.status === versions[i]!.status
        ? []
        : [
            {
              id: `5e000000-0000-4000-8${String(n).padStart(3, '0')}-${String(i).padStart(12, '0')}`,
              timestamp: v.updatedAt ?? '2026-11-01T00:00:00.000Z',
              action: `booking_${v.status}`,
              targetType: 'booking',
              target: code(n),
              targetLabel: null,
              changes: { status: { old: versions[i]!.status, new: v.status } },
            },
          ],
    ),
  );
}

/** What catalogue and bookings export for the scenario now (each booking's last version). */
function ownerData(bookings: Versions[] = BOOKINGS, withAudit = false): OwnerData {
  const resource = (id: string, name: string, status: 'active' | 'archived', hours: unknown) => ({
    id,
    name,
    capacity: 100,
    status,
    setupBufferMinutes: 30,
    packdownBufferMinutes: 30,
    applyBuffers: true,
    hours,
  });
  return {
    settings: null,
    catalogue: {
      resources: [
        resource(R1, 'Main Hall', 'active', mainHours),
        resource(R2, 'Garden', 'active', gardenHours),
        resource('1a000000-0000-4000-8000-000000000003', 'Old Room', 'archived', null),
      ],
      blockouts: [],
    } as OwnerData['catalogue'],
    bookings: {
      bookings: bookings.map(([n, versions]) => {
        const b = versions.at(-1)!;
        return {
          tenant_id: OWNER,
          id: K(n),
          booking_code: code(n),
          furthest_stage: exportedStage(versions),
          customer_id: b.customerId,
          customer_name: b.customerName,
          customer_email: b.customerEmail,
          customer_tier: b.customerTier ?? 'standard',
          event_type: 'Wedding',
          resource_id: b.resourceId,
          resource_name: b.resourceName,
          status: b.status,
          calculated_price_cents: b.totalCents ?? 100000,
          total_cents: b.totalCents ?? 100000,
          booking_source: b.bookingSource ?? 'admin',
          quotation_id: b.quotationId ?? null,
          docs: { idVerified: true, insuranceVerified: true },
          hold_expires_at: b.holdExpiresAt ?? null,
          setup_buffer_minutes: 30,
          packdown_buffer_minutes: 30,
          starts_at: new Date(b.startsAt).toISOString(),
          ends_at: new Date(b.endsAt).toISOString(),
          cancelled_at: b.cancelledAt ?? null,
          cancellation_reason: b.cancellationReason ?? null,
          created_at: b.createdAt ?? '2026-10-01T00:00:00.000Z',
          updated_at: b.updatedAt ?? '2026-11-01T00:00:00.000Z',
        };
      }),
    },
    admin: { auditLog: withAudit ? auditLog(bookings) : [] },
    money: moneyData(),
  };
}

describe('insights: Reports after a rebuild of the read model (money included)', () => {
  let h: Harness;
  const realClock = reportsClock.now;

  before(async () => {
    reportsClock.now = () => new Date(NOW);
    h = await startInsights();
    for (const e of scenario()) await h.deliver(e);
  });
  after(async () => {
    reportsClock.now = realClock;
    await h?.close();
  });

  async function all(query: string) {
    const out: Record<string, unknown> = {};
    for (const [call, path] of Object.entries(REPORTS_PATHS)) {
      const r = await h.call('GET', `${path}?${query}`, OWNER);
      assert.equal(r.status, 200, `${path}: ${r.text}`);
      out[call] = r.body;
    }
    return out;
  }

  it('gives the same figures, twice', async () => {
    const queries = ['period=30d', 'period=90d&segments=nfp', 'period=1y&segments=vip'];
    const before = await Promise.all(queries.map(all));
    for (let i = 0; i < 2; i++) {
      const result = await rebuildTenant(
        h.t.kit,
        insightsService.consumers as ConsumerMap,
        OWNER,
        ownerData(),
      );
      assert.equal(result.bookings, BOOKINGS.length);
      // money's copies were emptied and replayed from its export
      assert.deepEqual(result.money, { invoices: 9, payments: 7, creditNotes: 0, bonds: 0, quotations: 3 });
      assert.deepEqual(result.notRebuilt, [
        'failed e-mails (comms has no export: they follow its events only)',
      ]);
      for (const [k, q] of queries.entries())
        assert.deepEqual(await all(q), before[k], `${q}, rebuild ${i + 1}`);
    }
  });
});

describe('insights: Reports after a rebuild from an empty copy (the funnel from the owners)', () => {
  let h: Harness;
  const realClock = reportsClock.now;
  const bookings = [...BOOKINGS, HELD_THEN_CANCELLED];

  before(async () => {
    reportsClock.now = () => new Date(NOW);
    h = await startInsights();
    for (const e of scenario()) await h.deliver(e);
    for (const [i, v] of HELD_THEN_CANCELLED[1].entries())
      await h.deliver(
        bookingEvent(
          OWNER,
          { id: K(90), code: code(90), ...v },
          i === 0 ? 'booking.created' : 'booking.status_changed',
        ),
      );
  });
  after(async () => {
    reportsClock.now = realClock;
    await h?.close();
  });

  async function all(query: string) {
    const out: Record<string, unknown> = {};
    for (const [call, path] of Object.entries(REPORTS_PATHS)) {
      const r = await h.call('GET', `${path}?${query}`, OWNER);
      assert.equal(r.status, 200, `${path}: ${r.text}`);
      out[call] = r.body;
    }
    return out;
  }
  const held = (figures: Record<string, unknown>) =>
    (figures.funnel as { funnelData: Array<{ stage: string; count: number }> }).funnelData[1]!.count;
  /** Empties the tenant's booking copies, as on a data folder that never saw the events. */
  const emptyCopy = () =>
    h.t.kit.db.systemTx((tx) => tx.query('DELETE FROM bookings WHERE tenant_id = $1', [OWNER]));

  it('gives every figure the events gave, the held-then-cancelled booking counted as held', async () => {
    const queries = ['period=30d', 'period=90d&segments=nfp', 'period=1y&segments=vip'];
    const before = await Promise.all(queries.map(all));
    // Without the audit log's history the hold would be lost: the figure this test guards.
    await emptyCopy();
    await rebuildTenant(h.t.kit, insightsService.consumers as ConsumerMap, OWNER, ownerData(bookings, false));
    assert.equal(held(await all(queries[0]!)), held(before[0]!) - 1);
    for (let i = 0; i < 2; i++) {
      await emptyCopy();
      await rebuildTenant(
        h.t.kit,
        insightsService.consumers as ConsumerMap,
        OWNER,
        ownerData(bookings, true),
      );
      for (const [k, q] of queries.entries())
        assert.deepEqual(await all(q), before[k], `${q}, rebuild from empty ${i + 1}`);
    }
  });
});
