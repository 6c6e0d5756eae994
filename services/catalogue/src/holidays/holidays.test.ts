import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useStarted } from '@venue/service-kit/testing';
import { OWNER, OWNER2, OWNER3, startCatalogue } from '../testing/harness.ts';
import { holidaysFromIcs } from './holiday-ics.ts';

describe('public holidays API', () => {
  const h = useStarted(startCatalogue);

  it('creates a holiday with the rule surcharge default and validates name and date', async () => {
    const r = await h.call('POST', '/api/holidays', OWNER, {
      name: 'Royal Easter Show',
      date: '2026-04-10',
      scope: 'Local',
      pricingRule: 'PH-Std',
      blockOut: true,
      notes: 'Parking, limited; "busy"\nall day',
      sourceUrl: 'https://example.org/show',
    });
    assert.equal(r.status, 201);
    assert.deepEqual(
      [
        r.body.scope,
        r.body.pricingRule,
        r.body.surchargePercent,
        r.body.blockOut,
        r.body.provenance,
        r.body.date,
      ],
      ['local', 'PH-Std', 25, true, 'manual', '2026-04-10'],
    );
    const other = await h.call('POST', '/api/holidays', OWNER, {
      name: 'Grand Final Eve',
      date: '2026-09-25',
      pricingRule: 'PH-AFL',
      restrictedTrading: true,
    });
    assert.deepEqual([other.body.surchargePercent, other.body.scope], [0, 'custom']);
    for (const [body, message] of [
      [{ date: '2026-01-01' }, 'Holiday name is required'],
      [{ name: '  ', date: '2026-01-01' }, 'Holiday name is required'],
      [{ name: 'X' }, 'Date is required'],
      [{ name: 'X', date: '2026-02-30' }, 'Date is required'],
      [
        { name: 'X', date: '2026-01-01', surchargePercent: 501 },
        'Surcharge must be a whole percentage from 0 to 500',
      ],
      [
        { name: 'X', date: '2026-01-01', pricingRule: 'PH-Cheap' },
        'Pricing rule must be PH-Std, PH-Religious, PH-AFL or PH-Local',
      ],
    ] as [Record<string, unknown>, string][]) {
      const bad = await h.call('POST', '/api/holidays', OWNER, body);
      assert.deepEqual([bad.status, bad.body.message], [400, message]);
      const badPut = await h.call('PUT', `/api/holidays/${r.body.id}`, OWNER, body);
      assert.deepEqual([badPut.status, badPut.body.message], [400, message]);
    }
    const dup = await h.call('POST', '/api/holidays', OWNER, {
      name: 'Royal Easter Show',
      date: '2026-04-10',
    });
    assert.equal(dup.status, 409);
    const upd = await h.call('PUT', `/api/holidays/${other.body.id}`, OWNER, {
      ...other.body,
      surchargePercent: 40,
    });
    assert.deepEqual([upd.status, upd.body.surchargePercent, upd.body.restrictedTrading], [200, 40, true]);
  });

  it('syncs the NSW 2026 official holidays, idempotently', async () => {
    const first = await h.call('POST', '/api/holidays/sync', OWNER, { state: 'NSW', year: 2026 });
    assert.equal(first.status, 200);
    const byName = new Map(first.body.holidays.map((x: { name: string; date: string }) => [x.name, x]));
    assert.equal((byName.get('Australia Day') as { date: string }).date, '2026-01-26');
    assert.equal((byName.get('Labour Day') as { date: string }).date, '2026-10-05');
    for (const x of first.body.holidays) {
      assert.deepEqual(
        [x.provenance, x.scope, x.state, x.pricingRule, x.surchargePercent],
        ['official', 'statewide', 'NSW', 'PH-Std', 25],
        x.name,
      );
    }
    // Observances (Mother's Day) and bank holidays are not public holidays.
    assert.ok(!byName.has("Mother's Day") && !byName.has('Bank Holiday'));
    // The Monday after Anzac Day on a Saturday stands in for it.
    const anzac = byName.get('Anzac Day') as { id: string };
    assert.equal((byName.get('Anzac Day (substitute day)') as { substitutes: string }).substitutes, anzac.id);
    assert.equal(first.body.added, first.body.holidays.length);
    // Editing an official holiday (the form sends no provenance) keeps it official.
    const labour = byName.get('Labour Day') as Record<string, unknown>;
    const { provenance: _p, ...form } = labour;
    const edited = await h.call('PUT', `/api/holidays/${labour.id}`, OWNER, {
      ...form,
      notes: 'Busy weekend',
    });
    assert.deepEqual([edited.body.provenance, edited.body.notes], ['official', 'Busy weekend']);
    assert.ok(first.body.added >= 12);

    const again = await h.call('POST', '/api/holidays/sync', OWNER, { state: 'NSW', year: 2026 });
    assert.deepEqual([again.body.added, again.body.updated], [0, first.body.added]);
    const all = (await h.call('GET', '/api/holidays?year=2026', OWNER)).body;
    assert.equal(
      all.length,
      first.body.added + 2,
      'no duplicates: the official ones plus the two manual ones',
    );

    for (const [body, message] of [
      [{ state: 'XYZ', year: 2026 }, 'Please choose a state or territory'],
      [{ state: 'NSW', year: 2030 }, 'Year must be between 2024 and 2027'],
    ] as [Record<string, unknown>, string][]) {
      const bad = await h.call('POST', '/api/holidays/sync', OWNER, body);
      assert.deepEqual([bad.status, bad.body.message], [400, message]);
    }
  });

  it('filters by year, search, scope and impact, and sorts', async () => {
    const list = async (q: string) =>
      (await h.call('GET', `/api/holidays?${q}`, OWNER)).body as {
        name: string;
        date: string;
        scope: string;
      }[];
    assert.deepEqual(await list('year=2025'), []);
    assert.deepEqual(
      (await list('year=2026&search=labour')).map((x) => x.name),
      ['Labour Day'],
    );
    assert.deepEqual(
      (await list('scope=local')).map((x) => x.name),
      ['Royal Easter Show'],
    );
    assert.deepEqual(
      (await list('impact=blockout')).map((x) => x.name),
      ['Royal Easter Show'],
    );
    assert.deepEqual(
      (await list('impact=restricted')).map((x) => x.name),
      ['Grand Final Eve'],
    );
    assert.ok((await list('impact=surcharge')).length >= 13);
    const dates = (await list('sort=date&order=desc')).map((x) => x.date);
    assert.deepEqual(dates, [...dates].sort().reverse());
    const names = (await list('sort=name')).map((x) => x.name.toLowerCase());
    assert.deepEqual(names, [...names].sort());
  });

  it('exports ICS and imports it into a fresh tenant with the same holidays', async () => {
    const exported = await h.call('GET', '/api/holidays/export.ics?year=2026', OWNER);
    assert.equal(exported.status, 200);
    assert.match(exported.headers.get('content-type')!, /text\/calendar/);
    assert.match(exported.text, /^BEGIN:VCALENDAR\r\n/);
    assert.match(exported.text, /X-VENUE-PRICING-RULE:PH-Std/);

    const imported = await h.call('POST', '/api/holidays/import', OWNER3, { ics: exported.text });
    assert.equal(imported.status, 200);
    const source = (await h.call('GET', '/api/holidays?year=2026', OWNER)).body;
    assert.deepEqual(imported.body, { imported: source.length, skipped: 0 });
    const strip = (x: Record<string, unknown>) => {
      const { id: _id, updatedAt: _u, substitutes: _s, ...rest } = x;
      return rest;
    };
    const copy = (await h.call('GET', '/api/holidays?year=2026', OWNER3)).body;
    assert.deepEqual(copy.map(strip), source.map(strip));

    // The raw file as text/calendar works too; everything is already there, so all are skipped.
    const again = await h.call('POST', '/api/holidays/import', OWNER3, exported.text, {
      'content-type': 'text/calendar',
    });
    assert.deepEqual(again.body, { imported: 0, skipped: source.length });
  });

  it('imports plain calendars from elsewhere and refuses what is not iCalendar', async () => {
    const foreign = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Gov//EN',
      'BEGIN:VEVENT',
      'UID:1',
      'DTSTART;VALUE=DATE:20270101',
      'SUMMARY:New Year\\, 2027',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:2',
      'DTSTART;VALUE=DATE:20270126',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    assert.equal(holidaysFromIcs(foreign)!.length, 2);
    const r = await h.call('POST', '/api/holidays/import', OWNER2, { ics: foreign });
    assert.deepEqual(r.body, { imported: 1, skipped: 1 }, 'an event without a name is skipped');
    const [ny] = (await h.call('GET', '/api/holidays?year=2027', OWNER2)).body;
    assert.deepEqual(
      [ny.name, ny.date, ny.provenance, ny.scope, ny.pricingRule],
      ['New Year, 2027', '2027-01-01', 'manual', 'custom', null],
    );
    const junk = await h.call('POST', '/api/holidays/import', OWNER2, { ics: 'hello' });
    assert.deepEqual(
      [junk.status, junk.body.message],
      [400, 'The file is not a valid iCalendar (.ics) file'],
    );
    const empty = await h.call('POST', '/api/holidays/import', OWNER2, {});
    assert.deepEqual([empty.status, empty.body.message], [400, 'Please choose an ICS file']);
  });

  it("another tenant cannot read, change or delete this tenant's holiday", async () => {
    const mine = (await h.call('GET', '/api/holidays?search=Royal', OWNER)).body[0];
    assert.equal((await h.call('GET', `/api/holidays/${mine.id}`, OWNER2)).status, 404);
    assert.equal(
      (await h.call('PUT', `/api/holidays/${mine.id}`, OWNER2, { name: 'Mine now', date: '2026-04-10' }))
        .status,
      404,
    );
    assert.equal((await h.call('DELETE', `/api/holidays/${mine.id}`, OWNER2)).status, 404);
    assert.equal(
      (
        await h.call('POST', '/api/holidays', OWNER2, {
          name: 'Sub',
          date: '2026-04-11',
          substitutes: mine.id,
        })
      ).status,
      404,
    );
    assert.ok(
      !(await h.call('GET', '/api/holidays', OWNER2)).body.some((x: { id: string }) => x.id === mine.id),
    );
    assert.equal((await h.call('GET', `/api/holidays/${mine.id}`, OWNER)).body.name, 'Royal Easter Show');
    assert.equal((await h.call('DELETE', `/api/holidays/${mine.id}`, OWNER)).status, 204);
    assert.equal((await h.call('GET', `/api/holidays/${mine.id}`, OWNER)).status, 404);
  });
});
