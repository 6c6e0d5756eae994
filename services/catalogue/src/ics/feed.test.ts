import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { BookingSlotEvent } from '@venue/contracts';
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
        ...(e.getFirstPropertyValue('x-venue-block-out')
          ? {}
          : {
              status: String(e.getFirstPropertyValue('status')),
              description: String(e.getFirstPropertyValue('description')),
            }),
        start: (e.getFirstPropertyValue('dtstart') as { toJSDate(): Date }).toJSDate().toISOString(),
        end: (e.getFirstPropertyValue('dtend') as { toJSDate(): Date }).toJSDate().toISOString(),
      }));

  // bookings the feed lists are recent or ahead (it skips those over 90 days past)
  const YEAR = new Date().getUTCFullYear() + 1;
  const slot = (over: Partial<BookingSlotEvent> = {}): BookingSlotEvent => ({
    id: randomUUID(),
    hallOwnerId: OWNER,
    resourceId: hallA,
    status: 'confirmed',
    startsAt: `${YEAR}-07-10T10:00:00.000+10:00`,
    endsAt: `${YEAR}-07-10T14:00:00.000+10:00`,
    setupBufferMinutes: 15,
    packdownBufferMinutes: 30,
    updatedAt: '2026-06-01T00:00:00.000Z',
    ...over,
  });

  it('serves the block-outs and bookings at the secret URL without sign-in; revoking ends it', async () => {
    assert.equal(await h.booking('booking.created', slot()), 'processed');
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
      {
        summary: 'Booked',
        status: 'CONFIRMED',
        description: 'Also blocked: 15 min setup before, 30 min pack-down after.',
        start: `${YEAR}-07-10T00:00:00.000Z`,
        end: `${YEAR}-07-10T04:00:00.000Z`,
      },
    ]);
    // No customer detail reaches the feed (nor the catalogue's copy).
    for (const personal of ['Jane', 'Smith', 'jane@example.com', 'Wedding', 'HH-2026'])
      assert.ok(!feed.text.includes(personal), personal);

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

  it('folds lines at 75 octets (RFC 5545 §3.1), never inside a multi-byte character', async () => {
    const name = 'Hội trường Tết 李小龍 — Đặng’s Café 🎉 Garden';
    const hallV = (await h.call('POST', '/api/resources', OWNER, hall({ name }))).body.id;
    // every width of UTF-8 (1 to 4 octets) at every offset against the fold
    const notes = Array.from({ length: 12 }, (_, i) => `${'x'.repeat(i)}Zoë Ñúñez 李 Nguyễn Thị Ánh 🎉`).join(
      ' ',
    );
    const made = await h.call('POST', '/api/blockouts', OWNER, {
      resourceIds: [hallV],
      dateFrom: '2026-07-07',
      dateTo: '2026-07-07',
      timeFrom: '08:00',
      timeTo: '12:00',
      reason: 'Other',
      notes,
    });
    assert.equal(made.status, 201, made.text);
    const url = (await h.call('POST', `/api/resources/${hallV}/ics-token`, OWNER)).body.icsUrl;
    const res = await fetch(h.url + url);
    const bytes = Buffer.from(await res.arrayBuffer());
    const lines: Buffer[] = [];
    for (let at = 0; at < bytes.length;) {
      const end = bytes.indexOf('\r\n', at);
      assert.ok(end >= 0, 'every line ends with CRLF');
      lines.push(bytes.subarray(at, end));
      at = end + 2;
    }
    const strict = new TextDecoder('utf-8', { fatal: true });
    for (const line of lines) {
      assert.ok(line.length <= 75, `${line.length} octets: ${line.toString()}`);
      assert.doesNotThrow(() => strict.decode(line), `a character split across lines: ${line.toString()}`);
    }
    assert.ok(
      lines.some((l) => l[0] === 0x20 && l.length === 75),
      'a continued line is filled to 75 octets, its space included',
    );
    // unfolded, the calendar reads back exactly
    const cal = parseCalendar(bytes.toString('utf8'))!;
    assert.equal(cal.getFirstPropertyValue('x-wr-calname'), name);
    const ev = cal.getAllSubcomponents('vevent').find((e) => e.getFirstPropertyValue('x-venue-block-out'))!;
    assert.equal(ev.getFirstPropertyValue('description'), notes);
  });

  it('unknown or malformed tokens 404, and another tenant cannot mint or revoke one', async () => {
    assert.equal((await h.call('GET', `/api/ics/${'A'.repeat(43)}.ics`)).status, 404);
    assert.equal((await h.call('GET', '/api/ics/short.ics')).status, 404);
    assert.equal((await h.call('POST', `/api/resources/${hallA}/ics-token`, OWNER2)).status, 404);
    const mine = await h.call('POST', `/api/resources/${hallA}/ics-token`, OWNER);
    assert.equal((await h.call('DELETE', `/api/resources/${hallA}/ics-token`, OWNER2)).status, 404);
    assert.equal((await h.call('GET', mine.body.icsUrl)).status, 200);
  });

  it('lists every blocking booking as Booked or Held, follows moves and cancellations, and ignores late events', async () => {
    const hallB = (await h.call('POST', '/api/resources', OWNER, hall({ name: 'Hall B' }))).body.id;
    const url = (await h.call('POST', `/api/resources/${hallB}/ics-token`, OWNER)).body.icsUrl;
    const on = (day: string, over: Partial<BookingSlotEvent> = {}) =>
      slot({
        resourceId: hallB,
        startsAt: `${YEAR}-08-${day}T18:00:00.000+10:00`,
        endsAt: `${YEAR}-08-${day}T22:00:00.000+10:00`,
        setupBufferMinutes: 0,
        packdownBufferMinutes: 0,
        ...over,
      });
    const confirmed = on('03');
    const tentative = on('04', { status: 'tentative' });
    const pending = on('05', { status: 'pending' });
    const cancelled = on('06', { status: 'cancelled' });
    // the hold sweep publishes from a system transaction: no tenant on the envelope
    for (const b of [confirmed, tentative, pending]) await h.booking('booking.created', b);
    await h.booking('booking.status_changed', cancelled, null);
    const listed = async () =>
      events((await h.call('GET', url)).text).map((e) => `${e.summary} ${e.start.slice(5, 10)}`);
    assert.deepEqual(await listed(), ['Booked 08-03', 'Held 08-04', 'Held 08-05']);

    // moved, then cancelled; the older "created" delivered late changes nothing
    const later = '2026-06-01T00:00:01.000Z';
    await h.booking('booking.updated', { ...on('09'), id: confirmed.id, updatedAt: later });
    await h.booking('booking.status_changed', {
      ...tentative,
      status: 'expired',
      updatedAt: later,
    });
    assert.deepEqual(await listed(), ['Held 08-05', 'Booked 08-09']);
    await h.booking('booking.created', confirmed);
    await h.booking('booking.created', tentative);
    assert.deepEqual(await listed(), ['Held 08-05', 'Booked 08-09']);

    // another tenant's booking on a resource id of its own never shows here
    await h.booking('booking.created', on('10', { hallOwnerId: OWNER2 }), OWNER2);
    assert.deepEqual(await listed(), ['Held 08-05', 'Booked 08-09']);

    // an event that breaks the contract is refused, not half-stored
    await assert.rejects(h.booking('booking.created', { ...on('11'), startsAt: 'tomorrow' }));
    assert.deepEqual(await listed(), ['Held 08-05', 'Booked 08-09']);
  });
});
