/**
 * Contract test: real answers of every catalogue call, checked against the route table in
 * contracts (the zod schema accepts each answer, and each field it carries is documented), so
 * the published OpenAPI document is what the service sends. Ends by naming any call of the
 * table no answer was checked for.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contractRecorder, routesMissingFromTable } from '@venue/contracts/api';
import { CATALOGUE_ROUTES } from '@venue/contracts/catalogue';
import { visitorHeaders, useStarted } from '@venue/service-kit/testing';
import sharp from 'sharp';
import { OWNER, OWNER3, SUB_BOOKINGS, hall, startCatalogue } from './testing/harness.ts';

describe('catalogue answers match the API contract', () => {
  const contract = contractRecorder(CATALOGUE_ROUTES);

  const h = useStarted(startCatalogue);

  /** Calls, expects `status`, and checks the answer (JSON or file) against the table. */
  async function ok(method: string, path: string, status: number, as = OWNER, body?: unknown) {
    const r = await h.call(method, path, as, body);
    assert.equal(r.status, status, `${method} ${path}: ${r.text.slice(0, 300)}`);
    const problems = contract.check(
      method,
      path,
      status,
      r.status === 204 || typeof r.body === 'string' ? undefined : r.body,
    );
    assert.deepEqual(problems, [], problems.join('\n'));
    return r;
  }

  it('resources: create, read, list (full and bookable), edit, copy, archive, restore, feed, export', async () => {
    const created = (await ok('POST', '/api/resources', 201, OWNER, hall({ name: 'Contract Hall' }))).body;
    await ok('GET', `/api/resources/${created.id}`, 200);
    await ok('GET', '/api/resources', 200);
    await ok('GET', '/api/resources', 200, SUB_BOOKINGS);
    await ok(
      'PUT',
      `/api/resources/${created.id}`,
      200,
      OWNER,
      hall({ name: 'Contract Hall', capacity: 150 }),
    );
    const copy = (await ok('POST', `/api/resources/${created.id}/duplicate`, 201)).body;
    await ok('POST', `/api/resources/${copy.id}/archive`, 200);
    await ok('POST', `/api/resources/${copy.id}/restore`, 200);
    await ok('POST', '/api/resources/bulk-archive', 200, OWNER, { ids: [copy.id] });
    const feed = (await ok('POST', `/api/resources/${created.id}/ics-token`, 201)).body;
    const ics = await h.call('GET', feed.icsUrl);
    assert.equal(ics.status, 200);
    assert.match(ics.headers.get('content-type') ?? '', /text\/calendar/);
    contract.check('GET', feed.icsUrl, 200, undefined);
    await ok('DELETE', `/api/resources/${created.id}/ics-token`, 204);
    const csv = await ok('GET', '/api/resources/export.csv', 200);
    assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
    await ok('DELETE', `/api/resources/${copy.id}`, 204);
  });

  it('rate cards, the price quote and add-ons', async () => {
    const r = (await ok('POST', '/api/resources', 201, OWNER, hall({ name: 'Priced Hall' }))).body;
    const card = (
      await ok('POST', '/api/pricing', 201, OWNER, {
        resourceId: r.id,
        resourceName: r.name,
        rateType: 'hourly',
        weekdayRateCents: 10000,
        weekendRateCents: 15000,
        description: 'Standard',
      })
    ).body;
    await ok('GET', '/api/pricing', 200);
    await ok('GET', `/api/pricing/${card.id}`, 200);
    await ok('PUT', `/api/pricing/${card.id}`, 200, OWNER, {
      resourceId: r.id,
      resourceName: r.name,
      rateType: 'daily',
      weekdayRateCents: 80000,
      weekendRateCents: 90000,
      description: 'Flat',
    });
    const addOns = (await ok('GET', '/api/addons', 200)).body as Array<{ id: string }>;
    const addOn = (
      await ok('POST', '/api/addons', 201, OWNER, { name: 'Stage', priceCents: 5000, description: 'A stage' })
    ).body;
    await ok('PUT', `/api/addons/${addOn.id}`, 200, OWNER, {
      name: 'Stage',
      priceCents: 6000,
      description: '',
    });
    await ok('POST', '/api/price-quote', 200, OWNER, {
      resourceId: r.id,
      date: '2027-03-06',
      startTime: '10:00',
      endTime: '14:00',
      addOns: [{ id: addOns[0]!.id, quantity: 2 }],
    });
    await ok('DELETE', `/api/addons/${addOn.id}`, 204);
    await ok('DELETE', `/api/pricing/${card.id}`, 204);
  });

  it('holidays: sync, list, read, create, edit, export, import, delete', async () => {
    await ok('POST', '/api/holidays/sync', 200, OWNER, { state: 'NSW', year: 2026 });
    const list = (await ok('GET', '/api/holidays?year=2026', 200)).body as Array<{ id: string }>;
    await ok('GET', '/api/holidays', 200, SUB_BOOKINGS);
    await ok('GET', `/api/holidays/${list[0]!.id}`, 200);
    const mine = (
      await ok('POST', '/api/holidays', 201, OWNER, {
        name: 'Show Day',
        date: '2026-10-09',
        pricingRule: 'PH-Local',
      })
    ).body;
    await ok('PUT', `/api/holidays/${mine.id}`, 200, OWNER, {
      name: 'Show Day',
      date: '2026-10-09',
      blockOut: true,
    });
    const ics = await ok('GET', '/api/holidays/export.ics?year=2026', 200);
    await ok('POST', '/api/holidays/import', 200, OWNER3, { ics: ics.text });
    await ok('DELETE', `/api/holidays/${mine.id}`, 204);
  });

  it('block-outs: one period, one per day, list, read, edit, delete', async () => {
    const r = (await ok('POST', '/api/resources', 201, OWNER, hall({ name: 'Blocked Hall' }))).body;
    const one = (
      await ok('POST', '/api/blockouts', 201, OWNER, {
        resourceIds: [r.id],
        dateFrom: '2027-02-15',
        dateTo: '2027-02-15',
        timeFrom: '08:00',
        timeTo: '12:00',
        reason: 'Maintenance',
      })
    ).body;
    await ok('POST', '/api/blockouts/bulk', 201, OWNER, {
      resourceIds: [r.id],
      dateFrom: '2027-03-01',
      dateTo: '2027-03-02',
      timeFrom: '08:00',
      timeTo: '12:00',
      reason: 'Deep Cleaning',
      span: 'daily',
    });
    await ok('GET', `/api/blockouts?resourceId=${r.id}`, 200);
    await ok('GET', `/api/blockouts/${one.id}`, 200);
    await ok('PUT', `/api/blockouts/${one.id}`, 200, OWNER, {
      resourceIds: [r.id],
      dateFrom: '2027-02-15',
      dateTo: '2027-02-15',
      timeFrom: '09:00',
      timeTo: '12:00',
      reason: 'Other',
      notes: 'Painting',
    });
    await ok('DELETE', `/api/blockouts/${one.id}`, 204);
  });

  it('photos and the venue’s public profile (issue 25)', async () => {
    const r = (await ok('POST', '/api/resources', 201, OWNER, hall({ name: 'Pictured Hall' }))).body;
    await h.settings(OWNER, {
      onlineBookings: {
        enabled: true,
        slug: 'contract-venue',
        resourceIds: [r.id],
        minNoticeHours: 24,
        windowDays: 365,
        mode: 'request',
        verifyEmail: true,
        questions: [{ id: 'alcohol', label: 'Alcohol?', kind: 'yesno', required: false }],
        agreement: {
          version: 1,
          text: 'Terms',
          cancellationTerms: 'Refunds',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      },
    });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const res = await fetch(`${h.url}/api/resources/${r.id}/photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token[OWNER]}` },
      body: form,
    });
    assert.equal(res.status, 200);
    assert.deepEqual(contract.check('POST', `/api/resources/${r.id}/photo`, 200, await res.json()), []);
    const photo = await fetch(`${h.url}/api/resources/${r.id}/photo`, {
      headers: { authorization: `Bearer ${h.token[OWNER]}` },
    });
    assert.equal(photo.status, 200);
    assert.deepEqual(contract.check('GET', `/api/resources/${r.id}/photo`, 200, undefined), []);
    const visitor = visitorHeaders(OWNER, 'contract-venue');
    const profile = await h.call('GET', '/api/public/venues/contract-venue', undefined, undefined, visitor);
    assert.equal(profile.status, 200, profile.text);
    assert.deepEqual(contract.check('GET', '/api/public/venues/contract-venue', 200, profile.body), []);
    const visitorPhoto = await fetch(`${h.url}${profile.body.resources[0].photoUrl}`, { headers: visitor });
    assert.equal(visitorPhoto.status, 200);
    assert.deepEqual(
      contract.check('GET', `/api/public/venues/contract-venue/resources/${r.id}/photo`, 200, undefined),
      [],
    );
    await ok('DELETE', `/api/resources/${r.id}/photo`, 200);
  });

  it('every call of the table had an answer checked', () => {
    assert.deepEqual(contract.unchecked(), []);
  });

  it('every /api route the service serves is in the table', () => {
    assert.deepEqual(routesMissingFromTable(CATALOGUE_ROUTES, h.t.service.router.stack), []);
  });
});
