/**
 * The booking page's calls (issue 25, decision 56) as a visitor meets them, on PGlite and, with
 * TEST_DATABASE_URL, on the PostgreSQL server: availability says busy and nothing else, the
 * server's quote, a request checked as the venue would (each refusal naming its field or its
 * reason, with free times offered), the honeypot, e-mail verification spent once, the venue's
 * hold mode, a repeat, and the venues kept apart.
 *
 * The service's clock is fixed (Monday 3 March 2031, 11:00 in Sydney), so every rule relative to
 * "now" gives the same answer on any day the suite runs; the notice and window rules are also
 * run at moments across the year (both daylight-saving changes, a month and a year end).
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { HALL, OTHER, OTHER_HALL, OWNER, ROOM, useHarness } from '../testing/harness.ts';
import { count, openDoors, outbox, requestBody, visit } from './door-testing.ts';

const NOW = new Date('2031-03-03T00:00:00Z'); // Monday 11:00 in Sydney (AEDT)
const SATURDAY = '2031-03-15';

describe('the booking page', () => {
  const h = useHarness();

  before(async () => {
    h.clock.now = NOW;
    await openDoors(h);
  });

  /** A booking made by staff (a name and an event type a visitor must never see). */
  async function staffBooking(
    date: string,
    startTime: string,
    endTime: string,
    over: Record<string, unknown> = {},
  ) {
    const r = await h.call('POST', '/api/bookings/admin', h.tokens.owner, {
      customerName: 'Secret Person',
      customerEmail: 'secret@example.com',
      customerPhone: '0412 000 111',
      eventType: 'Wedding',
      selectedHall: HALL,
      bookingDate: date,
      startTime,
      endTime,
      guestCount: 50,
      ...over,
    });
    assert.equal(r.status, 201, r.text);
    return r.body.booking;
  }

  describe('availability: busy and nothing else', () => {
    it('answers each day with its opening hours, and busy intervals widened by buffers, merged', async () => {
      // 10:00–12:00 and 13:00–14:00 with 30 min buffers each side touch: one busy stretch 09:30–14:30
      await staffBooking('2031-03-20', '10:00', '12:00');
      await staffBooking('2031-03-20', '13:00', '14:00', { customerEmail: 'two@example.com' });
      const r = await visit(h, 'GET', `/availability?resourceId=${HALL}&from=2031-03-17&to=2031-03-23`);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.timezone, 'Australia/Sydney');
      assert.equal(r.body.days.length, 7);
      assert.deepEqual(r.body.days[0], { date: '2031-03-17', open: '08:00', close: '23:00' });
      assert.deepEqual(r.body.busy, [
        { start: '2031-03-20T09:30:00.000+11:00', end: '2031-03-20T14:30:00.000+11:00' },
      ]);
      assert.equal(r.body.earliestStart, '2031-03-05T11:00:00.000+11:00');
      assert.equal(r.body.lastDate, '2031-08-30');
      // nothing in the answer says whose, what or in which status
      assert.doesNotMatch(r.text, /Secret|Wedding|pending|secret@|HH-|"id"/i);
    });

    it('shows a closed weekday as closed, and block-outs as busy', async () => {
      const reserved = await fetch(`${h.t.url}/internal/blockouts/reserve`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET ?? '',
        },
        body: JSON.stringify({
          tenantId: OWNER,
          revision: 1,
          resourceIds: [ROOM],
          blockouts: [
            { id: randomUUID(), startsAt: '2031-03-18T09:00:00+11:00', endsAt: '2031-03-18T12:00:00+11:00' },
          ],
          reason: 'Maintenance',
          overBookings: false,
        }),
      });
      assert.equal(reserved.status, 200, await reserved.text());
      const r = await visit(h, 'GET', `/availability?resourceId=${ROOM}&from=2031-03-17&to=2031-03-23`);
      assert.equal(r.status, 200, r.text);
      const saturday = r.body.days.find((d: { date: string }) => d.date === '2031-03-22');
      assert.deepEqual(saturday, { date: '2031-03-22', open: null, close: null });
      assert.deepEqual(r.body.busy, [
        { start: '2031-03-18T09:00:00.000+11:00', end: '2031-03-18T12:00:00.000+11:00' },
      ]);
      assert.doesNotMatch(r.text, /Maintenance/);
    });

    it('refuses more than 62 days, naming "to"; a space or venue not online is a 404', async () => {
      const long = await visit(h, 'GET', `/availability?resourceId=${HALL}&from=2031-03-01&to=2031-05-02`);
      assert.equal(long.status, 400);
      assert.equal(long.body.errors[0].path, 'to');
      const backwards = await visit(
        h,
        'GET',
        `/availability?resourceId=${HALL}&from=2031-03-10&to=2031-03-01`,
      );
      assert.equal(backwards.status, 400);
      const junk = await visit(h, 'GET', `/availability?resourceId=nope&from=2031-03-10&to=2031-03-11`);
      assert.equal(junk.status, 400);
      assert.equal(junk.body.errors[0].path, 'resourceId');
      // another venue's space, asked through this venue's page
      const other = await visit(
        h,
        'GET',
        `/availability?resourceId=${OTHER_HALL}&from=2031-03-10&to=2031-03-11`,
      );
      assert.equal(other.status, 404);
    });

    it('never shows one venue the other venue’s bookings', async () => {
      const mine = await visit(h, 'GET', `/availability?resourceId=${HALL}&from=2031-03-20&to=2031-03-20`);
      const theirs = await visit(
        h,
        'GET',
        `/availability?resourceId=${OTHER_HALL}&from=2031-03-20&to=2031-03-20`,
        undefined,
        { tenantId: OTHER, slug: 'other-venue' },
      );
      assert.equal(mine.body.busy.length, 1);
      assert.deepEqual(theirs.body.busy, []);
    });
  });

  describe('the quote', () => {
    it('is the catalogue’s price with GST, line by line', async () => {
      const r = await visit(h, 'POST', '/quote', {
        resourceId: HALL,
        date: SATURDAY,
        startTime: '18:00',
        endTime: '22:00',
        addOns: [{ id: '2a000000-0000-4000-8000-00000000000a', quantity: 1 }],
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.totalCents, 45_000);
      assert.equal(r.body.gstCents, 4091);
      assert.equal(r.body.taxType, 'Inclusive');
      assert.deepEqual(
        r.body.lines.map((l: { amountCents: number }) => l.amountCents),
        [40_000, 5000],
      );
    });

    it('names an add-on the venue does not offer; says each date of a repeat, never whose', async () => {
      const bad = await visit(h, 'POST', '/quote', {
        resourceId: HALL,
        date: SATURDAY,
        startTime: '18:00',
        endTime: '22:00',
        addOns: [{ id: randomUUID(), quantity: 1 }],
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.errors[0].path, 'addOns');
      await staffBooking('2031-03-27', '17:00', '19:00');
      const r = await visit(h, 'POST', '/quote', {
        resourceId: HALL,
        date: '2031-03-20',
        startTime: '18:00',
        endTime: '22:00',
        repeat: { frequency: 'weekly', count: 3 },
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.occurrences.map((o: { date: string; free: boolean; reason: string | null }) => [
          o.date,
          o.free,
          o.reason,
        ]),
        [
          ['2031-03-20', true, null],
          ['2031-03-27', false, 'taken'],
          ['2031-04-03', true, null],
        ],
      );
      assert.equal(r.body.freeCount, 2);
      assert.equal(r.body.seriesTotalCents, 80_000);
      assert.doesNotMatch(r.text, /Secret|Wedding/);
    });
  });

  describe('a request', () => {
    it('becomes a pending booking from the website with the answers and the agreement, seen by staff', async () => {
      const r = await visit(h, 'POST', '/requests', requestBody(SATURDAY), { address: '198.51.100.23' });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.status, 'received');
      assert.equal(r.body.hold, false);
      assert.equal(r.body.bookings.length, 1);
      const code = r.body.bookings[0].code;
      const list = await h.call('GET', '/api/bookings?source=website&status=pending', h.tokens.owner);
      const b = list.body.items.find((x: { bookingCode: string }) => x.bookingCode === code);
      assert.ok(b, 'Booking Requests lists it under source website');
      assert.equal(b.bookingSource, 'website');
      assert.equal(b.status, 'pending');
      assert.equal(b.customerPhone, '+61412345678');
      assert.equal(b.additionalDescription, 'We bring our own cake.');
      assert.equal(b.calculatedPriceCents, 40_000);
      assert.deepEqual(b.onlineRequest.answers, [
        { questionId: 'alcohol', label: 'Will alcohol be served?', answer: 'Yes' },
        { questionId: 'seating', label: 'Seating', answer: 'Banquet' },
        { questionId: 'music', label: 'Tell us about the music', answer: 'A string quartet' },
      ]);
      assert.equal(b.onlineRequest.agreementVersion, 3);
      assert.equal(b.onlineRequest.clientAddress, '198.51.100.23');
      assert.equal(b.onlineRequest.acceptedAt, NOW.toISOString());
      const admin = await h.call('GET', '/api/bookings?source=admin', h.tokens.owner);
      assert.ok(!admin.body.items.some((x: { bookingCode: string }) => x.bookingCode === code));
      const waiting = await h.call('GET', '/api/bookings/requests/waiting', h.tokens.owner);
      assert.equal(waiting.status, 200);
      assert.ok(waiting.body.website >= 1 && waiting.body.count >= waiting.body.website);
      const received = (await outbox(h, 'booking.request_received')).find((e) => e.bookingCode === code);
      assert.ok(received, 'booking.request_received');
      assert.equal(received.source, 'website');
      assert.equal(received.slug, 'harbour-test');
      assert.ok((await outbox(h, 'booking.created')).some((e) => e.bookingCode === code));
    });

    it('refuses a taken slot with 409 and the nearest free starts, same day first', async () => {
      const r = await visit(h, 'POST', '/requests', requestBody(SATURDAY, { email: 'late@example.com' }));
      assert.equal(r.status, 409, r.text);
      assert.equal(r.body.reason, 'taken');
      assert.doesNotMatch(r.text, /Ada|Birthday|HH-/);
      // 18:00–22:00 holds 17:30–22:30: a 4-hour event needs its own 30 min buffers clear of it
      const alternatives = r.body.alternatives.map(
        (a: { date: string; startTime: string }) => `${a.date} ${a.startTime}`,
      );
      assert.deepEqual(alternatives.slice(0, 3), [
        '2031-03-15 12:30',
        '2031-03-15 12:45',
        '2031-03-15 13:00',
      ]);
      assert.deepEqual(alternatives.slice(3), ['2031-03-16 18:00', '2031-03-17 18:00']);
      for (const a of r.body.alternatives) {
        const ok = await visit(h, 'POST', '/quote', {
          resourceId: HALL,
          date: a.date,
          startTime: a.startTime,
          endTime: a.endTime,
        });
        assert.equal(ok.status, 200);
      }
    });

    it('says which of the venue’s rules a slot breaks (422), offering free times', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ date: '2031-03-04' }, 'too_soon'],
        [{ date: '2031-03-05', startTime: '09:00', endTime: '10:30' }, 'too_soon'],
        [{ date: '2031-03-01' }, 'outside_window'],
        [{ date: '2031-09-10' }, 'outside_window'],
        [{ date: SATURDAY, resourceId: ROOM, guests: 8, startTime: '10:00', endTime: '12:00' }, 'closed'],
        [{ date: '2031-03-18', startTime: '07:00', endTime: '09:00' }, 'outside_hours'],
        [{ date: '2031-03-18', startTime: '21:00', endTime: '23:30' }, 'outside_hours'],
      ];
      for (const [over, reason] of cases) {
        const r = await visit(
          h,
          'POST',
          '/requests',
          requestBody(String(over.date), { email: 'rules@example.com', ...over }),
        );
        assert.equal(r.status, 422, `${JSON.stringify(over)}: ${r.text}`);
        assert.equal(r.body.reason, reason, JSON.stringify(over));
        assert.ok(Array.isArray(r.body.alternatives));
      }
      const closed = await visit(
        h,
        'POST',
        '/requests',
        requestBody(SATURDAY, {
          resourceId: ROOM,
          guests: 8,
          startTime: '10:00',
          endTime: '12:00',
          email: 'rules@example.com',
        }),
      );
      assert.match(closed.body.message, /Meeting Room is closed on Saturdays/);
      assert.deepEqual(closed.body.alternatives[0], {
        date: '2031-03-17',
        startTime: '10:00',
        endTime: '12:00',
      });
      const soon = await visit(
        h,
        'POST',
        '/requests',
        requestBody('2031-03-04', { email: 'rules@example.com' }),
      );
      assert.match(soon.body.message, /48 hours' notice: the earliest start is 05\/03\/2031 11:00 AM/);
      assert.equal(soon.body.alternatives[0].date, '2031-03-05');
      assert.equal(
        await count(h, `SELECT count(*) AS n FROM bookings WHERE customer_email = 'rules@example.com'`),
        0,
      );
    });

    it('names the field of every other problem, and keeps nothing', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ answers: { seating: 'Banquet' } }, 'answers.alcohol'],
        [{ answers: { alcohol: 'perhaps', seating: 'Banquet' } }, 'answers.alcohol'],
        [{ answers: { alcohol: false, seating: 'Standing' } }, 'answers.seating'],
        [{ agreementVersion: 2 }, 'agreementVersion'],
        [{ acceptedTerms: false }, 'acceptedTerms'],
        [{ phone: '12' }, 'phone'],
        [{ guests: 101 }, 'guests'],
        [{ guests: 0 }, 'guests'],
        [{ eventType: 'Rave' }, 'eventType'],
        [{ email: 'not-an-address' }, 'email'],
        [{ name: '' }, 'name'],
        [{ endTime: '17:00' }, 'endTime'],
        [{ addOns: [{ id: randomUUID(), quantity: 1 }] }, 'addOns'],
      ];
      for (const [over, path] of cases) {
        const r = await visit(
          h,
          'POST',
          '/requests',
          requestBody('2031-04-12', { email: 'fields@example.com', ...over }),
        );
        assert.equal(r.status, 400, `${JSON.stringify(over)}: ${r.text}`);
        assert.equal(r.body.errors?.[0]?.path, path, JSON.stringify(over));
      }
      const other = await visit(
        h,
        'POST',
        '/requests',
        requestBody('2031-04-12', { resourceId: OTHER_HALL }),
      );
      assert.equal(other.status, 404, 'another venue’s space');
      assert.equal(await count(h, `SELECT count(*) AS n FROM bookings WHERE booking_date = '2031-04-12'`), 0);
    });

    it('answers a filled honeypot as if all went well, and stores nothing', async () => {
      const before = await count(h, 'SELECT count(*) AS n FROM bookings');
      const r = await visit(
        h,
        'POST',
        '/requests',
        requestBody('2031-04-19', { website: 'http://spam.example' }),
      );
      assert.equal(r.status, 202);
      assert.equal(r.body.status, 'verify');
      assert.equal(await count(h, 'SELECT count(*) AS n FROM bookings'), before);
      assert.equal(await count(h, 'SELECT count(*) AS n FROM online_requests'), 0);
    });

    it('books the free dates of a repeat and says which were skipped', async () => {
      await staffBooking('2031-05-08', '19:00', '20:00');
      const r = await visit(
        h,
        'POST',
        '/requests',
        requestBody('2031-05-01', { email: 'series@example.com', repeat: { frequency: 'weekly', count: 3 } }),
      );
      assert.equal(r.status, 201, r.text);
      assert.deepEqual(
        r.body.bookings.map((b: { date: string }) => b.date),
        ['2031-05-01', '2031-05-15'],
      );
      assert.deepEqual(
        r.body.skipped.map((s: { date: string; reason: string }) => [s.date, s.reason]),
        [['2031-05-08', 'taken']],
      );
      const received = (await outbox(h, 'booking.request_received')).filter(
        (e) => e.customerEmail === 'series@example.com',
      );
      assert.equal(received.length, 1, 'one event for the request, naming both bookings');
      assert.equal(received[0]!.bookings.length, 2);
    });
  });

  describe('verification by e-mail', () => {
    before(async () => {
      await openDoors(h, { verifyEmail: true });
    });

    it('keeps an unverified request aside until its link is opened, once', async () => {
      const r = await visit(
        h,
        'POST',
        '/requests',
        requestBody('2031-06-07', { email: 'New.Person@Example.com', name: 'New Person' }),
      );
      assert.equal(r.status, 202, r.text);
      assert.equal(r.body.status, 'verify');
      assert.equal(await count(h, `SELECT count(*) AS n FROM bookings WHERE booking_date = '2031-06-07'`), 0);
      const asked = (await outbox(h, 'booking.request_verification_requested')).at(-1)!;
      assert.equal(asked.email, 'new.person@example.com');
      assert.equal(asked.slug, 'harbour-test');
      assert.equal(asked.date, '2031-06-07');
      assert.equal(asked.resourceName, 'Main Hall');
      // only the token's SHA-256 is kept
      assert.equal(
        await count(
          h,
          `SELECT count(*) AS n FROM online_requests WHERE payload::text LIKE $1 OR token_hash = $2`,
          [`%${asked.token}%`, asked.token],
        ),
        0,
      );
      const first = await visit(h, 'POST', '/requests/verify', { token: asked.token });
      assert.equal(first.status, 200, first.text);
      assert.equal(first.body.status, 'received');
      assert.equal(first.body.booking.date, '2031-06-07');
      const again = await visit(h, 'POST', '/requests/verify', { token: asked.token });
      assert.equal(again.status, 200);
      assert.equal(again.body.status, 'already');
      assert.equal(again.body.booking.code, first.body.booking.code);
      assert.equal(await count(h, `SELECT count(*) AS n FROM bookings WHERE booking_date = '2031-06-07'`), 1);
      const b = (await h.call('GET', '/api/bookings?source=website&q=New%20Person', h.tokens.owner)).body
        .items[0];
      assert.equal(b.status, 'pending');
      assert.equal(b.onlineRequest.acceptedAt, NOW.toISOString());
      // the address is verified for this venue now: its next request goes straight in
      const next = await visit(
        h,
        'POST',
        '/requests',
        requestBody('2031-06-14', { email: 'new.person@example.com', name: 'New Person' }),
      );
      assert.equal(next.status, 201, next.text);
    });

    it('refuses an unknown link, and one past its 24 hours, with 404', async () => {
      const unknown = await visit(h, 'POST', '/requests/verify', { token: 'x'.repeat(43) });
      assert.equal(unknown.status, 404);
      const r = await visit(h, 'POST', '/requests', requestBody('2031-06-21', { email: 'slow@example.com' }));
      assert.equal(r.status, 202);
      const asked = (await outbox(h, 'booking.request_verification_requested')).at(-1)!;
      h.clock.now = new Date(NOW.getTime() + 25 * 3_600_000);
      try {
        const late = await visit(h, 'POST', '/requests/verify', { token: asked.token });
        assert.equal(late.status, 404);
      } finally {
        h.clock.now = NOW;
      }
      // another venue's page cannot spend this venue's link
      const elsewhere = await visit(
        h,
        'POST',
        '/requests/verify',
        { token: asked.token },
        { tenantId: OTHER, slug: 'other-venue' },
      );
      assert.equal(elsewhere.status, 404);
    });

    it('a link whose slot was taken meanwhile answers 409 with alternatives', async () => {
      const r = await visit(
        h,
        'POST',
        '/requests',
        requestBody('2031-06-28', { email: 'beaten@example.com' }),
      );
      assert.equal(r.status, 202);
      const asked = (await outbox(h, 'booking.request_verification_requested')).at(-1)!;
      await staffBooking('2031-06-28', '19:00', '21:00');
      const late = await visit(h, 'POST', '/requests/verify', { token: asked.token });
      assert.equal(late.status, 409, late.text);
      assert.equal(late.body.reason, 'taken');
      assert.ok(late.body.alternatives.length > 0);
      assert.equal(
        await count(h, `SELECT count(*) AS n FROM verified_emails WHERE email = 'beaten@example.com'`),
        1,
      );
    });
  });

  describe('the venue’s hold mode', () => {
    before(async () => {
      await openDoors(h, { mode: 'hold', verifyEmail: false });
    });

    it('holds a free slot for 24 hours (not the staff default of 48)', async () => {
      const r = await visit(
        h,
        'POST',
        '/requests',
        requestBody('2031-07-05', { email: 'holder@example.com' }),
      );
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.hold, true);
      assert.equal(r.body.holdExpiresAt, new Date(NOW.getTime() + 24 * 3_600_000).toISOString());
      const b = (
        await h.call('GET', '/api/bookings?source=website&status=tentative', h.tokens.owner)
      ).body.items.find((x: { bookingDate: string }) => x.bookingDate === '2031-07-05');
      assert.equal(b.status, 'tentative');
    });
  });

  describe('the notice and the window at moments across the year', () => {
    // Sydney: DST ends 6 April 2031 and starts 5 October 2031; a month end and a year end.
    const moments = [
      '2031-04-05T15:30:00Z',
      '2031-10-04T15:30:00Z',
      '2031-01-31T13:00:00Z',
      '2031-12-31T12:59:00Z',
    ];
    before(async () => {
      await openDoors(h, { minNoticeHours: 24, windowDays: 30, verifyEmail: false });
    });

    for (const moment of moments) {
      it(`at ${moment}`, async () => {
        h.clock.now = new Date(moment);
        try {
          const a = await visit(h, 'GET', `/availability?resourceId=${HALL}&from=2031-01-01&to=2031-01-02`);
          const earliest = new Date(Date.parse(moment) + 24 * 3_600_000);
          assert.equal(Date.parse(a.body.earliestStart), earliest.getTime());
          const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
            new Date(moment),
          );
          const last = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000)
            .toISOString()
            .slice(0, 10);
          assert.equal(a.body.lastDate, last);
          const beyond = new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
          const far = await visit(
            h,
            'POST',
            '/requests',
            requestBody(beyond, { email: 'moments@example.com' }),
          );
          assert.equal(far.status, 422, far.text);
          assert.equal(far.body.reason, 'outside_window');
          const todayEvening = await visit(
            h,
            'POST',
            '/requests',
            requestBody(today, { email: 'moments@example.com', startTime: '21:00', endTime: '22:00' }),
          );
          assert.equal(todayEvening.status, 422);
          assert.equal(todayEvening.body.reason, 'too_soon');
        } finally {
          h.clock.now = NOW;
        }
      });
    }
  });

  describe('a venue whose page is off', () => {
    it('answers 404 to every call of its page', async () => {
      await h.settings(OWNER, {});
      try {
        for (const [method, path, body] of [
          ['GET', `/availability?resourceId=${HALL}&from=2031-03-10&to=2031-03-11`, undefined],
          ['POST', '/quote', { resourceId: HALL, date: SATURDAY, startTime: '10:00', endTime: '11:00' }],
          ['POST', '/requests', requestBody('2031-08-02')],
        ] as const) {
          const r = await visit(h, method, path, body);
          assert.equal(r.status, 404, `${method} ${path}`);
          assert.equal(r.body.message, 'This venue does not take online bookings.');
        }
      } finally {
        await openDoors(h);
      }
    });

    it('refuses a caller the gateway did not sign as a visitor', async () => {
      const r = await fetch(
        `${h.t.url}/api/public/venues/harbour-test/availability?resourceId=${HALL}&from=2031-03-10&to=2031-03-11`,
      );
      assert.equal(r.status, 401);
      const staff = await h.call(
        'GET',
        `/api/public/venues/harbour-test/availability?resourceId=${HALL}&from=2031-03-10&to=2031-03-11`,
        h.tokens.owner,
      );
      assert.equal(staff.status, 401);
    });
  });
});
