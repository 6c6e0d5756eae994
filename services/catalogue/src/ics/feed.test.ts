import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OWNER, OWNER2, hall, startCatalogue, type Harness } from '../testing/harness.ts';
import { parseCalendar } from './ical.ts';

describe('ICS feed per resource', () => {
  let h: Harness;
  let hallA: string;
  before(async () => {
    h = await startCatalogue();
    hallA = (await h.call('POST', '/api/resources', OWNER, hall({ name: 'Hall A' }))).body.id;
    await h.call('POST', '/api/blockouts', OWNER, {
      resourceIds: [hallA],
      dateFrom: '2026-07-06',
      dateTo: '2026-07-06',
      timeFrom: '08:00',
      timeTo: '12:00',
      reason: 'Maintenance',
      notes: 'Roof',
    });
  });
  after(() => h.close());

  const events = (text: string) =>
    parseCalendar(text)!
      .getAllSubcomponents('vevent')
      .map((e) => ({
        summary: String(e.getFirstPropertyValue('summary')),
        start: (e.getFirstPropertyValue('dtstart') as { toJSDate(): Date }).toJSDate().toISOString(),
        end: (e.getFirstPropertyValue('dtend') as { toJSDate(): Date }).toJSDate().toISOString(),
      }));

  it('serves the block-outs and bookings at the secret URL without sign-in; revoking ends it', async () => {
    h.busy.set(hallA, [
      { id: 'b1', startsAt: '2026-07-10T00:00:00.000Z', endsAt: '2026-07-10T04:00:00.000Z' },
    ]);
    const gen = await h.call('POST', `/api/resources/${hallA}/ics-token`, OWNER);
    assert.equal(gen.status, 201);
    assert.match(gen.body.icsUrl, /^\/api\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    const resource = (await h.call('GET', `/api/resources/${hallA}`, OWNER)).body;
    assert.deepEqual([resource.icsEnabled, resource.icsFeedActive], [true, true]);
    assert.ok(
      !JSON.stringify(resource).includes(gen.body.icsUrl.slice(9, 52)),
      'the token is not readable later',
    );

    const feed = await h.call('GET', gen.body.icsUrl);
    assert.equal(feed.status, 200);
    assert.match(feed.headers.get('content-type')!, /text\/calendar/);
    assert.deepEqual(events(feed.text), [
      {
        summary: 'Unavailable: Maintenance',
        start: '2026-07-05T22:00:00.000Z',
        end: '2026-07-06T02:00:00.000Z',
      },
      { summary: 'Booked', start: '2026-07-10T00:00:00.000Z', end: '2026-07-10T04:00:00.000Z' },
    ]);

    // Regenerating replaces the URL: the old one stops working.
    const again = await h.call('POST', `/api/resources/${hallA}/ics-token`, OWNER);
    assert.equal((await h.call('GET', gen.body.icsUrl)).status, 404);
    assert.equal((await h.call('GET', again.body.icsUrl)).status, 200);

    // Turning ICS off in the resource stops the feed too.
    await h.call('PUT', `/api/resources/${hallA}`, OWNER, { ...resource, icsEnabled: false });
    assert.equal((await h.call('GET', again.body.icsUrl)).status, 404);
    await h.call('PUT', `/api/resources/${hallA}`, OWNER, { ...resource, icsEnabled: true });
    assert.equal((await h.call('GET', again.body.icsUrl)).status, 200);

    assert.equal((await h.call('DELETE', `/api/resources/${hallA}/ics-token`, OWNER)).status, 204);
    const revoked = await h.call('GET', again.body.icsUrl);
    assert.deepEqual([revoked.status, revoked.body.message], [404, 'Calendar feed not found']);
    assert.equal((await h.call('GET', `/api/resources/${hallA}`, OWNER)).body.icsFeedActive, false);
  });

  it('unknown or malformed tokens 404, and another tenant cannot mint or revoke one', async () => {
    assert.equal((await h.call('GET', `/api/ics/${'A'.repeat(43)}.ics`)).status, 404);
    assert.equal((await h.call('GET', '/api/ics/short.ics')).status, 404);
    assert.equal((await h.call('POST', `/api/resources/${hallA}/ics-token`, OWNER2)).status, 404);
    const mine = await h.call('POST', `/api/resources/${hallA}/ics-token`, OWNER);
    assert.equal((await h.call('DELETE', `/api/resources/${hallA}/ics-token`, OWNER2)).status, 404);
    assert.equal((await h.call('GET', mine.body.icsUrl)).status, 200);
  });
});
