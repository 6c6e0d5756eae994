import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OWNER, OWNER2, hall, startCatalogue, type Harness } from '../testing/harness.ts';

describe('block-outs API', () => {
  let h: Harness;
  let hallA: string;
  let hallB: string;
  let archived: string;
  before(async () => {
    h = await startCatalogue();
    hallA = (await h.call('POST', '/api/resources', OWNER, hall({ name: 'Hall A' }))).body.id;
    hallB = (await h.call('POST', '/api/resources', OWNER, hall({ name: 'Hall B' }))).body.id;
    archived = (await h.call('POST', '/api/resources', OWNER, hall({ name: 'Old Lawn', type: 'outdoor' })))
      .body.id;
    await h.call('POST', `/api/resources/${archived}/archive`, OWNER);
  });
  after(() => h.close());

  it('continuous: one period across two resources in the tenant time zone, and tells bookings', async () => {
    const bulk = await h.call('POST', '/api/blockouts/bulk', OWNER, {
      resourceIds: [hallA, hallB],
      dateFrom: '2026-07-06',
      dateTo: '2026-07-08',
      timeFrom: '07:00',
      timeTo: '19:30',
      reason: 'Deep Cleaning',
      notes: 'Floors',
      span: 'continuous',
    });
    assert.equal(bulk.status, 201);
    assert.equal(bulk.body.blockouts.length, 1);
    const r = { body: bulk.body.blockouts[0] };
    assert.deepEqual(
      r.body.resources.map((x: { name: string }) => x.name),
      ['Hall A', 'Hall B'],
    );
    // Sydney is UTC+10 in July (no daylight saving).
    assert.deepEqual(
      [r.body.startsAt, r.body.endsAt, r.body.timeZone],
      ['2026-07-05T21:00:00.000Z', '2026-07-08T09:30:00.000Z', 'Australia/Sydney'],
    );
    const [event] = await h.events('blockout.created');
    const data = event!.data as { resourceIds: string[] };
    assert.deepEqual(
      { ...data, resourceIds: [...data.resourceIds].sort() },
      {
        id: r.body.id,
        tenantId: OWNER,
        resourceIds: [hallA, hallB].sort(),
        startsAt: '2026-07-05T21:00:00.000Z',
        endsAt: '2026-07-08T09:30:00.000Z',
        reason: 'Deep Cleaning',
      },
    );
  });

  it('uses the defaults 09:00–17:00 Maintenance, and the time zone admin gives the tenant', async () => {
    await h.settings(OWNER, { timezone: 'Australia/Perth' });
    try {
      const r = await h.call('POST', '/api/blockouts', OWNER, {
        resourceId: hallA,
        dateFrom: '2026-01-15',
        dateTo: '2026-01-15',
      });
      assert.equal(r.status, 201);
      assert.deepEqual([r.body.timeFrom, r.body.timeTo, r.body.reason], ['09:00', '17:00', 'Maintenance']);
      assert.deepEqual(
        [r.body.startsAt, r.body.endsAt],
        ['2026-01-15T01:00:00.000Z', '2026-01-15T09:00:00.000Z'],
      );
    } finally {
      await h.settings(OWNER, { timezone: 'Australia/Sydney' });
    }
    // Sydney in January is on daylight time (UTC+11).
    const s = await h.call('POST', '/api/blockouts', OWNER, {
      resourceId: hallB,
      dateFrom: '2026-01-15',
      dateTo: '2026-01-15',
    });
    assert.equal(s.body.startsAt, '2026-01-14T22:00:00.000Z');
  });

  it('daily (the default): 15–16 Feb 08:00–12:00 makes one block-out per day with those hours, each announced', async () => {
    const before = (await h.events('blockout.created')).length;
    const r = await h.call('POST', '/api/blockouts/bulk', OWNER, {
      resourceIds: [hallA, hallB],
      dateFrom: '2027-02-15',
      dateTo: '2027-02-16',
      timeFrom: '08:00',
      timeTo: '12:00',
      reason: 'Maintenance',
    });
    assert.equal(r.status, 201, r.text);
    const made = r.body.blockouts as Array<Record<string, unknown>>;
    // Sydney in February is on daylight time (UTC+11): 08:00 is 21:00 the day before in UTC.
    assert.deepEqual(
      made.map((b) => [b.dateFrom, b.dateTo, b.timeFrom, b.timeTo, b.startsAt, b.endsAt]),
      [
        [
          '2027-02-15',
          '2027-02-15',
          '08:00',
          '12:00',
          '2027-02-14T21:00:00.000Z',
          '2027-02-15T01:00:00.000Z',
        ],
        [
          '2027-02-16',
          '2027-02-16',
          '08:00',
          '12:00',
          '2027-02-15T21:00:00.000Z',
          '2027-02-16T01:00:00.000Z',
        ],
      ],
    );
    for (const b of made) assert.deepEqual([...(b.resourceIds as string[])].sort(), [hallA, hallB].sort());
    const events = (await h.events('blockout.created')).slice(before);
    assert.deepEqual(
      events.map((e) => [e.data.id, e.data.startsAt, e.data.endsAt]).sort(),
      made.map((b) => [b.id, b.startsAt, b.endsAt]).sort(),
    );
    const listed = (await h.call('GET', '/api/blockouts?from=2027-02-15&to=2027-02-16', OWNER)).body;
    assert.equal(listed.length, 2);
    for (const b of made) assert.equal((await h.call('DELETE', `/api/blockouts/${b.id}`, OWNER)).status, 204);
  });

  it('daily across the April daylight-saving change keeps the wall-clock hours each day', async () => {
    const r = await h.call('POST', '/api/blockouts/bulk', OWNER, {
      resourceIds: [hallA],
      dateFrom: '2026-04-04',
      dateTo: '2026-04-05',
      timeFrom: '09:00',
      timeTo: '10:00',
      span: 'daily',
    });
    assert.equal(r.status, 201, r.text);
    // 4 April: UTC+11; 5 April (after 03:00): UTC+10.
    assert.deepEqual(
      r.body.blockouts.map((b: { startsAt: string }) => b.startsAt),
      ['2026-04-03T22:00:00.000Z', '2026-04-04T23:00:00.000Z'],
    );
    for (const b of r.body.blockouts) await h.call('DELETE', `/api/blockouts/${b.id}`, OWNER);
  });

  it('daily refuses an end time before the start time (continuous takes it) and more than 366 days', async () => {
    const base = { resourceIds: [hallA], dateFrom: '2027-03-01', dateTo: '2027-03-02' };
    const night = await h.call('POST', '/api/blockouts/bulk', OWNER, {
      ...base,
      timeFrom: '22:00',
      timeTo: '06:00',
    });
    assert.equal(night.status, 400);
    assert.equal(night.body.errors[0].path, 'timeTo');
    const long = await h.call('POST', '/api/blockouts/bulk', OWNER, { ...base, dateTo: '2028-03-01' });
    assert.deepEqual([long.status, long.body.errors[0].path], [400, 'dateTo']);
    const span = await h.call('POST', '/api/blockouts/bulk', OWNER, { ...base, span: 'weekly' });
    assert.deepEqual([span.status, span.body.message], [400, 'Span must be daily or continuous']);
    const overnight = await h.call('POST', '/api/blockouts/bulk', OWNER, {
      ...base,
      timeFrom: '22:00',
      timeTo: '06:00',
      span: 'continuous',
    });
    assert.equal(overnight.status, 201, overnight.text);
    assert.equal(overnight.body.blockouts.length, 1);
    await h.call('DELETE', `/api/blockouts/${overnight.body.blockouts[0].id}`, OWNER);
  });

  it('gives every bulk block-out validation message and stores nothing', async () => {
    const count = (await h.call('GET', '/api/blockouts', OWNER)).body.length;
    const ok = { resourceIds: [hallA], dateFrom: '2026-09-01', dateTo: '2026-09-02' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, resourceIds: [] }, 'Please select at least one resource'],
      [{ ...ok, resourceIds: undefined }, 'Please select at least one resource'],
      [{ ...ok, dateFrom: undefined }, 'Start date is required'],
      [{ ...ok, dateFrom: '' }, 'Start date is required'],
      [{ ...ok, dateTo: undefined }, 'End date is required'],
      [{ ...ok, dateFrom: '2026-09-03', dateTo: '2026-09-02' }, 'End date must be after start date'],
      [
        { ...ok, dateTo: '2026-09-01', timeFrom: '17:00', timeTo: '09:00' },
        'End time must be after start time',
      ],
      [{ ...ok, reason: 'Party' }, 'Reason must be Maintenance, Private Event, Deep Cleaning or Other'],
    ];
    for (const [body, message] of cases) {
      for (const path of ['/api/blockouts/bulk', '/api/blockouts']) {
        const r = await h.call('POST', path, OWNER, body);
        assert.deepEqual([r.status, r.body.message], [400, message], `${path} ${message}`);
      }
    }
    const arch = await h.call('POST', '/api/blockouts/bulk', OWNER, {
      ...ok,
      resourceIds: [hallA, archived],
    });
    assert.deepEqual([arch.status, arch.body.message], [400, 'Only active resources can be blocked out']);
    assert.equal((await h.call('GET', '/api/blockouts', OWNER)).body.length, count);
  });

  it('lists by resource and date range, edits and deletes', async () => {
    const forB = (await h.call('GET', `/api/blockouts?resourceId=${hallB}`, OWNER)).body;
    assert.equal(forB.length, 2);
    const july = (await h.call('GET', '/api/blockouts?from=2026-07-07&to=2026-07-31', OWNER)).body;
    assert.deepEqual(
      july.map((b: { dateFrom: string }) => b.dateFrom),
      ['2026-07-06'],
    );
    const b = july[0];
    const upd = await h.call('PUT', `/api/blockouts/${b.id}`, OWNER, {
      resourceIds: [hallB],
      dateFrom: '2026-07-07',
      dateTo: '2026-07-07',
      timeFrom: '10:00',
      timeTo: '12:00',
      reason: 'Private Event',
    });
    assert.equal(upd.status, 200);
    assert.deepEqual(
      [upd.body.resourceIds, upd.body.startsAt, upd.body.reason],
      [[hallB], '2026-07-07T00:00:00.000Z', 'Private Event'],
    );
    const updated = (await h.events('blockout.updated')).at(-1)!;
    assert.deepEqual([updated.data.id, updated.data.resourceIds], [b.id, [hallB]]);
    const bad = await h.call('PUT', `/api/blockouts/${b.id}`, OWNER, {
      resourceIds: [hallB],
      dateFrom: '2026-07-08',
      dateTo: '2026-07-07',
    });
    assert.deepEqual([bad.status, bad.body.message], [400, 'End date must be after start date']);
    assert.equal((await h.call('DELETE', `/api/blockouts/${b.id}`, OWNER)).status, 204);
    assert.equal((await h.call('GET', `/api/blockouts/${b.id}`, OWNER)).status, 404);
    assert.ok((await h.events('blockout.deleted')).some((e) => e.data.id === b.id));
    assert.ok(
      (await h.events('audit.recorded')).some(
        (e) =>
          e.data.action === 'settings_updated' &&
          String(e.data.additionalInfo).startsWith('Deleted block-out'),
      ),
    );
  });

  it("another tenant can neither see, change nor delete this tenant's block-out, nor block its resources", async () => {
    const mine = (await h.call('GET', '/api/blockouts', OWNER)).body[0];
    assert.equal((await h.call('GET', `/api/blockouts/${mine.id}`, OWNER2)).status, 404);
    assert.equal(
      (
        await h.call('PUT', `/api/blockouts/${mine.id}`, OWNER2, {
          resourceIds: mine.resourceIds,
          dateFrom: '2026-12-01',
          dateTo: '2026-12-01',
        })
      ).status,
      404,
    );
    assert.equal((await h.call('DELETE', `/api/blockouts/${mine.id}`, OWNER2)).status, 404);
    assert.deepEqual((await h.call('GET', '/api/blockouts', OWNER2)).body, []);
    const foreign = await h.call('POST', '/api/blockouts', OWNER2, {
      resourceIds: [hallA],
      dateFrom: '2026-12-01',
      dateTo: '2026-12-01',
    });
    assert.deepEqual([foreign.status, foreign.body.message], [404, 'Resource not found']);
    const still = (await h.call('GET', `/api/blockouts/${mine.id}`, OWNER)).body;
    assert.deepEqual([still.dateFrom, still.resourceIds], [mine.dateFrom, mine.resourceIds]);
  });
});
