/**
 * Rebuilding from scratch (decision 39): a fresh insights that never saw an event, rebuilt from
 * the owners' export routes (stand-ins answering as catalogue, bookings and admin do), gives
 * the same Dashboard as one fed by the events; a second rebuild changes nothing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { pointPeersAt } from '@venue/service-kit/testing';
import { dashboardClock } from '../dashboard/read-dashboard.ts';
import {
  OWNER,
  auditEvent,
  blockoutEvent,
  bookingEvent,
  resourceEvent,
  settingsEvent,
  startInsights,
  type Harness,
} from '../testing/harness.ts';

const NOW = new Date('2026-11-18T01:00:00.000Z');
const R1 = '1a000000-0000-4000-8000-000000000001';
const B1 = '2b000000-0000-4000-8000-000000000001';
const B2 = '2b000000-0000-4000-8000-000000000002';
const BO = '5e000000-0000-4000-8000-000000000001';
const AUDIT = '6f000000-0000-4000-8000-000000000001';

const booking = (
  id: string,
  code: string,
  status: 'confirmed' | 'tentative',
  start: string,
  end: string,
  hold: string | null,
) => ({
  id,
  code,
  status,
  start,
  end,
  hold,
});
const BOOKINGS = [
  booking(B1, 'BK-0001', 'confirmed', '2026-11-18T10:00:00.000+11:00', '2026-11-18T14:00:00.000+11:00', null),
  booking(
    B2,
    'BK-0002',
    'tentative',
    '2026-11-18T15:00:00.000+11:00',
    '2026-11-18T17:00:00.000+11:00',
    '2026-11-18T11:00:00.000Z',
  ),
];

/** What the owners' export routes answer for that data (their own shapes). */
function ownerAnswer(owner: string, path: string): unknown {
  if (path === `/internal/tenant-settings/${OWNER}`)
    return {
      tenantId: OWNER,
      general: {
        timezone: 'Australia/Sydney',
        dateFormat: 'DD/MM/YYYY',
        timeFormat: '12h',
        currency: 'AUD',
        taxRate: 10,
      },
      availability: { holdExpiryHours: 48 },
    };
  if (path === `/internal/tenant-export/${OWNER}` && owner === 'catalogue')
    return {
      resources: [
        {
          id: R1,
          code: 'MAIN',
          name: 'Main Hall',
          type: 'hall',
          capacity: 100,
          status: 'active',
          setupBufferMinutes: 30,
          packdownBufferMinutes: 30,
          applyBuffers: true,
        },
      ],
      pricing: [],
      addons: [],
      holidays: [],
      blockouts: [
        {
          id: BO,
          resourceIds: [R1],
          startsAt: '2026-11-18T06:00:00.000+11:00',
          endsAt: '2026-11-18T08:00:00.000+11:00',
          reason: 'Cleaning',
          dateFrom: '2026-11-18',
        },
      ],
    };
  if (path === `/internal/tenant-export/${OWNER}` && owner === 'bookings')
    return {
      bookings: BOOKINGS.map((b) => ({
        tenant_id: OWNER,
        id: b.id,
        booking_code: b.code,
        customer_id: 'CUST-0001',
        customer_name: 'Jane Smith',
        customer_email: 'jane@example.com',
        event_type: 'Wedding',
        resource_id: R1,
        resource_name: 'Main Hall',
        status: b.status,
        calculated_price_cents: 100000,
        total_cents: 100000,
        bond_required: false,
        bond_cents: 0,
        bond_paid: false,
        docs: { idVerified: true, insuranceVerified: true },
        hold_expires_at: b.hold,
        setup_buffer_minutes: 30,
        packdown_buffer_minutes: 30,
        starts_at: new Date(b.start).toISOString(),
        ends_at: new Date(b.end).toISOString(),
        cancelled_at: null,
        created_at: '2026-10-01T00:00:00.000Z',
        updated_at: '2026-11-01T00:00:00.000Z',
      })),
      customers: [],
      customerEmails: [],
    };
  if (path === `/internal/tenant-export/${OWNER}` && owner === 'admin')
    return {
      users: [],
      settings: {},
      auditLog: [
        {
          id: AUDIT,
          seq: 1,
          timestamp: '2026-11-18T00:30:00.000Z',
          source: 'bookings',
          userId: OWNER,
          userEmail: 'owner@demo.local',
          userRole: 'hall_owner',
          action: 'booking_confirmed',
          targetType: 'booking',
          target: 'b-1',
        },
      ],
      profilePictures: [],
    };
  return undefined;
}

/** One stand-in per owner, each answering its own exports. */
function stub(name: string): Promise<Server> {
  const server = createServer((req, res) => {
    const body =
      req.headers[INTERNAL_AUTH_HEADER] === process.env.INTERNAL_SECRET
        ? ownerAnswer(name, req.url ?? '')
        : undefined;
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { message: 'Not found' }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('insights: rebuilding the read model from the owners’ data', () => {
  let fed: Harness;
  let rebuilt: Harness;
  const servers: Server[] = [];
  const restorePeers: Array<() => void> = [];
  const realClock = dashboardClock.now;

  before(async () => {
    dashboardClock.now = () => new Date(NOW);
    fed = await startInsights();
    rebuilt = await startInsights();
    // money's stand-in has no export (404): its copies are kept, and the answer says so
    for (const name of ['catalogue', 'bookings', 'admin', 'money']) {
      const s = await stub(name);
      servers.push(s);
      restorePeers.push(pointPeersAt({ [name]: `http://127.0.0.1:${(s.address() as AddressInfo).port}` }));
    }
    // The same facts as events, as the owners published them.
    const events = [
      settingsEvent(OWNER),
      resourceEvent(OWNER, { id: R1, name: 'Main Hall' }),
      blockoutEvent(OWNER, {
        id: BO,
        resourceIds: [R1],
        startsAt: '2026-11-18T06:00:00.000+11:00',
        endsAt: '2026-11-18T08:00:00.000+11:00',
        reason: 'Cleaning',
      }),
      ...BOOKINGS.map((b) =>
        bookingEvent(OWNER, {
          id: b.id,
          code: b.code,
          resourceId: R1,
          resourceName: 'Main Hall',
          status: b.status,
          startsAt: b.start,
          endsAt: b.end,
          holdExpiresAt: b.hold,
        }),
      ),
      auditEvent(OWNER, {
        actorId: OWNER,
        actorEmail: 'owner@demo.local',
        action: 'booking_confirmed',
        at: '2026-11-18T00:30:00.000Z',
      }),
    ];
    for (const e of events) await fed.deliver(e);
  });
  after(async () => {
    dashboardClock.now = realClock;
    restorePeers.forEach((restore) => restore());
    for (const s of servers) s.close();
    await fed?.close();
    await rebuilt?.close();
  });

  async function dashboard(h: Harness) {
    const get = async (p: string) => {
      // The last harness started holds the signing keys in force: its token serves both.
      const r = await h.call('GET', p, rebuilt.token[OWNER]);
      assert.equal(r.status, 200, `${p}: ${r.text}`);
      return r.body;
    };
    const stats = await get('/api/dashboard/stats');
    const activity = await get('/api/dashboard/activity');
    return {
      kpis: stats.kpis,
      schedule: await get('/api/dashboard/schedule?status=confirmed,pending,block-out'),
      holds: await get('/api/dashboard/holds-expiring'),
      resources: await get('/api/dashboard/resources'),
      alerts: await get('/api/dashboard/alerts'),
      // Entry ids differ (the event's, the audit row's); what the user reads does not.
      activity: activity.activities.map(({ id: _id, ...rest }: { id: string }) => rest),
    };
  }

  const rebuild = () =>
    fetch(`${rebuilt.t.url}/internal/rebuild/${OWNER}`, {
      method: 'POST',
      headers: { [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET ?? '' },
    });

  it('a fresh copy answers 503 until rebuilt, then the same Dashboard as the one fed by events', async () => {
    assert.equal((await rebuilt.call('GET', '/api/dashboard/stats', OWNER)).status, 503);
    const res = await rebuild();
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.deepEqual(
      {
        resources: body.resources,
        blockouts: body.blockouts,
        bookings: body.bookings,
        activity: body.activity,
        settings: body.settings,
      },
      { resources: 1, blockouts: 1, bookings: 2, activity: 1, settings: 'from admin' },
    );
    assert.match(body.notRebuilt[0], /money/);
    const expected = await dashboard(fed);
    assert.equal(expected.schedule.schedule.length, 3);
    assert.deepEqual(await dashboard(rebuilt), expected);
  });

  it('a second rebuild changes nothing; the route wants the internal secret', async () => {
    const before = await dashboard(rebuilt);
    assert.equal((await rebuild()).status, 200);
    assert.deepEqual(await dashboard(rebuilt), before);
    const refused = await fetch(`${rebuilt.t.url}/internal/rebuild/${OWNER}`, { method: 'POST' });
    assert.equal(refused.status, 401);
  });
});
