import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  fakeService,
  startGateway,
  testKeys,
  type FakeService,
  type RunningGateway,
} from './test-helpers.ts';

describe('GET /api/health', () => {
  let services: FakeService[];
  let gateway: RunningGateway;

  before(async () => {
    await testKeys();
    services = await Promise.all(['admin', 'catalogue', 'comms', 'insights'].map((n) => fakeService(n)));
    // bookings reports its release and schema, as the kit's /health does
    services.push(
      await fakeService('bookings', (req, res) => {
        if (req.url !== '/health') return false;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ status: 'ok', service: 'bookings', version: '1.4.2', schema: '009_calendar' }),
        );
        return true;
      }),
    );
    // money is not running at all
    const [admin, catalogue, comms, insights, bookings] = services.map((s) => s.url);
    gateway = await startGateway({ admin, catalogue, bookings, comms, insights });
  });
  after(async () => {
    await gateway.close();
    await Promise.all(services.map((s) => s.close()));
  });

  it('reports each service and degrades when one is down', async () => {
    const res = await fetch(`${gateway.url}/api/health`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const body = (await res.json()) as {
      status: string;
      services: Record<string, { status: string; latencyMs: number }>;
    };
    assert.equal(body.status, 'degraded');
    assert.deepEqual(Object.keys(body.services).sort(), [
      'admin',
      'bookings',
      'catalogue',
      'comms',
      'insights',
      'money',
    ]);
    assert.equal(body.services.money?.status, 'down');
    // which release each area runs, so a rolling deploy can be watched
    assert.equal((body.services.bookings as { version?: string }).version, '1.4.2');
    assert.equal((body.services.bookings as { schema?: string }).schema, '009_calendar');
    for (const name of ['admin', 'catalogue', 'bookings', 'comms', 'insights']) {
      assert.equal(body.services[name]?.status, 'up', name);
      assert.equal(typeof body.services[name]?.latencyMs, 'number');
    }
  });

  it('says ok when everything is up', async () => {
    const money = await fakeService('money');
    const all = await startGateway(Object.fromEntries([...services, money].map((s) => [s.name, s.url])));
    try {
      const body = (await (await fetch(`${all.url}/api/health`)).json()) as { status: string };
      assert.equal(body.status, 'ok');
    } finally {
      await all.close();
      await money.close();
    }
  });
});
