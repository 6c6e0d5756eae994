import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { setEnv } from '@venue/service-kit/testing';
import { httpClients } from './clients.ts';

const TENANT = '0a000000-0000-4000-8000-000000000001';
const HALL = {
  id: 'r1',
  name: 'Hall',
  capacity: 40,
  status: 'active',
  setupBufferMinutes: 15,
  packdownBufferMinutes: 20,
  applyBuffers: false,
};

const day = { open: '09:00', close: '17:00', closed: false };
const HOURS = {
  mon: day,
  tue: day,
  wed: day,
  thu: day,
  fri: day,
  sat: { open: '10:00', close: '23:00', closed: false },
  sun: { ...day, closed: true },
};

describe('clients of the catalogue', () => {
  let server: Server;
  const seen: Array<{ url: string; secret: string | undefined; body: string }> = [];
  const warnings: string[] = [];
  const log = { warn: (_o: object, m: string) => void warnings.push(m) };

  // The kit's callService reads the secret and the catalogue's URL from the environment; both are
  // put back after, as the next test file of the process relies on its own (the process's test keys).
  let restoreEnv = () => {};

  before(async () => {
    restoreEnv = setEnv({ INTERNAL_SECRET: 'test-internal-secret', CATALOGUE_URL: undefined });
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({
          url: req.url ?? '',
          secret: req.headers['x-venue-internal'] as string | undefined,
          body,
        });
        res.setHeader('content-type', 'application/json');
        if (req.url === `/internal/resources/${TENANT}`) {
          res.end(
            JSON.stringify([
              { ...HALL, hours: {} },
              { ...HALL, id: 'r2', hours: HOURS },
            ]),
          );
        } else if (req.url === '/internal/price-quote') {
          res.end(JSON.stringify({ calculatedPriceCents: 12345, addOns: [] }));
        } else {
          res.statusCode = 404;
          res.end('{}');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as { port: number };
    process.env.CATALOGUE_URL = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    restoreEnv();
  });

  it('reads resources and quotes with the internal secret; asks admin for nothing', async () => {
    const c = httpClients(log);
    // opening hours are kept when they have every weekday's shape (the booking page's rules
    // read them), and read as unknown otherwise; other fields are left out
    assert.deepEqual(await c.resources(TENANT), [
      { ...HALL, hours: null },
      { ...HALL, id: 'r2', hours: HOURS },
    ]);
    const quote = await c.priceQuote(TENANT, {
      resourceId: 'r1',
      date: '2027-01-01',
      startTime: '10:00',
      endTime: '11:00',
    });
    assert.equal(quote?.calculatedPriceCents, 12345);
    assert.ok(seen.every((s) => s.secret === 'test-internal-secret'));
    assert.equal(JSON.parse(seen.at(-1)!.body).tenantId, TENANT);
    assert.equal('tenantSettings' in c, false);
  });

  it('answers null with a warning when the catalogue is unreachable', async () => {
    process.env.CATALOGUE_URL = 'http://127.0.0.1:9';
    const c = httpClients(log);
    assert.equal(await c.resources(TENANT), null);
    assert.equal(
      await c.priceQuote(TENANT, {
        resourceId: 'r1',
        date: '2027-01-01',
        startTime: '10:00',
        endTime: '11:00',
      }),
      null,
    );
    assert.ok(warnings.some((w) => w.includes('price quote unavailable')));
  });
});
