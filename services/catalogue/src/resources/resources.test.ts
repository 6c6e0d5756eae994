import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useStarted } from '@venue/service-kit/testing';
import { resourceRuleExamples } from '@venue/contracts/testing';
import {
  OWNER,
  OWNER2,
  SUB_BOOKINGS,
  SUB_CALENDAR,
  SUB_NONE,
  hall,
  startCatalogue,
} from '../testing/harness.ts';

describe('resources API', () => {
  const h = useStarted(startCatalogue);

  const create = async (body: Record<string, unknown>, as = OWNER) =>
    h.call('POST', '/api/resources', as, body);

  it('creates a hall with the spec defaults, a generated upper-case code and an event', async () => {
    const r = await create({ name: 'Main Hall', capacity: 180 });
    assert.equal(r.status, 201);
    assert.equal(r.body.code, 'MAIN-HALL');
    assert.deepEqual(
      {
        type: r.body.type,
        capacity: r.body.capacity,
        status: r.body.status,
        visibility: r.body.visibility,
        colour: r.body.calendarColour,
        colourName: r.body.colourName,
        setup: r.body.setupBufferMinutes,
        packdown: r.body.packdownBufferMinutes,
        applyBuffers: r.body.applyBuffers,
        equipment: r.body.equipment,
      },
      {
        type: 'hall',
        capacity: 180,
        status: 'active',
        visibility: 'public',
        colour: '#2563EB',
        colourName: 'Blue',
        setup: 15,
        packdown: 15,
        applyBuffers: true,
        equipment: [],
      },
    );
    assert.deepEqual(r.body.hours.mon, { open: '08:00', close: '18:00', closed: false });
    assert.deepEqual(r.body.hours.sat, { open: '09:00', close: '17:00', closed: false });
    assert.deepEqual(r.body.hours.sun, { open: '10:00', close: '16:00', closed: false });
    assert.ok(Date.parse(r.body.lastUpdated));

    // Same name again: the code stays unique within the tenant; another tenant may reuse it.
    assert.equal((await create({ name: 'main hall', capacity: 10 })).body.code, 'MAIN-HALL-2');
    assert.equal((await create({ name: 'Main Hall', capacity: 10 }, OWNER2)).body.code, 'MAIN-HALL');

    const [event] = await h.events('resource.created');
    assert.equal(event!.tenantId, OWNER);
    assert.deepEqual(Object.keys(event!.data).sort(), [
      'applyBuffers',
      'capacity',
      'code',
      'hours',
      'id',
      'name',
      'packdownBufferMinutes',
      'setupBufferMinutes',
      'status',
      'tenantId',
      'type',
    ]);
    assert.equal(
      (await h.events('audit.recorded')).filter((e) => e.data.action === 'resource_created').length,
      3,
    );
  });

  it('gives distinct codes to simultaneous creates of the same name', async () => {
    const replies = await Promise.all([1, 2, 3, 4].map(() => create({ name: 'Annex', capacity: 5 })));
    assert.deepEqual(
      replies.map((r) => r.status),
      [201, 201, 201, 201],
    );
    assert.deepEqual(replies.map((r) => r.body.code).sort(), ['ANNEX', 'ANNEX-2', 'ANNEX-3', 'ANNEX-4']);
  });

  it('stores custom hours, closed days, buffers, equipment and publishing flags', async () => {
    const hours = {
      mon: { open: '07:30', close: '22:00', closed: false },
      tue: { open: '08:00', close: '18:00', closed: true },
      wed: { open: '08:00', close: '18:00', closed: false },
      thu: { open: '08:00', close: '18:00', closed: false },
      fri: { open: '08:00', close: '23:30', closed: false },
      sat: { open: '09:00', close: '17:00', closed: false },
      sun: { open: '00:00', close: '00:00', closed: true },
    };
    const body = hall({
      name: 'Studio 2',
      type: 'room',
      capacity: 40,
      description: 'Mirrored studio',
      internalNotes: 'Key at desk',
      visibility: 'admin',
      calendarColour: '#16a34a',
      colourName: 'Green',
      hours,
      setupBufferMinutes: 0,
      packdownBufferMinutes: 30,
      applyBuffers: false,
      equipment: [{ name: 'Chairs', quantity: 40 }],
      icsEnabled: true,
      publicCalendar: true,
    });
    const r = await create(body);
    assert.equal(r.status, 201);
    const got = (await h.call('GET', `/api/resources/${r.body.id}`, OWNER)).body;
    assert.deepEqual(got.hours, hours);
    assert.deepEqual(
      [
        got.type,
        got.description,
        got.internalNotes,
        got.visibility,
        got.calendarColour,
        got.setupBufferMinutes,
        got.packdownBufferMinutes,
        got.applyBuffers,
        got.equipment,
        got.icsEnabled,
        got.publicCalendar,
      ],
      [
        'room',
        'Mirrored studio',
        'Key at desk',
        'admin',
        '#16A34A',
        0,
        30,
        false,
        [{ name: 'Chairs', quantity: 40 }],
        true,
        true,
      ],
    );
  });

  it('answers every validation rule with the spec message and stores nothing', async () => {
    const before = (await h.call('GET', '/api/resources', OWNER)).body.length;
    const cases = resourceRuleExamples();
    for (const [body, message] of cases) {
      const r = await create(body);
      assert.equal(r.status, 400, message);
      assert.equal(r.body.message, message);
      assert.ok(r.body.errors.some((e: { message: string }) => e.message === message));
    }
    // A closed day's times are not checked.
    const closed = await create(
      hall({ name: 'Closed Mondays', hours: { mon: { open: '18:00', close: '08:00', closed: true } } }),
    );
    assert.equal(closed.status, 201);
    assert.equal((await h.call('GET', '/api/resources', OWNER)).body.length, before + 1);
  });

  it('updates the whole resource (code stays), with an audit of what changed', async () => {
    const r = (await create(hall({ name: 'Hall B', capacity: 120 }))).body;
    const upd = await h.call('PUT', `/api/resources/${r.id}`, OWNER, {
      ...r,
      name: 'Hall B East',
      capacity: 130,
      code: 'HACKED',
    });
    assert.equal(upd.status, 200);
    assert.deepEqual([upd.body.name, upd.body.capacity, upd.body.code], ['Hall B East', 130, r.code]);
    const audit = (await h.events('audit.recorded'))
      .filter((e) => e.data.action === 'resource_updated')
      .at(-1)!;
    assert.deepEqual(audit.data.changes, {
      name: { old: 'Hall B', new: 'Hall B East' },
      capacity: { old: 120, new: 130 },
    });
    const bad = await h.call('PUT', `/api/resources/${r.id}`, OWNER, { ...r, capacity: -3 });
    assert.deepEqual([bad.status, bad.body.message], [400, 'Capacity must be a whole number ≥ 0']);
    assert.equal((await h.call('GET', `/api/resources/${r.id}`, OWNER)).body.capacity, 130);
    assert.equal(
      (await h.call('PUT', '/api/resources/00000000-0000-4000-8000-000000000000', OWNER, r)).status,
      404,
    );
    assert.equal((await h.call('GET', '/api/resources/not-a-uuid', OWNER)).status, 404);
  });

  it('duplicates as "{name} (Copy)" with a new code, and archives/restores singly and in bulk', async () => {
    const r = (
      await create(
        hall({
          name: 'Community Room',
          type: 'room',
          capacity: 40,
          equipment: [{ name: 'Urn', quantity: 1 }],
        }),
      )
    ).body;
    await h.call('POST', `/api/resources/${r.id}/archive`, OWNER);
    const copy = await h.call('POST', `/api/resources/${r.id}/duplicate`, OWNER);
    assert.equal(copy.status, 201);
    assert.deepEqual(
      [copy.body.name, copy.body.code, copy.body.status, copy.body.capacity, copy.body.equipment],
      ['Community Room (Copy)', 'COMMUNITY-ROOM-COPY', 'active', 40, [{ name: 'Urn', quantity: 1 }]],
    );
    assert.notEqual(copy.body.id, r.id);
    assert.equal((await h.call('GET', `/api/resources/${r.id}`, OWNER)).body.status, 'archived');
    const restored = await h.call('POST', `/api/resources/${r.id}/restore`, OWNER);
    assert.equal(restored.body.status, 'active');

    const bulk = await h.call('POST', '/api/resources/bulk-archive', OWNER, { ids: [r.id, copy.body.id] });
    assert.deepEqual(bulk.body, { archived: 2 });
    const archived = (await h.call('GET', '/api/resources?status=archived', OWNER)).body.map(
      (x: { id: string }) => x.id,
    );
    assert.ok(archived.includes(r.id) && archived.includes(copy.body.id));
    const empty = await h.call('POST', '/api/resources/bulk-archive', OWNER, { ids: [] });
    assert.deepEqual([empty.status, empty.body.message], [400, 'Please select at least one resource']);
  });

  it('filters and sorts the list', async () => {
    await create(hall({ name: 'Outdoor Lawn', type: 'outdoor', capacity: 300 }));
    const list = async (q: string) =>
      (await h.call('GET', `/api/resources?${q}`, OWNER)).body as {
        name: string;
        capacity: number;
        type: string;
      }[];
    assert.deepEqual(
      (await list('type=outdoor')).map((r) => r.name),
      ['Outdoor Lawn'],
    );
    assert.ok((await list('minCapacity=200')).every((r) => r.capacity >= 200));
    assert.deepEqual(
      (await list('search=lawn')).map((r) => r.name),
      ['Outdoor Lawn'],
    );
    assert.deepEqual(
      (await list('search=STUDIO-2')).map((r) => r.name),
      ['Studio 2'],
    );
    const byCap = (await list('sort=capacity&order=desc')).map((r) => r.capacity);
    assert.deepEqual(
      byCap,
      [...byCap].sort((a, b) => b - a),
    );
    const byName = (await list('sort=name')).map((r) => r.name.toLowerCase());
    assert.deepEqual(byName, [...byName].sort());
    assert.equal((await h.call('GET', '/api/resources?type=castle', OWNER)).status, 400);
  });

  it('exports CSV (all or selected) with formula injection neutralised', async () => {
    const evil = (
      await create(hall({ name: '=HYPERLINK("http://x")', capacity: 1, description: 'a, "quoted" text' }))
    ).body;
    const all = await h.call('GET', '/api/resources/export.csv', OWNER);
    assert.equal(all.status, 200);
    assert.match(all.headers.get('content-type')!, /text\/csv/);
    const lines = all.text.trim().split('\r\n');
    // every cell quoted, like every export (the service kit's CSV writer)
    assert.equal(lines[0]!.split(',')[0], '"Code"');
    const one = await h.call('GET', `/api/resources/export.csv?ids=${evil.id}`, OWNER);
    const row = one.text.trim().split('\r\n')[1]!;
    assert.ok(row.includes(`"'=HYPERLINK(""http://x"")"`), row);
    assert.ok(row.includes('"a, ""quoted"" text"'), row);
    assert.equal(one.text.trim().split('\r\n').length, 2);
  });

  it('deleting a resource removes its rate card and takes it off block-outs', async () => {
    const a = (await create(hall({ name: 'Doomed', capacity: 5 }))).body;
    const b = (await create(hall({ name: 'Survivor', capacity: 5 }))).body;
    await h.call('POST', '/api/pricing', OWNER, {
      resourceId: a.id,
      rateType: 'hourly',
      weekdayRateCents: 100,
      weekendRateCents: 100,
    });
    const shared = (
      await h.call('POST', '/api/blockouts/bulk', OWNER, {
        resourceIds: [a.id, b.id],
        dateFrom: '2026-07-01',
        dateTo: '2026-07-02',
        span: 'continuous',
      })
    ).body.blockouts[0];
    const alone = (
      await h.call('POST', '/api/blockouts', OWNER, {
        resourceIds: [a.id],
        dateFrom: '2026-08-01',
        dateTo: '2026-08-01',
      })
    ).body;
    const del = await h.call('DELETE', `/api/resources/${a.id}`, OWNER);
    assert.equal(del.status, 204);
    assert.equal((await h.call('GET', `/api/resources/${a.id}`, OWNER)).status, 404);
    assert.ok(
      !(await h.call('GET', '/api/pricing', OWNER)).body.some(
        (p: { resourceId: string }) => p.resourceId === a.id,
      ),
    );
    assert.deepEqual((await h.call('GET', `/api/blockouts/${shared.id}`, OWNER)).body.resourceIds, [b.id]);
    assert.equal((await h.call('GET', `/api/blockouts/${alone.id}`, OWNER)).status, 404);
    const deleted = (await h.events('resource.deleted')).map((e) => e.data.id);
    assert.ok(deleted.includes(a.id));
    assert.ok((await h.events('blockout.deleted')).some((e) => e.data.id === alone.id));
    assert.ok(
      (await h.events('blockout.updated')).some(
        (e) => e.data.id === shared.id && JSON.stringify(e.data.resourceIds) === JSON.stringify([b.id]),
      ),
    );
  });

  it('another tenant can neither see nor change the resource', async () => {
    const mine = (await create(hall({ name: 'Private Hall', capacity: 50 }))).body;
    const paths: [string, string, unknown][] = [
      ['GET', `/api/resources/${mine.id}`, undefined],
      ['PUT', `/api/resources/${mine.id}`, hall({ name: 'Stolen' })],
      ['DELETE', `/api/resources/${mine.id}`, undefined],
      ['POST', `/api/resources/${mine.id}/duplicate`, undefined],
      ['POST', `/api/resources/${mine.id}/archive`, undefined],
      ['POST', `/api/resources/${mine.id}/ics-token`, undefined],
      ['POST', '/api/resources/bulk-archive', { ids: [mine.id] }],
    ];
    for (const [m, p, b] of paths) assert.equal((await h.call(m, p, OWNER2, b)).status, 404, `${m} ${p}`);
    const theirs = (await h.call('GET', '/api/resources', OWNER2)).body.map((r: { name: string }) => r.name);
    assert.deepEqual(theirs, ['Main Hall']);
    const csv = await h.call('GET', `/api/resources/export.csv?ids=${mine.id}`, OWNER2);
    assert.ok(!csv.text.includes('Private Hall'));
    const still = (await h.call('GET', `/api/resources/${mine.id}`, OWNER)).body;
    assert.deepEqual([still.name, still.status, still.icsFeedActive], ['Private Hall', 'active', false]);
  });

  it('staff who book or view the calendar read the active resources, without internal fields, and change nothing', async () => {
    const open = (
      await create(hall({ name: 'Staff Hall', capacity: 90, internalNotes: 'Key under the mat' }))
    ).body;
    const shut = (await create(hall({ name: 'Shut Hall', internalNotes: 'Asbestos' }))).body;
    assert.equal((await h.call('POST', `/api/resources/${shut.id}/archive`, OWNER)).status, 200);
    assert.equal((await h.call('POST', `/api/resources/${open.id}/ics-token`, OWNER)).status, 201);
    for (const who of [SUB_BOOKINGS, SUB_CALENDAR]) {
      const list = await h.call('GET', '/api/resources?status=archived', who);
      assert.equal(list.status, 200);
      const names = list.body.map((r: { name: string }) => r.name);
      assert.ok(names.includes('Staff Hall') && !names.includes('Shut Hall'), names.join());
      const mine = list.body.find((r: { id: string }) => r.id === open.id);
      // what the booking form and the calendar use
      assert.deepEqual(
        [mine.name, mine.capacity, mine.status, mine.calendarColour, mine.setupBufferMinutes],
        ['Staff Hall', 90, 'active', '#2563EB', 15],
      );
      assert.ok(!list.text.includes('Key under the mat'));
      for (const secret of ['internalNotes', 'icsEnabled', 'icsFeedActive', 'publicCalendar'])
        assert.ok(!(secret in mine), secret);
      // the Resources page's other reads and every write stay closed
      assert.equal((await h.call('GET', `/api/resources/${open.id}`, who)).status, 403);
      assert.equal((await h.call('GET', '/api/resources/export.csv', who)).status, 403);
      assert.equal((await h.call('PUT', `/api/resources/${open.id}`, who, hall())).status, 403);
      assert.equal((await h.call('POST', '/api/resources', who, hall({ name: 'Sneaky' }))).status, 403);
    }
    assert.equal((await h.call('GET', '/api/resources', SUB_NONE)).status, 403);
    // The owner still sees everything, archived and internal fields included.
    const full = (await h.call('GET', '/api/resources', OWNER)).body;
    const shutFull = full.find((r: { id: string }) => r.id === shut.id);
    assert.deepEqual([shutFull.status, shutFull.internalNotes], ['archived', 'Asbestos']);
  });

  it('audit entries carry the resource in words', async () => {
    const r = (await create(hall({ name: 'Label Hall' }))).body;
    await h.call('POST', `/api/resources/${r.id}/archive`, OWNER);
    const audits = (await h.events('audit.recorded')).filter((e) => e.data.target === 'Label Hall');
    assert.deepEqual(
      audits.map((e) => [e.data.action, e.data.targetLabel]),
      [
        ['resource_created', 'Resource Label Hall (LABEL-HALL)'],
        ['resource_updated', 'Resource Label Hall (LABEL-HALL)'],
      ],
    );
  });
});
