/**
 * Contract test: real answers of every insights call, checked against the route table in
 * contracts (the zod schema accepts each answer, and each field it carries is documented), so
 * the published OpenAPI document is what the service sends; every list is non-empty here so
 * its items are checked too. Ends by naming any call of the table no answer was checked for.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contractRecorder, routesMissingFromTable } from '@venue/contracts/api';
import { INSIGHTS_ROUTES } from '@venue/contracts/insights';
import {
  OWNER,
  auditEvent,
  blockoutEvent,
  bookingEvent,
  invoiceEvent,
  paymentEvent,
  quotationEvent,
  resourceEvent,
  settingsEvent,
  startInsights,
  stopClocks,
  type Harness,
} from './testing/harness.ts';

const NOW = new Date('2026-11-18T01:00:00.000Z'); // Wed 18 Nov 2026, 12:00 in Sydney
const R1 = '1a000000-0000-4000-8000-000000000001';
const B1 = '2b000000-0000-4000-8000-000000000001';
const B2 = '2b000000-0000-4000-8000-000000000002';
const I1 = '3c000000-0000-4000-8000-000000000001';
const room = { resourceId: R1, resourceName: 'Main Hall' };

describe('insights answers match the API contract', () => {
  let h: Harness;
  const contract = contractRecorder(INSIGHTS_ROUTES);
  let startClocks: () => void;

  before(async () => {
    startClocks = stopClocks(NOW);
    h = await startInsights();
    const invoice = {
      id: I1,
      number: 'INV-1',
      type: 'DEPOSIT',
      status: 'SENT',
      bookingId: B1,
      dueDate: '2026-11-10',
      totalCents: 50000,
    } as const;
    for (const e of [
      settingsEvent(OWNER),
      resourceEvent(OWNER, { id: R1, name: 'Main Hall' }),
      bookingEvent(OWNER, {
        id: B1,
        code: 'BK-1',
        ...room,
        status: 'confirmed',
        startsAt: '2026-11-18T13:00:00.000+11:00',
        endsAt: '2026-11-18T15:00:00.000+11:00',
        docs: { idVerified: false, insuranceVerified: true },
      }),
      bookingEvent(OWNER, {
        id: B2,
        code: 'BK-2',
        ...room,
        status: 'tentative',
        startsAt: '2026-11-19T10:00:00.000+11:00',
        endsAt: '2026-11-19T12:00:00.000+11:00',
        holdExpiresAt: '2026-11-18T11:00:00.000Z',
      }),
      // Reports' cancellation reasons and quotes
      bookingEvent(OWNER, {
        id: '2b000000-0000-4000-8000-000000000003',
        code: 'BK-3',
        ...room,
        status: 'cancelled',
        startsAt: '2026-11-12T10:00:00.000+11:00',
        endsAt: '2026-11-12T12:00:00.000+11:00',
        cancelledAt: '2026-11-10T00:00:00.000Z',
        cancellationReason: 'customer_request',
      }),
      quotationEvent(
        OWNER,
        { id: '6a000000-0000-4000-8000-000000000001' },
        'quotation.sent',
        '2026-11-12T00:00:00.000Z',
      ),
      blockoutEvent(OWNER, {
        id: '5e000000-0000-4000-8000-000000000001',
        resourceIds: [R1],
        startsAt: '2026-11-18T14:00:00.000+11:00',
        endsAt: '2026-11-18T16:00:00.000+11:00',
        reason: 'Maintenance',
      }),
      invoiceEvent(OWNER, invoice),
      paymentEvent(OWNER, {
        id: '4d000000-0000-4000-8000-000000000001',
        amountCents: 10000,
        processedAt: '2026-11-12T00:00:00.000Z',
        invoice: { ...invoice, status: 'SENT', paidCents: 10000 },
      }),
      auditEvent(OWNER, {
        actorId: OWNER,
        actorEmail: 'owner@demo.local',
        action: 'booking_confirmed',
        targetLabel: 'BK-1',
        at: '2026-11-18T00:30:00.000Z',
      }),
    ])
      await h.deliver(e);
  });
  after(async () => {
    startClocks?.();
    await h?.close();
  });

  async function ok(method: string, path: string, status: number, body?: unknown) {
    const r = await h.call(method, path, OWNER, body);
    assert.equal(r.status, status, `${method} ${path}: ${r.text.slice(0, 300)}`);
    const problems = contract.check(method, path, status, typeof r.body === 'object' ? r.body : undefined);
    assert.deepEqual(problems, [], problems.join('\n'));
    return r.body;
  }

  it('the dashboard reads, every list with something in it', async () => {
    assert.equal((await ok('GET', '/api/dashboard/stats', 200)).kpis.length, 6);
    assert.ok(
      (await ok('GET', '/api/dashboard/schedule?status=confirmed,pending,block-out', 200)).schedule.length >
        1,
    );
    assert.ok((await ok('GET', '/api/dashboard/payments-due', 200)).payments.length > 0);
    assert.ok((await ok('GET', '/api/dashboard/holds-expiring', 200)).holds.length > 0);
    assert.ok((await ok('GET', '/api/dashboard/activity', 200)).activities.length > 0);
    assert.ok((await ok('GET', '/api/dashboard/resources', 200)).resources.length > 0);
    const { alerts } = await ok('GET', '/api/dashboard/alerts', 200);
    assert.deepEqual(
      alerts.map((a: { type: string }) => a.type),
      ['conflict', 'doc', 'payment'],
    );
    await ok('POST', `/api/dashboard/alerts/${alerts[0].key}/resolve`, 200);
    await ok('POST', `/api/dashboard/alerts/${alerts[1].key}/dismiss`, 200);
  });

  it('the reports calls, every list with something in it', async () => {
    const kpis = await ok('GET', '/api/reports/executive-kpis?period=90d', 200);
    assert.equal(Object.keys(kpis.kpis).length, 6);
    assert.ok((await ok('GET', '/api/reports/historical-data?months=6', 200)).historicalData.length === 6);
    assert.ok((await ok('GET', '/api/reports/pipeline-data?months=6', 200)).pipelineData.length === 6);
    assert.ok((await ok('GET', '/api/reports/funnel-data?period=90d', 200)).funnelData.length === 4);
    assert.ok((await ok('GET', '/api/reports/payment-analysis', 200)).paymentData.aging.length === 5);
    assert.ok((await ok('GET', '/api/reports/resource-utilisation', 200)).utilisationData.length > 0);
    assert.ok((await ok('GET', '/api/reports/cancellation-reasons?period=90d', 200)).reasons.length > 0);
    assert.ok(
      (await ok('GET', '/api/reports/forecast?periods=6', 200)).forecastData.scenarios.base.length === 6,
    );
    assert.ok((await ok('GET', '/api/reports/summary?period=90d', 200)).summary.cohorts.length > 0);
  });

  it('the exports and Schedule Email', async () => {
    await ok('GET', '/api/reports/export/pdf?period=90d', 200);
    await ok('GET', '/api/reports/export/zip?period=90d&segments=all', 200);
    const made = await ok('POST', '/api/reports/schedules', 201, {
      frequency: 'weekly',
      recipients: 'owner@example.com',
    });
    assert.ok((await ok('GET', '/api/reports/schedules', 200)).schedules.length > 0);
    await ok('PATCH', `/api/reports/schedules/${made.schedule.id}`, 200, { frequency: 'monthly' });
    await ok('DELETE', `/api/reports/schedules/${made.schedule.id}`, 200);
  });

  it('every call of the table had an answer checked', () => {
    assert.deepEqual(contract.unchecked(), []);
  });

  it('every /api route the service serves is in the table', () => {
    assert.deepEqual(routesMissingFromTable(INSIGHTS_ROUTES, h.t.service.router.stack), []);
  });
});
