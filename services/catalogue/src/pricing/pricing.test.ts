import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  OWNER,
  OWNER2,
  OWNER3,
  SUB_BOOKINGS,
  SUB_PRICING,
  SUB_RESOURCES,
  hall,
  startCatalogue,
  type Harness,
} from '../testing/harness.ts';

describe('rate cards, add-ons and the price quote API', () => {
  let h: Harness;
  let hallA: string;
  let hallB: string;
  before(async () => {
    h = await startCatalogue();
    hallA = (await h.call('POST', '/api/resources', OWNER, hall({ name: 'Hall A', capacity: 180 }))).body.id;
    hallB = (await h.call('POST', '/api/resources', OWNER, hall({ name: 'Hall B', capacity: 120 }))).body.id;
  });
  after(() => h.close());

  /** POST /api/price-quote for one weekday hour from 09:00 unless the body says otherwise. */
  const quote = (as: string, body: Record<string, unknown>) =>
    h.call('POST', '/api/price-quote', as, {
      date: '2026-10-06',
      startTime: '09:00',
      endTime: '10:00',
      ...body,
    });

  it('creates, lists, edits and deletes a rate card in cents (dollars alongside)', async () => {
    const c = await h.call('POST', '/api/pricing', OWNER, {
      resourceId: hallA,
      rateType: 'hourly',
      weekdayRateCents: 12050,
      weekendRateCents: 15000,
      description: 'Standard',
    });
    assert.equal(c.status, 201);
    assert.deepEqual(
      [
        c.body.resourceName,
        c.body.rateType,
        c.body.weekdayRateCents,
        c.body.weekdayRate,
        c.body.weekendRate,
        c.body.description,
        c.body.capacity,
      ],
      ['Hall A', 'hourly', 12050, 120.5, 150, 'Standard', 180],
    );
    const list = await h.call('GET', '/api/pricing', SUB_PRICING);
    assert.deepEqual(
      list.body.map((p: { id: string }) => p.id),
      [c.body.id],
    );
    const upd = await h.call('PUT', `/api/pricing/${c.body.id}`, OWNER, {
      resourceId: hallA,
      rateType: 'daily',
      weekdayRateCents: 80000,
      weekendRateCents: 100000,
    });
    assert.deepEqual(
      [upd.status, upd.body.rateType, upd.body.weekendRateCents, upd.body.description],
      [200, 'daily', 100000, ''],
    );
    const dup = await h.call('POST', '/api/pricing', OWNER, {
      resourceId: hallA,
      rateType: 'hourly',
      weekdayRateCents: 1,
      weekendRateCents: 1,
    });
    assert.equal(dup.status, 409);
    const del = await h.call('DELETE', `/api/pricing/${c.body.id}`, OWNER);
    assert.equal(del.status, 204);
    assert.deepEqual((await h.call('GET', '/api/pricing', OWNER)).body, []);
    const audits = (await h.events('audit.recorded')).filter((e) => e.data.action === 'pricing_updated');
    assert.equal(audits.length, 3);
  });

  it('gives every pricing validation message', async () => {
    const ok = { resourceId: hallB, rateType: 'hourly', weekdayRateCents: 100, weekendRateCents: 100 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, resourceId: undefined }, 'Resource is required'],
      [{ ...ok, rateType: undefined }, 'Rate type is required'],
      [{ ...ok, rateType: 'weekly' }, 'Rate type must be hourly or daily'],
      [{ ...ok, weekdayRateCents: undefined }, 'Weekday rate is required'],
      [{ ...ok, weekendRateCents: undefined }, 'Weekend rate is required'],
      [{ ...ok, weekdayRateCents: -1 }, 'Weekday rate must be 0 or more'],
      [{ ...ok, weekendRateCents: -100 }, 'Weekend rate must be 0 or more'],
    ];
    for (const [body, message] of cases) {
      const r = await h.call('POST', '/api/pricing', OWNER, body);
      assert.deepEqual([r.status, r.body.message], [400, message]);
    }
    const unknown = await h.call('POST', '/api/pricing', OWNER, {
      ...ok,
      resourceId: '00000000-0000-4000-8000-000000000000',
    });
    assert.deepEqual([unknown.status, unknown.body.message], [404, 'Resource not found']);
    assert.deepEqual((await h.call('GET', '/api/pricing', OWNER)).body, []);
    // Dollars are accepted as a convenience and stored as cents; a 0 rate is allowed.
    const dollars = await h.call('POST', '/api/pricing', OWNER, {
      resourceId: hallB,
      rateType: 'flat',
      weekdayRate: 99.99,
      weekendRate: 0,
    });
    assert.deepEqual(
      [dollars.status, dollars.body.weekdayRateCents, dollars.body.weekendRateCents, dollars.body.rateType],
      [201, 9999, 0, 'daily'],
    );
  });

  it('starts a tenant with the three add-ons once; deleting them all does not bring them back', async () => {
    const first = await h.call('GET', '/api/addons', OWNER3);
    assert.deepEqual(
      first.body.map((a: { name: string; priceCents: number; price: number }) => [
        a.name,
        a.priceCents,
        a.price,
      ]),
      [
        ['Cleaning Service', 3000, 30],
        ['Projector', 5000, 50],
        ['Sound System', 8000, 80],
      ],
    );
    for (const a of first.body)
      assert.equal((await h.call('DELETE', `/api/addons/${a.id}`, OWNER3)).status, 204);
    assert.deepEqual((await h.call('GET', '/api/addons', OWNER3)).body, []);
  });

  it('manages add-ons with validation', async () => {
    const created = await h.call('POST', '/api/addons', OWNER, {
      name: 'Stage Lighting',
      priceCents: 12000,
      description: 'Rig',
    });
    assert.equal(created.status, 201);
    assert.equal((await h.call('GET', '/api/addons', OWNER)).body.length, 4, 'the starters plus the new one');
    const upd = await h.call('PUT', `/api/addons/${created.body.id}`, OWNER, {
      name: 'Stage Lights',
      priceCents: 0,
    });
    assert.deepEqual([upd.body.name, upd.body.priceCents, upd.body.description], ['Stage Lights', 0, '']);
    for (const [body, message] of [
      [{ priceCents: 100 }, 'Add-on name is required'],
      [{ name: ' ', priceCents: 100 }, 'Add-on name is required'],
      [{ name: 'Chairs' }, 'Price is required'],
      [{ name: 'Chairs', priceCents: -1 }, 'Price must be 0 or more'],
      [{ name: 'Chairs', price: -0.5 }, 'Price must be 0 or more'],
    ] as [Record<string, unknown>, string][]) {
      const r = await h.call('POST', '/api/addons', OWNER, body);
      assert.deepEqual([r.status, r.body.message], [400, message]);
      const u = await h.call('PUT', `/api/addons/${created.body.id}`, OWNER, body);
      assert.deepEqual([u.status, u.body.message], [400, message]);
    }
    assert.equal((await h.call('GET', '/api/addons', OWNER)).body.length, 4);
    assert.equal((await h.call('DELETE', `/api/addons/${created.body.id}`, OWNER)).status, 204);
    assert.equal((await h.call('DELETE', `/api/addons/${created.body.id}`, OWNER)).status, 404);
  });

  it('quotes through the API with the tenant rate card, holiday and add-ons', async () => {
    await h.call('POST', '/api/pricing', OWNER, {
      resourceId: hallA,
      rateType: 'hourly',
      weekdayRateCents: 10000,
      weekendRateCents: 15000,
    });
    await h.call('POST', '/api/holidays', OWNER, {
      name: 'Labour Day',
      date: '2026-10-05',
      pricingRule: 'PH-Std',
    });
    const projector = (await h.call('GET', '/api/addons', OWNER)).body.find(
      (a: { name: string }) => a.name === 'Projector',
    );
    const quoted = await quote(OWNER, {
      resourceId: hallA,
      date: '2026-10-05',
      endTime: '13:00',
      addOns: [{ id: projector.id, quantity: 2 }],
    });
    assert.equal(quoted.status, 200);
    assert.deepEqual(
      [
        quoted.body.baseCents,
        quoted.body.holiday,
        quoted.body.addOnsCents,
        quoted.body.calculatedPriceCents,
        quoted.body.calculatedPrice,
      ],
      [40000, { name: 'Labour Day', surchargePercent: 25, surchargeCents: 10000 }, 10000, 60000, 600],
    );
    const weekend = await quote(OWNER, { resourceId: hallA, date: '2026-10-10' });
    assert.deepEqual(
      [weekend.body.isWeekend, weekend.body.calculatedPriceCents, weekend.body.holiday],
      [true, 15000, null],
    );

    // hallB has a flat card at 99.99 weekday: 4 h is half.
    const half = await quote(OWNER, { resourceId: hallB, endTime: '13:00', addOnIds: [projector.id] });
    assert.deepEqual([half.body.baseCents, half.body.calculatedPriceCents], [5000, 10000]);

    // Nonsense is refused, and another tenant's resource or add-on cannot be priced.
    const hall2 = (await h.call('POST', '/api/resources', OWNER2, hall())).body.id;
    const refused: [string, Record<string, unknown>, number, string | undefined][] = [
      [
        OWNER,
        { resourceId: hallA, startTime: '13:00', endTime: '13:00' },
        400,
        'End time must be after start time',
      ],
      [OWNER, {}, 400, 'Resource is required'],
      [OWNER2, { resourceId: hallA }, 404, undefined],
      [OWNER2, { resourceId: hall2, addOnIds: [projector.id] }, 404, 'Add-on not found'],
    ];
    for (const [as, body, status, message] of refused) {
      const r = await quote(as, body);
      const label = `${as} ${JSON.stringify(body)}`;
      assert.equal(r.status, status, label);
      if (message) assert.equal(r.body.message, message, label);
    }
    const noPricing = await quote(OWNER2, { resourceId: hall2, date: '2026-10-05' });
    assert.deepEqual(
      [noPricing.body.calculatedPriceCents, noPricing.body.rateType, noPricing.body.holiday],
      [0, null, null],
      'OWNER2 has no holidays',
    );
  });

  it('serves the same quote to other services on /internal/price-quote', async () => {
    const body = {
      tenantId: OWNER,
      resourceId: hallA,
      date: '2026-10-05',
      startTime: '09:00',
      endTime: '13:00',
    };
    const denied = await h.call('POST', '/internal/price-quote', undefined, body);
    assert.equal(denied.status, 401);
    const r = await h.call('POST', '/internal/price-quote', undefined, body, {
      'x-venue-internal': process.env.INTERNAL_SECRET!,
    });
    assert.deepEqual([r.status, r.body.calculatedPriceCents], [200, 50000]);
    const wrongTenant = await h.call(
      'POST',
      '/internal/price-quote',
      undefined,
      { ...body, tenantId: OWNER2 },
      { 'x-venue-internal': process.env.INTERNAL_SECRET! },
    );
    assert.equal(wrongTenant.status, 404);
  });

  it('the booking form lists add-ons: a sub-user with the bookings key reads them, changes none', async () => {
    const list = await h.call('GET', '/api/addons', SUB_BOOKINGS);
    assert.equal(list.status, 200);
    assert.ok(list.body.some((a: { name: string }) => a.name === 'Projector'));
    const add = await h.call('POST', '/api/addons', SUB_BOOKINGS, { name: 'Mine', priceCents: 1 });
    assert.equal(add.status, 403);
    assert.equal((await h.call('GET', '/api/addons', SUB_RESOURCES)).status, 403);
  });

  it("another tenant cannot read, change or delete this tenant's rate card or add-on", async () => {
    const card = (await h.call('GET', '/api/pricing', OWNER)).body[0];
    const addOn = (await h.call('GET', '/api/addons', OWNER)).body[0];
    const anyCard = {
      resourceId: card.resourceId,
      rateType: 'daily',
      weekdayRateCents: 1,
      weekendRateCents: 1,
    };
    const attempts: [string, string, unknown][] = [
      ['GET', `/api/pricing/${card.id}`, undefined],
      ['PUT', `/api/pricing/${card.id}`, anyCard],
      ['DELETE', `/api/pricing/${card.id}`, undefined],
      // Nor attach a rate card to it from their own tenant.
      ['POST', '/api/pricing', anyCard],
      ['PUT', `/api/addons/${addOn.id}`, { name: 'Mine', priceCents: 1 }],
      ['DELETE', `/api/addons/${addOn.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      assert.equal((await h.call(method, path, OWNER2, body)).status, 404, `${method} ${path}`);
    }
    assert.ok(
      !(await h.call('GET', '/api/addons', OWNER2)).body.some((a: { id: string }) => a.id === addOn.id),
    );
    const after = (await h.call('GET', `/api/pricing/${card.id}`, OWNER)).body;
    assert.deepEqual([after.rateType, after.weekdayRateCents], [card.rateType, card.weekdayRateCents]);
    const addOnAfter = (await h.call('GET', '/api/addons', OWNER)).body.find(
      (a: { id: string }) => a.id === addOn.id,
    );
    assert.deepEqual([addOnAfter.name, addOnAfter.priceCents], [addOn.name, addOn.priceCents]);
  });
});
