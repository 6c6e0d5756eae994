/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { assertTenantTablesHaveRls } from '@venue/service-kit/testing';
import { CONFLICT_MESSAGE } from './booking-store.ts';
import { form, futureDate, HALL, OTHER, OWNER, ROOM, startHarness, type Harness } from './test-support.ts';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(() => h.t.close());

const create = (over: Record<string, unknown> = {}, token = h.tokens.owner) =>
  h.call('POST', '/api/bookings/admin', token, form(over));
const hours = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 3_600_000;
function event(type: string, data: unknown, tenantId = OWNER) {
  return h.t.kit.handleEvent({
    id: randomUUID(),
    type,
    source: 'catalogue',
    tenantId,
    occurredAt: new Date().toISOString(),
    data,
  });
}

describe('service', () => {
  it('is healthy and keeps every tenant table behind row-level security', async () => {
    assert.deepEqual((await h.call('GET', '/health')).body, { status: 'ok', service: 'bookings', db: 'ok' });
    const tables = await assertTenantTablesHaveRls(h.t.kit);
    assert.ok(
      tables.includes('bookings') && tables.includes('resource_slots') && tables.includes('customers'),
    );
  });
});

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
      'Please enter a valid phone number',
    ],
    [
      '3 phone: too many digits',
      { customerPhone: '+1 2345 6789 0123 4567' },
      'Please enter a valid phone number',
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
  ];
  for (const [name, over, message] of cases) {
    it(name, async () => {
      const res = await create(over);
      assert.equal(res.status, 400);
      assert.equal(res.body.message, message);
    });
  }

  it('7 conflict: 409 with the message and the conflicting bookings (buffers included)', async () => {
    const date = futureDate(40);
    const first = await create({
      bookingDate: date,
      startTime: '10:00',
      endTime: '12:00',
      customerName: 'First',
    });
    assert.equal(first.status, 201);
    // 12:15 is inside the 30-minute pack-down of the first booking
    const clash = await create({ bookingDate: date, startTime: '12:15', endTime: '13:00' });
    assert.equal(clash.status, 409);
    assert.equal(clash.body.message, CONFLICT_MESSAGE);
    assert.deepEqual(
      clash.body.conflicts.map((c: any) => [c.customer, c.startTime, c.endTime, c.eventType, c.status]),
      [['First', '10:00', '12:00', 'Wedding', 'pending']],
    );
    // after both buffers (12:30 + 30 min setup) it fits
    assert.equal((await create({ bookingDate: date, startTime: '13:00', endTime: '14:00' })).status, 201);
    // the room does not apply buffers: back to back is fine
    assert.equal(
      (
        await create({
          selectedHall: ROOM,
          guestCount: 5,
          bookingDate: date,
          startTime: '10:00',
          endTime: '12:00',
        })
      ).status,
      201,
    );
    assert.equal(
      (
        await create({
          selectedHall: ROOM,
          guestCount: 5,
          bookingDate: date,
          startTime: '12:00',
          endTime: '13:00',
        })
      ).status,
      201,
    );
  });
});

describe('bookings', () => {
  it('creates a booking with a per-tenant code, price, venue-time instants and a customer', async () => {
    const res = await create({ bookingDate: futureDate(41) });
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

  it('keeps the real length of bookings across the Sydney daylight-saving changes', async () => {
    // 2027-04-04: clocks go back at 03:00; 2027-10-03: forward at 02:00
    const autumn = await create({
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
    const spring = await create({
      selectedHall: ROOM,
      guestCount: 2,
      bookingDate: '2027-10-03',
      startTime: '01:00',
      endTime: '05:00',
    });
    assert.equal(hours(spring.body.booking.startsAt, spring.body.booking.endsAt), 3);
  });

  it('uses an estimated-price override, and creates with price 0 and a note when the catalogue is down', async () => {
    const over = await create({ bookingDate: futureDate(42), estimatedPrice: 123.45 });
    assert.equal(over.body.booking.calculatedPriceCents, 12345);
    h.state.catalogueDown = true;
    try {
      const down = await create({ bookingDate: futureDate(43) });
      assert.equal(down.status, 201);
      assert.equal(down.body.booking.calculatedPriceCents, 0);
      assert.match(down.body.booking.priceDetails.unavailable, /price quote was unavailable/);
    } finally {
      h.state.catalogueDown = false;
    }
  });

  it('edits with the same rules, excluding itself, and moves via drag with the conflict check', async () => {
    const date = futureDate(44);
    const a = (await create({ bookingDate: date, startTime: '08:00', endTime: '10:00' })).body.booking;
    const b = (await create({ bookingDate: date, startTime: '15:00', endTime: '17:00' })).body.booking;
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
    const a = (await create({ bookingDate: date })).body.booking;
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
});

describe('transitions', () => {
  it('confirms with a 25 % deposit computed on the server (inclusive GST at the tenant rate)', async () => {
    const b = (await create({ bookingDate: futureDate(50), startTime: '10:00', endTime: '21:00' })).body
      .booking; // $1100
    const res = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
      status: 'confirmed',
      payment_details: {
        tax_type: 'inclusive',
        deposit_type: 'Percentage',
        deposit_value: '25',
        total_amount: 1,
      },
    });
    assert.equal(res.status, 200);
    const pd = res.body.booking.payment_details;
    assert.deepEqual([pd.total_amount, pd.tax.gst, pd.deposit_amount, pd.final_due], [1100, 100, 275, 825]);
    assert.equal(res.body.booking.depositType, 'Percentage');
    const paid = await h.call('PUT', `/api/bookings/${b.id}`, h.tokens.owner, {
      payment_details: { deposit_paid: true },
    });
    assert.equal(paid.body.booking.payment_details.deposit_paid, true);
    const done = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'completed' });
    assert.equal(done.body.booking.status, 'completed');
    const refused = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
      status: 'cancelled',
    });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, 'Cannot change a completed booking to cancelled.');
  });

  it('cancels with a reason and frees the slot', async () => {
    const date = futureDate(51);
    const b = (await create({ bookingDate: date })).body.booking;
    const res = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
      status: 'cancelled',
      reason: 'Client changed plans',
    });
    assert.equal(res.body.booking.cancellationReason, 'Client changed plans');
    assert.ok(res.body.booking.cancelledAt);
    assert.equal((await create({ bookingDate: date })).status, 201);
    assert.equal(
      (await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'pending' })).status,
      409,
    );
  });

  it('refuses pending → completed and tentative → pending', async () => {
    const b = (await create({ bookingDate: futureDate(52) })).body.booking;
    assert.equal(
      (await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'completed' })).body
        .message,
      'Cannot change a pending booking to completed.',
    );
    await h.call('POST', `/api/bookings/${b.id}/accept`, h.tokens.owner, { holdHours: 24 });
    assert.equal(
      (await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, { status: 'pending' })).status,
      409,
    );
  });

  it('holds: accept blocks the slot, the sweep expires it and frees the slot', async () => {
    const date = futureDate(53);
    const b = (await create({ bookingDate: date })).body.booking;
    const acc = await h.call('POST', `/api/bookings/${b.id}/accept`, h.tokens.owner, { holdHours: 24 });
    assert.equal(acc.body.booking.status, 'tentative');
    assert.equal(hours(new Date().toISOString(), acc.body.booking.holdExpiresAt) > 23.9, true);
    assert.equal((await create({ bookingDate: date })).status, 409);
    const expiring = await h.call('GET', '/api/bookings/holds-expiring', h.tokens.owner);
    assert.ok(expiring.body.holds.some((x: any) => x.bookingId === b.id));
    assert.equal(await h.t.kit.runJob('expire-holds'), true);
    assert.equal((await h.call('GET', `/api/bookings/${b.id}`, h.tokens.owner)).body.status, 'tentative');
    h.clock.now = new Date(Date.now() + 25 * 3_600_000);
    try {
      await h.t.kit.runJob('expire-holds');
    } finally {
      h.clock.now = new Date();
    }
    assert.equal((await h.call('GET', `/api/bookings/${b.id}`, h.tokens.owner)).body.status, 'expired');
    assert.equal((await create({ bookingDate: date })).status, 201);
  });

  it('decline and request changes change state and queue a customer e-mail; bulk reports each id', async () => {
    const date = futureDate(54);
    const a = (
      await create({
        bookingDate: date,
        startTime: '08:00',
        endTime: '09:00',
        customerEmail: 'dee@example.com',
      })
    ).body.booking;
    const b = (await create({ bookingDate: date, startTime: '11:00', endTime: '12:00' })).body.booking;
    assert.equal(
      (await h.call('POST', `/api/bookings/${a.id}/request-changes`, h.tokens.owner, { message: '  ' }))
        .status,
      400,
    );
    const rc = await h.call('POST', `/api/bookings/${a.id}/request-changes`, h.tokens.owner, {
      message: 'Please confirm numbers',
    });
    assert.equal(rc.body.booking.status, 'pending');
    assert.equal(rc.body.booking.changeRequest.message, 'Please confirm numbers');
    assert.equal((await h.call('POST', `/api/bookings/${a.id}/decline`, h.tokens.owner, {})).status, 400);
    const d = await h.call('POST', `/api/bookings/${a.id}/decline`, h.tokens.owner, { reason: 'capacity' });
    assert.equal(d.body.booking.status, 'cancelled');
    const emails = (await h.call('GET', '/api/bookings/emails', h.tokens.owner)).body.filter(
      (e: any) => e.bookingId === a.id,
    );
    assert.deepEqual(emails.map((e: any) => [e.to, e.status]).sort(), [
      ['dee@example.com', 'queued'],
      ['dee@example.com', 'queued'],
    ]);
    const bulk = await h.call('POST', '/api/bookings/bulk/accept', h.tokens.owner, {
      ids: [a.id, b.id],
      holdHours: 48,
    });
    assert.deepEqual(bulk.body.succeeded, [b.id]);
    assert.equal(bulk.body.failed[0].id, a.id);
  });
});

describe('block-outs from the catalogue', () => {
  it('a block-out blocks bookings; one over an existing booking is kept as an alert and claims the slot when freed', async () => {
    const date = futureDate(55);
    const startsAt = new Date(`${date}T00:00:00+11:00`).toISOString();
    const endsAt = new Date(`${date}T23:59:00+11:00`).toISOString();
    const other = futureDate(56);
    const existing = (await create({ bookingDate: other })).body.booking;
    await event('blockout.created', {
      id: randomUUID(),
      tenantId: OWNER,
      resourceIds: [HALL],
      startsAt,
      endsAt,
      reason: 'Maintenance',
    });
    const res = await create({ bookingDate: date });
    assert.equal(res.status, 409);
    assert.equal(res.body.blockouts[0].reason, 'Maintenance');
    const overId = randomUUID();
    await event('blockout.created', {
      id: overId,
      tenantId: OWNER,
      resourceIds: [HALL],
      startsAt: existing.startsAt,
      endsAt: existing.endsAt,
      reason: 'Deep Cleaning',
    });
    const cal = await h.call('GET', `/api/calendar?from=${other}&to=${other}`, h.tokens.owner);
    assert.equal(cal.body.blockouts.find((b: any) => b.id === overId).overlapsBooking, true);
    assert.equal(
      (await h.call('GET', `/api/bookings/${existing.id}`, h.tokens.owner)).body.status,
      'pending',
    );
    await h.call('PUT', `/api/bookings/${existing.id}/status`, h.tokens.owner, { status: 'cancelled' });
    const cal2 = await h.call('GET', `/api/calendar?from=${other}&to=${other}`, h.tokens.owner);
    assert.equal(cal2.body.blockouts.find((b: any) => b.id === overId).overlapsBooking, false);
    await event('blockout.deleted', {
      id: overId,
      tenantId: OWNER,
      resourceIds: [HALL],
      startsAt: existing.startsAt,
      endsAt: existing.endsAt,
    });
    assert.equal((await create({ bookingDate: other })).status, 201);
  });
});

describe('customers', () => {
  it('one record per lower-cased e-mail with RFM, segment, tags and CLV; CSV and PDF exports; anonymise', async () => {
    await create({
      bookingDate: futureDate(60),
      customerEmail: 'NFP@Charity.org',
      customerName: 'Charity',
      customerTier: 'nonprofit',
    });
    await create({
      bookingDate: futureDate(61),
      customerEmail: 'nfp@charity.org',
      customerName: 'Charity Inc',
    });
    const list = await h.call('GET', '/api/customers?search=charity', h.tokens.owner);
    assert.equal(list.body.total, 1);
    const c = list.body.items[0];
    assert.equal(c.name, 'Charity Inc');
    assert.equal(c.totalBookings, 2);
    assert.match(c.rfm, /^[1-5]{3}$/);
    assert.ok(['Champions', 'Loyal', 'New', 'At-Risk', 'Lost'].includes(c.segment));
    const one = await h.call('GET', `/api/customers/${c.id}`, h.tokens.owner);
    assert.equal(one.body.bookings.length, 2);
    assert.equal(
      one.body.clvCents,
      Math.round(one.body.avgSpendPerBookingCents * one.body.frequency12m * 2.5),
    );
    const seg = await h.call('GET', `/api/customers?segment=${c.segment}`, h.tokens.owner);
    assert.ok(seg.body.items.every((x: any) => x.segment === c.segment));
    const csvRes = await h.call('GET', `/api/customers/${c.id}/export.csv?part=bookings`, h.tokens.owner);
    assert.match(csvRes.headers.get('content-disposition')!, new RegExp(`customer_${c.id}_bookings.csv`));
    assert.equal(csvRes.text.trim().split('\r\n').length, 3);
    const pdf = await fetch(`${h.t.url}/api/customers/${c.id}/export.pdf`, {
      headers: { authorization: `Bearer ${h.tokens.owner}` },
    });
    assert.equal((await pdf.arrayBuffer()).byteLength > 500, true);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const anon = await h.call('POST', `/api/customers/${c.id}/anonymise`, h.tokens.owner);
    assert.equal(anon.body.name, 'Anonymous');
    assert.match(anon.body.email, /^anonymised-[0-9a-f]+@invalid$/);
    const bookings = await h.call('GET', '/api/bookings?q=charity', h.tokens.owner);
    assert.equal(bookings.body.total, 0);
    assert.equal((await h.call('POST', `/api/customers/${c.id}/anonymise`, h.tokens.owner)).status, 400);
  });

  it('anonymises on customer.erasure_requested', async () => {
    await create({
      bookingDate: futureDate(62),
      customerEmail: 'erase.me@example.com',
      customerName: 'Erase Me',
    });
    await event('customer.erasure_requested', { email: 'Erase.Me@example.com' });
    const res = await h.call('GET', '/api/customers?search=erase.me', h.tokens.owner);
    assert.equal(res.body.total, 0);
  });
});

describe('calendar', () => {
  it('returns every booking of a month with 2,000 bookings, only the visible range', async () => {
    const year = Number(futureDate(0).slice(0, 4)) + 2;
    await h.t.kit.db.tenantTx(OWNER, async (tx) => {
      // seeded in SQL: 2,000 bookings over June on distinct resources, plus one in July
      await tx.query(
        `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone, event_type,
            booking_date, start_time, end_time, resource_id, resource_name, status, starts_at, ends_at, slot)
         SELECT $1, 'SEED-' || g, 'CUST-SEED', 'Seed ' || g, 'seed@example.com', '+61400000000', 'Meeting',
                make_date($2, 6, 1 + g % 30), '09:00', '10:00', gen_random_uuid(), 'Seed Room', 'confirmed',
                make_date($2, 6, 1 + g % 30) + time '09:00', make_date($2, 6, 1 + g % 30) + time '10:00',
                tstzrange(make_date($2, 6, 1 + g % 30) + time '09:00', make_date($2, 6, 1 + g % 30) + time '10:00')
           FROM generate_series(1, 2001) g`,
        [OWNER, year],
      );
      await tx.query(
        `UPDATE bookings SET booking_date = make_date($1, 7, 1) WHERE booking_code = 'SEED-2001'`,
        [year],
      );
    });
    const started = Date.now();
    const res = await h.call('GET', `/api/calendar?from=${year}-06-01&to=${year}-06-30`, h.tokens.owner);
    assert.equal(res.status, 200);
    assert.equal(res.body.events.length, 2000);
    assert.ok(res.body.events.every((e: any) => e.bookingDate.startsWith(`${year}-06`)));
    assert.ok(Date.now() - started < 5000);
  });
});

describe('tenancy and permissions on every endpoint', () => {
  let id: string;
  let customerId: string;
  before(async () => {
    const b = (await create({ bookingDate: futureDate(70), customerEmail: 'private@example.com' })).body
      .booking;
    id = b.id;
    customerId = b.customerId;
  });
  const endpoints = (): Array<[string, string, unknown?]> => [
    ['GET', `/api/bookings/hall-owner/${OWNER}`],
    ['GET', '/api/bookings'],
    ['GET', '/api/bookings/stats'],
    ['GET', '/api/bookings/search?q=pr'],
    ['GET', `/api/bookings/${id}`],
    ['POST', '/api/bookings/admin', form()],
    ['PUT', `/api/bookings/${id}`, { notes: 'x' }],
    [
      'POST',
      '/api/bookings/check',
      { resourceId: HALL, bookingDate: futureDate(70), startTime: '10:00', endTime: '11:00' },
    ],
    ['PUT', `/api/bookings/${id}/status`, { status: 'cancelled' }],
    ['POST', `/api/bookings/${id}/accept`, {}],
    ['POST', `/api/bookings/${id}/decline`, { reason: 'other' }],
    ['POST', `/api/bookings/${id}/request-changes`, { message: 'x' }],
    ['POST', '/api/bookings/bulk/accept', { ids: [id] }],
    ['POST', '/api/bookings/bulk/decline', { ids: [id], reason: 'other' }],
    [
      'PATCH',
      `/api/bookings/${id}/move`,
      { bookingDate: futureDate(70), startTime: '10:00', endTime: '11:00' },
    ],
    ['GET', `/api/calendar?from=${futureDate(70)}&to=${futureDate(70)}`],
    ['GET', '/api/bookings/holds-expiring'],
    ['GET', '/api/bookings/export.csv'],
    ['GET', '/api/bookings/emails'],
    ['GET', '/api/customers'],
    ['GET', `/api/customers/${customerId}`],
    ['GET', `/api/customers/${customerId}/export.csv`],
    ['GET', `/api/customers/${customerId}/export.pdf`],
    ['POST', `/api/customers/${customerId}/anonymise`],
  ];

  it('401 without a token, 403 for a sub-user without the page key', async () => {
    for (const [method, path, body] of endpoints()) {
      assert.equal((await h.call(method, path, undefined, body)).status, 401, `${method} ${path}`);
      assert.equal((await h.call(method, path, h.tokens.sub, body)).status, 403, `${method} ${path}`);
    }
  });

  it("another owner never sees or changes this owner's bookings or customers", async () => {
    assert.equal((await h.call('GET', `/api/bookings/hall-owner/${OWNER}`, h.tokens.other)).status, 403);
    for (const [method, path, body] of endpoints()) {
      const res = await h.call(method, path, h.tokens.other, body);
      if (path.includes(id) || path.includes(customerId)) assert.equal(res.status, 404, `${method} ${path}`);
      assert.ok(!res.text.includes('private@example.com'), `${method} ${path} leaked`);
      if (path.includes('bulk')) assert.deepEqual(res.body.succeeded, []);
    }
    const mine = await h.call('GET', `/api/bookings/${id}`, h.tokens.owner);
    assert.equal(mine.body.status, 'pending');
    assert.equal(mine.body.notes, '');
    // a booking for OTHER's own hall on that date is unaffected by OWNER's
    assert.equal((await h.call('GET', `/api/bookings/hall-owner/${OTHER}`, h.tokens.other)).status, 200);
  });

  it('a sub-user with the bookings and customers keys works for the parent', async () => {
    assert.equal((await h.call('GET', `/api/bookings/${id}`, h.tokens.subOk)).status, 200);
    assert.equal((await h.call('GET', `/api/customers/${customerId}`, h.tokens.subOk)).status, 200);
    assert.equal((await h.call('GET', `/api/bookings/hall-owner/${OWNER}`, h.tokens.subOk)).status, 200);
  });

  it("a super admin reads a named owner's bookings through the hall-owner path", async () => {
    const res = await h.call('GET', `/api/bookings/hall-owner/${OWNER}`, h.tokens.super);
    assert.equal(res.status, 200);
    assert.ok(res.body.some((b: any) => b.id === id));
  });
});

describe('lists, stats, search and exports', () => {
  it('filters, sorts and pages on the server', async () => {
    const date = futureDate(80);
    const names = ['Zed Party', 'Amy Party', 'Mia Party'];
    for (const [i, n] of names.entries()) {
      await create({
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

  it('confirms exclusive with a fixed deposit; balance and CSV follow the payment details', async () => {
    const b = (
      await create({
        bookingDate: futureDate(81),
        startTime: '10:00',
        endTime: '20:00',
        customerName: '=HYPERLINK("x")',
      })
    ).body.booking; // $1000
    const res = await h.call('PUT', `/api/bookings/${b.id}/status`, h.tokens.owner, {
      status: 'confirmed',
      payment_details: { tax_type: 'exclusive', deposit_type: 'Fixed', deposit_value: '200.005' },
    });
    const pd = res.body.booking.payment_details;
    assert.deepEqual(
      [pd.total_amount, pd.tax.gst, pd.deposit_amount, pd.final_due],
      [1100, 100, 200.01, 899.99],
    );
    assert.equal(res.body.booking.balanceDueCents, 110000);
    await h.call('PUT', `/api/bookings/${b.id}`, h.tokens.owner, { payment_details: { deposit_paid: true } });
    const due = await h.call('GET', `/api/bookings?balanceDue=true&q=hyperlink`, h.tokens.owner);
    assert.equal(due.body.items[0].balanceDueCents, 89999);
    const file = await h.call('GET', `/api/bookings/export.csv?q=hyperlink`, h.tokens.owner);
    const [header, row] = file.text.trim().split('\r\n');
    assert.match(header!, /"Value \(incl\. GST\)","GST","Deposit","Balance \(incl\. GST\)"/);
    assert.match(row!, /^"HH-\d{4}-\d{4}","'=HYPERLINK\(""x""\)"/);
    assert.match(row!, /"1100\.00","100\.00","200\.01","899\.99"/);
  });
});

describe('resources from the catalogue', () => {
  it('uses replicated resource events: capacity, buffers and archiving', async () => {
    const id = randomUUID();
    await event('resource.created', {
      id,
      tenantId: OWNER,
      name: 'Garden',
      capacity: 20,
      status: 'active',
      setupBufferMinutes: 60,
      packdownBufferMinutes: 0,
      applyBuffers: true,
    });
    const date = futureDate(90);
    const a = await create({
      selectedHall: id,
      guestCount: 20,
      bookingDate: date,
      startTime: '10:00',
      endTime: '11:00',
    });
    assert.equal(a.body.booking.resourceName, 'Garden');
    assert.equal(a.body.booking.setupBufferMinutes, 60);
    assert.equal(
      (
        await create({
          selectedHall: id,
          guestCount: 21,
          bookingDate: date,
          startTime: '15:00',
          endTime: '16:00',
        })
      ).status,
      400,
    );
    // the next booking's 60-minute setup would start inside the first
    assert.equal(
      (
        await create({
          selectedHall: id,
          guestCount: 5,
          bookingDate: date,
          startTime: '11:30',
          endTime: '12:00',
        })
      ).status,
      409,
    );
    await event('resource.updated', {
      id,
      tenantId: OWNER,
      name: 'Garden',
      capacity: 20,
      status: 'archived',
      setupBufferMinutes: 60,
      packdownBufferMinutes: 0,
      applyBuffers: true,
    });
    const archived = await create({
      selectedHall: id,
      guestCount: 5,
      bookingDate: date,
      startTime: '18:00',
      endTime: '19:00',
    });
    assert.equal(archived.body.message, 'The selected hall is archived and cannot be booked.');
    assert.equal(
      (await create({ selectedHall: randomUUID() })).body.message,
      'The selected hall was not found.',
    );
  });

  it('answers the busy times of a resource to internal callers only', async () => {
    const path = `/internal/resources/${HALL}/busy?tenantId=${OWNER}`;
    assert.equal((await h.call('GET', path)).status, 401);
    const res = await fetch(h.t.url + path, {
      headers: { 'x-venue-internal': process.env.INTERNAL_SECRET! },
    });
    const body = (await res.json()) as { busy: Array<{ start: string; summary: string }> };
    assert.ok(body.busy.length > 0);
    assert.ok(!JSON.stringify(body).includes('@'));
    assert.equal((await h.call('GET', `/internal/tenant-export/${OWNER}`)).status, 401);
    const exp = await fetch(`${h.t.url}/internal/tenant-export/${OWNER}`, {
      headers: { 'x-venue-internal': process.env.INTERNAL_SECRET! },
    });
    const data = (await exp.json()) as { bookings: Array<{ tenant_id: string }> };
    assert.ok(data.bookings.length > 0 && data.bookings.every((b) => b.tenant_id === OWNER));
  });
});
