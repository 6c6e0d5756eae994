import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setEnv, startStandIn, type StandIn } from '@venue/service-kit/testing';
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
  let catalogue: StandIn;
  const warnings: string[] = [];
  const log = { warn: (_o: object, m: string) => void warnings.push(m) };

  // The kit's callService reads the secret and the catalogue's URL from the environment; both are
  // put back after, as the next test file of the process relies on its own (the process's test keys).
  let restoreEnv = () => {};

  before(async () => {
    restoreEnv = setEnv({ INTERNAL_SECRET: 'test-internal-secret', CATALOGUE_URL: undefined });
    const headers = { 'content-type': 'application/json' };
    catalogue = await startStandIn(({ url }) => {
      if (url === `/internal/resources/${TENANT}`)
        return {
          headers,
          body: JSON.stringify([
            { ...HALL, hours: {} },
            { ...HALL, id: 'r2', hours: HOURS },
          ]),
        };
      if (url === '/internal/price-quote')
        return { headers, body: JSON.stringify({ calculatedPriceCents: 12345, addOns: [] }) };
      return { status: 404, headers, body: '{}' };
    });
    process.env.CATALOGUE_URL = catalogue.url;
  });
  after(async () => {
    await catalogue.close();
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
    assert.ok(catalogue.seen.every((s) => s.headers['x-venue-internal'] === 'test-internal-secret'));
    assert.equal(JSON.parse(catalogue.seen.at(-1)!.body).tenantId, TENANT);
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
