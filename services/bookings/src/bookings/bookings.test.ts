/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { zonedInstant } from '@venue/service-kit';
import { CONFLICT_MESSAGE } from '../availability/conflicts.ts';
import { futureDate, HALL, hours, OWNER, ROOM, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();

describe('bookings', () => {
  useHarness(h);

  describe('§5.1 form validation, in order', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        '1 required (first missing field wins)',
        { customerName: '', eventType: '' },
        'Please fill in the customer name',
      ],
      ['1 required: selected hall', { selectedHall: '' }, 'Please fill in the selected hall'],
      ['1 required: end time', { endTime: '' }, 'Please fill in the end time'],
      [
        '2 e-mail before phone',
        { customerEmail: 'nope', customerPhone: 'x' },
        'Please enter a valid email address',
      ],
      [
        '3 phone before date',
        { customerPhone: '012345', bookingDate: '2020-01-01' },
        'Enter a phone number such as 0412 345 678 or +61 412 345 678',
      ],
      [
        '3 phone: too many digits',
        { customerPhone: '+1 2345 6789 0123 4567' },
        'Enter a phone number such as 0412 345 678 or +61 412 345 678',
      ],
      [
        '4 past date before times',
        { bookingDate: '2020-01-01', startTime: '9am' },
        'Booking date cannot be in the past',
      ],
      [
        '5 HH:MM times before order',
        { startTime: '9:00', endTime: '08:00' },
        'Please enter valid times in HH:MM format',
      ],
      ['6 end after start', { startTime: '14:00', endTime: '14:00' }, 'End time must be after start time'],
      ['guest count at least 1', { guestCount: 0 }, 'Guest count must be a whole number of at least 1'],
      [
        'guest count within capacity',
        { guestCount: 101 },
        "Guest count cannot be more than the hall's capacity of 100",
      ],
      // Said by the contract's schema since issue 28, with the words the service used before.
      ['guest count whole', { guestCount: 2.5 }, 'Guest count must be a whole number of at least 1'],
      ['estimated price not negative', { estimatedPrice: -1 }, 'Estimated price must be 0 or more'],
      [
        'status one a booking can start with',
        { status: 'expired' },
        'Status must be pending, tentative, confirmed, completed or cancelled.',
      ],
    ];
    for (const [name, over, message] of cases) {
      it(name, async () => {
        const res = await h.create(over);
        assert.equal(res.status, 400);
        assert.equal(res.body.message, message);
      });
    }

    it('the status is read in any case and named when refused', async () => {
      const made = await h.create({ status: 'Tentative', bookingDate: futureDate(220) });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      assert.equal(made.body.booking.status, 'tentative');
      const refused = await h.create({ status: 'archived', bookingDate: futureDate(221) });
      assert.deepEqual(refused.body.errors, [
        { path: 'status', message: 'Status must be pending, tentative, confirmed, completed or cancelled.' },
      ]);
    });

    it('3 phone: what an Australian venue types is accepted and stored in E.164 (issue 11, decision 28)', async () => {
      const typed: Array<[string, string]> = [
        ['0412 345 678', '+61412345678'],
        ['(02) 9876 5432', '+61298765432'],
        ['+61 412 345 678', '+61412345678'],
        ['+44 20 7946 0958', '+442079460958'],
      ];
      for (const [i, [customerPhone, stored]] of typed.entries()) {
        const res = await h.create({ customerPhone, bookingDate: futureDate(200 + i) });
        assert.equal(res.status, 201, `${customerPhone}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.booking.customerPhone, stored);
        const read = await h.call('GET', `/api/bookings/${res.body.booking.id}`, h.tokens.owner);
        assert.equal(read.body.customerPhone, stored);
      }
      const refused = await h.create({ customerPhone: '0412 345' });
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.body.errors, [
        { path: 'customerPhone', message: 'Enter a phone number such as 0412 345 678 or +61 412 345 678' },
      ]);
    });

    it("3 phone: a national number is read by the venue country of bookings' settings copy", async () => {
      await h.settings(OWNER, { country: 'NZ' });
      try {
        const nz = await h.create({ customerPhone: '021 123 4567', bookingDate: futureDate(215) });
        assert.equal(nz.status, 201, JSON.stringify(nz.body));
        assert.equal(nz.body.booking.customerPhone, '+64211234567');
        const au = await h.create({ customerPhone: '0412 345 678', bookingDate: futureDate(216) });
        assert.equal(au.status, 400);
        assert.equal(au.body.message, 'Enter a phone number such as 021 123 4567 or +64 21 123 4567');
      } finally {
        await h.settings(OWNER, { country: 'AU' });
      }
    });

    it('3 phone: an edit that leaves a phone stored before E.164 alone is not refused for it', async () => {
      const res = await h.create({ bookingDate: futureDate(210) });
      assert.equal(res.status, 201);
      await h.t.kit.db.systemTx((tx) =>
        tx.query(`UPDATE bookings SET customer_phone = '1234567890123456' WHERE id = $1`, [
          res.body.booking.id,
        ]),
      );
      const notes = await h.call('PUT', `/api/bookings/${res.body.booking.id}`, h.tokens.owner, {
        eventType: 'Birthday',
      });
      assert.equal(notes.status, 200, JSON.stringify(notes.body));
      assert.equal(notes.body.booking.customerPhone, '1234567890123456');
      const fixed = await h.call('PUT', `/api/bookings/${res.body.booking.id}`, h.tokens.owner, {
        customerPhone: '0412 345 678',
      });
      assert.equal(fixed.status, 200, JSON.stringify(fixed.body));
      assert.equal(fixed.body.booking.customerPhone, '+61412345678');
    });

    it('7 conflict: 409 with the message and the conflicting bookings (buffers included)', async () => {
      const date = futureDate(40);
      const first = await h.create({
        bookingDate: date,
        startTime: '10:00',
        endTime: '12:00',
        customerName: 'First',
      });
      assert.equal(first.status, 201);
      // 12:15 is inside the 30-minute pack-down of the first booking
      const clash = await h.create({ bookingDate: date, startTime: '12:15', endTime: '13:00' });
      assert.equal(clash.status, 409);
      assert.equal(clash.body.message, CONFLICT_MESSAGE);
      assert.deepEqual(
        clash.body.conflicts.map((c: any) => [c.customer, c.startTime, c.endTime, c.eventType, c.status]),
        [['First', '10:00', '12:00', 'Wedding', 'pending']],
      );
      // after both buffers (12:30 + 30 min setup) it fits
      assert.equal((await h.create({ bookingDate: date, startTime: '13:00', endTime: '14:00' })).status, 201);
      // the room does not apply buffers: back to back is fine
      const room = (startTime: string, endTime: string) =>
        h.create({ selectedHall: ROOM, guestCount: 5, bookingDate: date, startTime, endTime });
      assert.equal((await room('10:00', '12:00')).status, 201);
      assert.equal((await room('12:00', '13:00')).status, 201);
    });
  });

  describe('bookings: create', () => {
    it('creates a booking with a per-tenant code, price, venue-time instants and a customer', async () => {
      const res = await h.create({ bookingDate: futureDate(41) });
      assert.equal(res.status, 201);
      const b = res.body.booking;
      assert.match(b.bookingCode, /^HH-\d{4}-\d{4}$/);
      assert.equal(b.calculatedPriceCents, 40000);
      assert.equal(b.calculatedPrice, 400);
      assert.equal(b.resourceName, 'Main Hall');
      assert.equal(b.status, 'pending');
      assert.equal(hours(b.startsAt, b.endsAt), 4);
      assert.match(b.customerId, /^CUST-ADAEXAMP/);
      const again = await h.call('GET', `/api/bookings/${b.id}`, h.tokens.owner);
      assert.equal(again.body.bookingCode, b.bookingCode);
    });

    it('takes the next code of the venue and year, four digits at least and never cut', async () => {
      // The code is claimed in the booking's INSERT itself (withCodeClaim); it must read as the
      // counter says, past 9999 too (lpad alone would cut 10000 to 1000).
      // A year no other test books in: the counter is the venue's for the year, shared by the file.
      const date = futureDate(365 * 9 + 43);
      const year = Number(date.slice(0, 4));
      const setCounter = (last: number) =>
        h.t.kit.db.systemTx((tx) =>
          tx.query(
            `INSERT INTO booking_counters (tenant_id, year, last) VALUES ($1, $2, $3)
             ON CONFLICT (tenant_id, year) DO UPDATE SET last = EXCLUDED.last`,
            [OWNER, year, last],
          ),
        );
      await setCounter(41);
      const first = await h.create({ bookingDate: date, startTime: '08:00', endTime: '09:00' });
      assert.equal(first.status, 201, JSON.stringify(first.body));
      assert.equal(first.body.booking.bookingCode, `HH-${year}-0042`);
      await setCounter(9999);
      const past = await h.create({ bookingDate: date, startTime: '10:00', endTime: '11:00' });
      assert.equal(past.status, 201, JSON.stringify(past.body));
      assert.equal(past.body.booking.bookingCode, `HH-${year}-10000`);
    });

    it('keeps the real length of bookings across the Sydney daylight-saving changes', async () => {
      // 2027-04-04: clocks go back at 03:00; 2027-10-03: forward at 02:00
      const autumn = await h.create({
        selectedHall: ROOM,
        guestCount: 2,
        bookingDate: '2027-04-04',
        startTime: '01:00',
        endTime: '05:00',
      });
      assert.equal(autumn.status, 201);
      assert.equal(hours(autumn.body.booking.startsAt, autumn.body.booking.endsAt), 5);
      assert.equal(autumn.body.booking.startsAt, '2027-04-04T01:00:00.000+11:00');
      assert.equal(autumn.body.booking.endsAt, '2027-04-04T05:00:00.000+10:00');
      const spring = await h.create({
        selectedHall: ROOM,
        guestCount: 2,
        bookingDate: '2027-10-03',
        startTime: '01:00',
        endTime: '05:00',
      });
      assert.equal(hours(spring.body.booking.startsAt, spring.body.booking.endsAt), 3);
      // 02:30 does not exist that day and reads as 03:30: 02:30–03:15 would end before it starts
      const folded = await h.create({
        selectedHall: ROOM,
        guestCount: 2,
        bookingDate: '2027-10-03',
        startTime: '02:30',
        endTime: '03:15',
      });
      assert.equal(folded.status, 400, folded.text);
      assert.deepEqual(
        folded.body.errors.map((e: { path: string }) => e.path),
        ['endTime'],
      );
    });

    it('uses an estimated-price override, and creates with price 0 and a note when the catalogue is down', async () => {
      const over = await h.create({ bookingDate: futureDate(42), estimatedPrice: 123.45 });
      assert.equal(over.body.booking.calculatedPriceCents, 12345);
      h.state.catalogueDown = true;
      try {
        const down = await h.create({ bookingDate: futureDate(43) });
        assert.equal(down.status, 201);
        assert.equal(down.body.booking.calculatedPriceCents, 0);
        assert.match(down.body.booking.priceDetails.unavailable, /price quote was unavailable/);
      } finally {
        h.state.catalogueDown = false;
      }
    });
  });

  describe('bookings: edit, move and the live check', () => {
    it('edits with the same rules, excluding itself, and moves via drag with the conflict check', async () => {
      const date = futureDate(44);
      const a = (await h.create({ bookingDate: date, startTime: '08:00', endTime: '10:00' })).body.booking;
      const b = (await h.create({ bookingDate: date, startTime: '15:00', endTime: '17:00' })).body.booking;
      const widened = await h.call('PUT', `/api/bookings/${a.id}`, h.tokens.owner, { endTime: '11:00' });
      assert.equal(widened.status, 200);
      assert.equal(widened.body.booking.endTime, '11:00');
      assert.equal(widened.body.booking.calculatedPriceCents, 30000);
      const moved = await h.call('PATCH', `/api/bookings/${b.id}/move`, h.tokens.owner, {
        bookingDate: date,
        startTime: '11:00',
        endTime: '12:00',
      });
      assert.equal(moved.status, 409);
      assert.equal(moved.body.conflicts[0].id, a.id);
      const ok = await h.call('PATCH', `/api/bookings/${b.id}/move`, h.tokens.owner, {
        bookingDate: date,
        startTime: '13:00',
        endTime: '14:00',
      });
      assert.equal(ok.status, 200);
      const staff = await h.call('PUT', `/api/bookings/${b.id}`, h.tokens.owner, {
        bondRequired: true,
        bondCents: 50000,
        docs: { idVerified: true, insuranceVerified: false },
      });
      assert.equal(staff.body.booking.bondRequired, true);
      const bond = await h.call('GET', `/api/bookings?bondRequired=true&docsMissing=true`, h.tokens.owner);
      assert.deepEqual(
        bond.body.items.map((x: any) => x.id),
        [b.id],
      );
    });

    it('live check lists conflicts and the quote', async () => {
      const date = futureDate(45);
      const a = (await h.create({ bookingDate: date })).body.booking;
      const res = await h.call('POST', '/api/bookings/check', h.tokens.owner, {
        resourceId: HALL,
        bookingDate: date,
        startTime: '13:00',
        endTime: '15:00',
      });
      assert.deepEqual(
        res.body.conflicts.map((c: any) => c.id),
        [a.id],
      );
      assert.equal(res.body.quote.calculatedPriceCents, 20000);
      const self = await h.call('POST', '/api/bookings/check', h.tokens.owner, {
        resourceId: HALL,
        bookingDate: date,
        startTime: '13:00',
        endTime: '15:00',
        excludeId: a.id,
      });
      assert.deepEqual(self.body.conflicts, []);
    });

    it('each conflict says why: the overlap itself, or which buffer and how many minutes', async () => {
      const date = futureDate(46);
      const smith = (
        await h.create({ bookingDate: date, startTime: '10:00', endTime: '14:00', customerName: 'Smith' })
      ).body.booking;
      const check = (startTime: string, endTime: string, over: Record<string, unknown> = {}) =>
        h.call('POST', '/api/bookings/check', h.tokens.owner, {
          resourceId: HALL,
          bookingDate: date,
          startTime,
          endTime,
          ...over,
        });
      const why = async (startTime: string, endTime: string) =>
        (await check(startTime, endTime)).body.conflicts.map((c: any) => [
          c.id,
          c.cause,
          c.bufferMinutes,
          c.explanation,
        ]);
      // The hall keeps 30 min setup and 30 min pack-down around every booking. Times read as the
      // venue's 12 h clock (the test tenants' setting).
      assert.deepEqual(await why('13:00', '15:00'), [
        [smith.id, 'overlap', null, 'Overlaps Smith Wedding (10:00 AM–2:00 PM)'],
      ]);
      assert.deepEqual(await why('14:15', '15:00'), [
        [smith.id, 'packdown_buffer', 30, 'Pack-down buffer of 30 min after Smith Wedding (ends 2:00 PM)'],
      ]);
      // 14:30: neither buffer alone reaches the other booking, together they need an hour
      assert.deepEqual(await why('14:30', '16:00'), [
        [
          smith.id,
          'buffers',
          60,
          "Pack-down buffer of 30 min after Smith Wedding (ends 2:00 PM) and this booking's setup buffer of 30 min need 60 min; the gap is 30 min",
        ],
      ]);
      assert.deepEqual(await why('08:00', '09:45'), [
        [smith.id, 'setup_buffer', 30, 'Setup buffer of 30 min before Smith Wedding (starts 10:00 AM)'],
      ]);
      assert.deepEqual(await why('15:00', '16:00'), []);

      // The same words come with the 409 of a refused create.
      const refused = await h.create({ bookingDate: date, startTime: '14:30', endTime: '16:00' });
      assert.equal(refused.status, 409);
      assert.equal(refused.body.conflicts[0].cause, 'buffers');

      // Right after a create, the check that excludes the new booking (as the form now asks) is clear,
      // and a booking never conflicts with itself on an edit.
      const created = (await h.create({ bookingDate: date, startTime: '18:00', endTime: '20:00' })).body
        .booking;
      assert.deepEqual((await check('18:00', '20:00', { excludeId: created.id })).body.conflicts, []);
      const edit = await h.call('PUT', `/api/bookings/${created.id}`, h.tokens.owner, {
        startTime: '18:00',
        endTime: '20:30',
      });
      assert.equal(edit.status, 200, edit.text);
    });

    it('a clash reads every time in the venue’s one format: 12 h, then 24 h once the setting changes', async () => {
      const date = futureDate(48);
      const jones = (
        await h.create({ bookingDate: date, startTime: '13:00', endTime: '15:30', customerName: 'Jones' })
      ).body.booking;
      // a block-out from the evening before to the next morning: its times fall on other days
      const before = futureDate(47);
      await h.event('blockout.created', {
        id: randomUUID(),
        tenantId: OWNER,
        resourceIds: [HALL],
        startsAt: zonedInstant(before, '21:00', 'Australia/Sydney').toISOString(),
        endsAt: zonedInstant(date, '09:00', 'Australia/Sydney').toISOString(),
        reason: 'Maintenance',
      });
      const explained = async () => {
        const r = await h.call('POST', '/api/bookings/check', h.tokens.owner, {
          resourceId: HALL,
          bookingDate: date,
          startTime: '08:00',
          endTime: '14:00',
        });
        assert.equal(r.status, 200, r.text);
        return [...r.body.conflicts, ...r.body.blockouts].map((c: any) => c.explanation as string);
      };
      const dmy = (d: string) => d.split('-').reverse().join('/');
      // the venue reads 12 h and DD/MM/YYYY (the settings every test tenant starts with)
      let words = await explained();
      assert.deepEqual(words, [
        'Overlaps Jones Wedding (1:00 PM–3:30 PM)',
        `Overlaps the block-out "Maintenance" (${dmy(before)} 9:00 PM–9:00 AM)`,
      ]);
      for (const w of words) assert.doesNotMatch(w, /\b\d{2}:\d{2}\b(?! [AP]M)|\d{4}-\d{2}-\d{2}/, w);
      const refused = await h.create({ bookingDate: date, startTime: '08:00', endTime: '14:00' });
      assert.equal(refused.status, 409);
      assert.deepEqual(
        [...refused.body.conflicts, ...refused.body.blockouts].map((c: any) => c.explanation),
        words,
      );
      // the venue changes to 24 h and YYYY-MM-DD: every time and date follows
      await h.settings(OWNER, { timeFormat: '24h', dateFormat: 'YYYY-MM-DD' });
      try {
        words = await explained();
        assert.deepEqual(words, [
          'Overlaps Jones Wedding (13:00–15:30)',
          `Overlaps the block-out "Maintenance" (${before} 21:00–09:00)`,
        ]);
        for (const w of words) assert.doesNotMatch(w, /[AP]M/, w);
      } finally {
        await h.settings(OWNER, { timeFormat: '12h', dateFormat: 'DD/MM/YYYY' });
      }
      assert.ok(jones.id);
    });

    it('audit entries carry the booking in words: code, customer and event type', async () => {
      const b = (await h.create({ bookingDate: futureDate(47), customerName: 'Smith' })).body.booking;
      await h.call('PUT', `/api/bookings/${b.id}`, h.tokens.owner, { guestCount: 60 });
      await h.call('POST', `/api/bookings/${b.id}/request-changes`, h.tokens.owner, { message: 'Later?' });
      await h.call('POST', `/api/bookings/${b.id}/accept`, h.tokens.owner, {});
      const { rows } = await h.t.kit.db.query<{ action: string; label: string | null }>(
        `SELECT data->>'action' AS action, data->>'targetLabel' AS label FROM outbox
        WHERE type = 'audit.recorded' AND data->>'target' = $1 ORDER BY seq`,
        [b.bookingCode],
      );
      const label = `Booking ${b.bookingCode} — Smith Wedding`;
      assert.deepEqual(
        rows.map((r) => [r.action, r.label]),
        [
          ['booking_created', label],
          ['booking_updated', label],
          ['booking_changes_requested', label],
          ['booking_accepted', label],
        ],
      );
    });
  });

  describe('lists, stats, search and exports', () => {
    it('filters, sorts and pages on the server', async () => {
      const date = futureDate(80);
      const names = ['Zed Party', 'Amy Party', 'Mia Party'];
      for (const [i, n] of names.entries()) {
        await h.create({
          bookingDate: date,
          startTime: `${String(8 + i * 3).padStart(2, '0')}:00`,
          endTime: `${String(9 + i * 3).padStart(2, '0')}:00`,
          customerName: n,
          customerEmail: `p${i}@party.test`,
        });
      }
      const page1 = await h.call(
        'GET',
        `/api/bookings?from=${date}&to=${date}&sort=customer&order=asc&limit=2`,
        h.tokens.owner,
      );
      assert.deepEqual([page1.body.total, page1.body.totalPages], [3, 2]);
      assert.deepEqual(
        page1.body.items.map((b: any) => b.customerName),
        ['Amy Party', 'Mia Party'],
      );
      const page2 = await h.call(
        'GET',
        `/api/bookings?from=${date}&to=${date}&sort=customer&order=asc&limit=2&page=2`,
        h.tokens.owner,
      );
      assert.deepEqual(
        page2.body.items.map((b: any) => b.customerName),
        ['Zed Party'],
      );
      const beyond = await h.call(
        'GET',
        `/api/bookings?from=${date}&to=${date}&limit=2&page=9`,
        h.tokens.owner,
      );
      assert.deepEqual([beyond.body.items.length, beyond.body.total], [0, 3]);
      const q = await h.call('GET', `/api/bookings?q=mia%20party`, h.tokens.owner);
      assert.deepEqual(
        q.body.items.map((b: any) => b.customerName),
        ['Mia Party'],
      );
      const search = await h.call('GET', '/api/bookings/search?q=pa', h.tokens.owner);
      assert.ok(search.body.length <= 8 && search.body.length >= 3);
      assert.deepEqual((await h.call('GET', '/api/bookings/search?q=p', h.tokens.owner)).body, []);
      const pending = await h.call(
        'GET',
        `/api/bookings/hall-owner/${OWNER}?status=PENDING_REVIEW`,
        h.tokens.owner,
      );
      assert.ok(pending.body.length > 0 && pending.body.every((b: any) => b.status === 'pending'));
      const stats = await h.call('GET', '/api/bookings/stats', h.tokens.owner);
      assert.equal(stats.body.pendingCount, pending.body.length);
    });
  });

  describe('exports', () => {
    it('confirms exclusive with a fixed deposit; balance and CSV follow the payment details', async () => {
      const b = (
        await h.create({
          bookingDate: futureDate(81),
          startTime: '10:00',
          endTime: '20:00',
          customerName: '=HYPERLINK("x")',
        })
      ).body.booking; // $1000
      const res = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
        status: 'confirmed',
        payment_details: { tax_type: 'exclusive', deposit_type: 'Fixed', deposit_value: 200.005 },
      });
      const pd = res.body.booking.payment_details;
      assert.deepEqual(
        [pd.total_amount, pd.tax.gst, pd.deposit_amount, pd.final_due],
        [1100, 100, 200.01, 899.99],
      );
      assert.equal(res.body.booking.balanceDueCents, 110000);
      await h.call('PUT', `/api/bookings/${b.id}`, h.tokens.owner, {
        payment_details: { deposit_paid: true },
      });
      const due = await h.call('GET', `/api/bookings?balanceDue=true&q=hyperlink`, h.tokens.owner);
      assert.equal(due.body.items[0].balanceDueCents, 89999);
      const file = await h.call('GET', `/api/bookings/export.csv?q=hyperlink`, h.tokens.owner);
      const [header, row] = file.text.trim().split('\r\n');
      assert.match(header!, /"Value \(incl\. GST\)","GST","Deposit","Balance \(incl\. GST\)"/);
      assert.match(row!, /^"HH-\d{4}-\d{4}","'=HYPERLINK\(""x""\)"/);
      assert.match(row!, /"1100\.00","100\.00","200\.01","899\.99"/);
    });

    it('the CSV export checks its filters with the list contract: a 400 naming the field', async () => {
      for (const [query, field] of [
        ['status=confirmed&status=cancelled', 'status'],
        ['sort=nonsense', 'sort'],
        ['from=2026-02-30', 'from'],
        ['resourceId=not-a-uuid', 'resourceId'],
      ] as const) {
        const res = await h.call('GET', `/api/bookings/export.csv?${query}`, h.tokens.owner);
        assert.equal(res.status, 400, query);
        assert.equal(res.body.errors[0].path, field, query);
      }
      assert.equal(
        (await h.call('GET', '/api/bookings/export.csv?status=confirmed', h.tokens.owner)).status,
        200,
      );
    });
  });
});
