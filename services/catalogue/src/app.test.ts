import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ACCESS_DENIED_MESSAGE } from '@venue/service-kit';
import { assertTenantTablesHaveRls } from '@venue/service-kit/testing';
import { MANAGE_PRICING_MESSAGE, MANAGE_RESOURCES_MESSAGE } from './shared/common.ts';
import {
  OWNER,
  SUB_NONE,
  SUB_PRICING,
  SUB_RESOURCES,
  SUPER,
  hall,
  startCatalogue,
  type Harness,
} from './testing/harness.ts';

describe('catalogue service: health, row-level security and roles', () => {
  let h: Harness;
  let resourceId: string;
  let pricingId: string;
  let addonId: string;
  let holidayId: string;
  let blockoutId: string;

  before(async () => {
    h = await startCatalogue();
    resourceId = (await h.call('POST', '/api/resources', OWNER, hall())).body.id;
    pricingId = (
      await h.call('POST', '/api/pricing', OWNER, {
        resourceId,
        rateType: 'hourly',
        weekdayRateCents: 10000,
        weekendRateCents: 15000,
      })
    ).body.id;
    addonId = (await h.call('GET', '/api/addons', OWNER)).body[0].id;
    holidayId = (await h.call('POST', '/api/holidays', OWNER, { name: 'Show Day', date: '2026-03-10' })).body
      .id;
    blockoutId = (
      await h.call('POST', '/api/blockouts', OWNER, {
        resourceIds: [resourceId],
        dateFrom: '2026-05-01',
        dateTo: '2026-05-01',
      })
    ).body.id;
  });
  after(() => h.close());

  it('is healthy and keeps every tenant table behind row-level security', async () => {
    const health = await h.call('GET', '/health');
    // /health also names the release and schema (version, schema), checked in the kit's tests
    assert.deepEqual(
      { status: health.body.status, service: health.body.service, db: health.body.db },
      { status: 'ok', service: 'catalogue', db: 'ok' },
    );
    assert.match(health.body.schema, /^\d{3}_/);
    await assertTenantTablesHaveRls(h.t.kit, [
      'resources',
      'pricing',
      'addons',
      'addon_seeds',
      'holidays',
      'blockouts',
      'blockout_resources',
    ]);
  });

  it('401 without a token on every API list', async () => {
    for (const p of ['/api/resources', '/api/pricing', '/api/addons', '/api/holidays', '/api/blockouts']) {
      assert.equal((await h.call('GET', p)).status, 401, p);
    }
    assert.equal((await h.call('POST', '/api/price-quote', undefined, {})).status, 401);
  });

  const resourceReads = () => [
    '/api/resources',
    `/api/resources/${resourceId}`,
    '/api/holidays',
    `/api/holidays/${holidayId}`,
    '/api/blockouts',
    `/api/blockouts/${blockoutId}`,
  ];
  const pricingReads = () => ['/api/pricing', `/api/pricing/${pricingId}`, '/api/addons'];
  const resourceWrites = (): [string, string, unknown][] => [
    ['POST', '/api/resources', hall({ name: 'Sneaky' })],
    ['PUT', `/api/resources/${resourceId}`, hall({ name: 'Renamed' })],
    ['DELETE', `/api/resources/${resourceId}`, undefined],
    ['POST', `/api/resources/${resourceId}/duplicate`, undefined],
    ['POST', `/api/resources/${resourceId}/archive`, undefined],
    ['POST', '/api/resources/bulk-archive', { ids: [resourceId] }],
    ['POST', `/api/resources/${resourceId}/ics-token`, undefined],
    ['POST', '/api/holidays', { name: 'X', date: '2026-01-02' }],
    ['PUT', `/api/holidays/${holidayId}`, { name: 'X', date: '2026-01-02' }],
    ['DELETE', `/api/holidays/${holidayId}`, undefined],
    ['POST', '/api/holidays/sync', { state: 'NSW', year: 2026 }],
    ['POST', '/api/blockouts', { resourceIds: [resourceId], dateFrom: '2026-06-01', dateTo: '2026-06-01' }],
    [
      'PUT',
      `/api/blockouts/${blockoutId}`,
      { resourceIds: [resourceId], dateFrom: '2026-06-01', dateTo: '2026-06-01' },
    ],
    ['DELETE', `/api/blockouts/${blockoutId}`, undefined],
  ];
  const pricingWrites = (): [string, string, unknown][] => [
    ['POST', '/api/pricing', { resourceId, rateType: 'hourly', weekdayRateCents: 1, weekendRateCents: 1 }],
    [
      'PUT',
      `/api/pricing/${pricingId}`,
      { resourceId, rateType: 'daily', weekdayRateCents: 1, weekendRateCents: 1 },
    ],
    ['DELETE', `/api/pricing/${pricingId}`, undefined],
    ['POST', '/api/addons', { name: 'X', priceCents: 1 }],
    ['PUT', `/api/addons/${addonId}`, { name: 'X', priceCents: 1 }],
    ['DELETE', `/api/addons/${addonId}`, undefined],
  ];

  it('a sub-user with the resources key reads resources, holidays and block-outs but changes nothing', async () => {
    for (const p of resourceReads()) assert.equal((await h.call('GET', p, SUB_RESOURCES)).status, 200, p);
    for (const [m, p, b] of resourceWrites()) {
      const r = await h.call(m, p, SUB_RESOURCES, b);
      assert.deepEqual([r.status, r.body.message], [403, MANAGE_RESOURCES_MESSAGE], `${m} ${p}`);
    }
    // The pricing pages need the pricing key.
    for (const p of pricingReads()) assert.equal((await h.call('GET', p, SUB_RESOURCES)).status, 403, p);
  });

  it('a sub-user with the pricing key reads rate cards and add-ons but changes nothing', async () => {
    for (const p of pricingReads()) assert.equal((await h.call('GET', p, SUB_PRICING)).status, 200, p);
    for (const [m, p, b] of pricingWrites()) {
      const r = await h.call(m, p, SUB_PRICING, b);
      assert.deepEqual([r.status, r.body.message], [403, MANAGE_PRICING_MESSAGE], `${m} ${p}`);
    }
    for (const p of resourceReads()) assert.equal((await h.call('GET', p, SUB_PRICING)).status, 403, p);
  });

  it('a sub-user without either key gets Access Denied everywhere, including quotes', async () => {
    for (const p of [...resourceReads(), ...pricingReads()]) {
      const r = await h.call('GET', p, SUB_NONE);
      assert.deepEqual([r.status, r.body.message], [403, ACCESS_DENIED_MESSAGE], p);
    }
    for (const [m, p, b] of [...resourceWrites(), ...pricingWrites()]) {
      assert.equal((await h.call(m, p, SUB_NONE, b)).status, 403, `${m} ${p}`);
    }
    const quote = await h.call('POST', '/api/price-quote', SUB_NONE, {
      resourceId,
      date: '2026-05-04',
      startTime: '09:00',
      endTime: '10:00',
    });
    assert.equal(quote.status, 403);
  });

  it('a super admin reads (its own, empty, tenant) but cannot manage a hall', async () => {
    for (const p of ['/api/resources', '/api/pricing', '/api/holidays', '/api/blockouts']) {
      const r = await h.call('GET', p, SUPER);
      assert.deepEqual([r.status, r.body], [200, []], p);
    }
    const r = await h.call('POST', '/api/resources', SUPER, hall());
    assert.deepEqual([r.status, r.body.message], [403, MANAGE_RESOURCES_MESSAGE]);
    const p = await h.call('POST', '/api/addons', SUPER, { name: 'X', priceCents: 1 });
    assert.deepEqual([p.status, p.body.message], [403, MANAGE_PRICING_MESSAGE]);
  });

  it('nothing the refused writes attempted happened', async () => {
    const r = await h.call('GET', `/api/resources/${resourceId}`, OWNER);
    assert.deepEqual([r.body.name, r.body.status], ['Main Hall', 'active']);
    assert.equal((await h.call('GET', '/api/resources', OWNER)).body.length, 1);
    assert.equal((await h.call('GET', '/api/addons', OWNER)).body.length, 3);
    assert.equal((await h.call('GET', `/api/pricing/${pricingId}`, OWNER)).body.rateType, 'hourly');
    assert.equal((await h.call('GET', '/api/holidays', OWNER)).body.length, 1);
    assert.equal((await h.call('GET', '/api/blockouts', OWNER)).body[0].dateFrom, '2026-05-01');
  });

  it('internal routes need the internal secret', async () => {
    const denied = await h.call('GET', `/internal/resources/${OWNER}`);
    assert.equal(denied.status, 401);
    const ok = await h.call('GET', `/internal/resources/${OWNER}`, undefined, undefined, {
      'x-venue-internal': process.env.INTERNAL_SECRET!,
    });
    assert.equal(ok.status, 200);
    assert.deepEqual(
      ok.body.map((r: { id: string }) => r.id),
      [resourceId],
    );
    assert.equal(ok.body[0].setupBufferMinutes, 15);
    const exp = await h.call('GET', `/internal/tenant-export/${OWNER}`, undefined, undefined, {
      'x-venue-internal': process.env.INTERNAL_SECRET!,
    });
    assert.equal(exp.status, 200);
    assert.deepEqual(
      [
        exp.body.resources.length,
        exp.body.pricing.length,
        exp.body.addons.length,
        exp.body.holidays.length,
        exp.body.blockouts.length,
      ],
      [1, 1, 3, 1, 1],
    );
  });
});
