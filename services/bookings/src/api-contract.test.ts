/**
 * Contract test: real answers of every bookings call, checked against the route table in
 * contracts (the zod schema accepts each answer, and each field it carries is documented), so
 * the published OpenAPI document is what the service sends. Ends by naming any call of the
 * table no answer was checked for.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contractRecorder, routesMissingFromTable } from '@venue/contracts/api';
import { BOOKING_ROUTES } from '@venue/contracts/bookings';
import { HALL, OWNER, form, futureDate, unstartedHarness, useHarness } from './testing/harness.ts';
import { asCustomer, openDoors, outbox, requestBody, visit } from './door/door-testing.ts';

const h = unstartedHarness();
const contract = contractRecorder(BOOKING_ROUTES);

/** Calls as the owner, expects `status`, and checks the answer (JSON or file) against the table. */
async function ok(method: string, path: string, status: number, body?: unknown) {
  const r = await h.call(method, path, h.tokens.owner, body);
  assert.equal(r.status, status, `${method} ${path}: ${r.text.slice(0, 300)}`);
  const problems = contract.check(method, path, status, r.body ?? undefined);
  assert.deepEqual(problems, [], problems.join('\n'));
  return r;
}

describe('bookings answers match the API contract', () => {
  useHarness(h);
  it('one booking: check, create, read, edit, move, preview, confirm, complete', async () => {
    const slot = { resourceId: HALL, bookingDate: futureDate(40), startTime: '10:00', endTime: '14:00' };
    await ok('POST', '/api/bookings/check', 200, { ...slot, addOns: [] });
    const b = (await ok('POST', '/api/bookings/admin', 201, form({ ...slot, customerName: 'Contract One' })))
      .body.booking;
    await ok('GET', `/api/bookings/${b.id}`, 200);
    await ok('PUT', `/api/bookings/${b.id}`, 200, { notes: 'Side door', guestCount: 90 });
    await ok('PATCH', `/api/bookings/${b.id}/move`, 200, { ...slot, startTime: '11:00', endTime: '15:00' });
    await ok('POST', `/api/bookings/${b.id}/confirm-preview`, 200, {
      payment_details: { tax_type: 'inclusive', deposit_type: 'Percentage', deposit_value: 25 },
    });
    await ok('PUT', `/api/bookings/${b.id}/status`, 200, {
      status: 'confirmed',
      payment_details: { tax_type: 'inclusive', deposit_type: 'Percentage', deposit_value: 25 },
    });
    await ok('PUT', `/api/bookings/${b.id}`, 200, { payment_details: { deposit_paid: true } });
  });

  it('requests: accept as a hold, ask for changes, decline, and the same in bulk', async () => {
    const make = async (days: number, name: string) =>
      (
        await ok(
          'POST',
          '/api/bookings/admin',
          201,
          form({ bookingDate: futureDate(days), customerName: name }),
        )
      ).body.booking;
    const a = await make(60, 'Contract Hold');
    await ok('POST', `/api/bookings/${a.id}/accept`, 200, { holdHours: 24 });
    await ok('GET', '/api/bookings/holds-expiring', 200);
    const c = await make(61, 'Contract Changes');
    await ok('POST', `/api/bookings/${c.id}/request-changes`, 200, {
      message: 'Please move to the afternoon.',
    });
    await ok('POST', `/api/bookings/${c.id}/decline`, 200, { reason: 'capacity' });
    const x = await make(62, 'Contract Bulk A');
    const y = await make(63, 'Contract Bulk B');
    await ok('POST', '/api/bookings/bulk/accept', 200, { ids: [x.id, 'not-a-booking'], holdHours: 48 });
    await ok('POST', '/api/bookings/bulk/decline', 200, { ids: [y.id], reason: 'capacity' });
  });

  it('a weekly series: check the dates, book them', async () => {
    const slot = { resourceId: HALL, bookingDate: futureDate(120), startTime: '08:00', endTime: '10:00' };
    const repeat = { frequency: 'weekly', count: 3 };
    await ok('POST', '/api/bookings/recurring/check', 200, { ...slot, repeat });
    await ok('POST', '/api/bookings/recurring', 201, {
      ...form({ customerName: 'Contract Series', ...slot }),
      repeat,
    });
  });

  it('lists: page, owner list, stats, search, calendar, CSV', async () => {
    await ok('GET', '/api/bookings?limit=5&withConflicts=1', 200);
    const first = (await ok('GET', '/api/bookings?limit=2&sort=created&order=desc', 200)).body;
    if (first.nextCursor)
      await ok(
        'GET',
        `/api/bookings?limit=2&sort=created&order=desc&cursor=${encodeURIComponent(first.nextCursor)}`,
        200,
      );
    await ok('GET', `/api/bookings/hall-owner/${OWNER}`, 200);
    await ok('GET', '/api/bookings/stats', 200);
    await ok('GET', '/api/bookings/search?q=Contract', 200);
    const day = futureDate(40);
    await ok('GET', `/api/calendar?from=${day.slice(0, 8)}01&to=${futureDate(70)}`, 200);
    await ok('GET', `/api/calendar?from=${day}&to=${futureDate(70)}&perDay=3&resourceId=${HALL}`, 200);
    const csv = await ok('GET', '/api/bookings/export.csv?status=confirmed', 200);
    assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
  });

  it('customers: directory, one customer, exports, anonymise', async () => {
    const list = (await ok('GET', '/api/customers?search=example.com', 200)).body;
    const c = list.items[0];
    assert.ok(c, 'the customer of the bookings above is listed');
    await ok('GET', '/api/customers?sort=clv&order=desc&limit=2', 200);
    await ok('GET', `/api/customers/${c.id}`, 200);
    await ok('GET', `/api/customers/${c.id}/export.csv?part=bookings`, 200);
    const pdf = await fetch(`${h.t.url}/api/customers/${c.id}/export.pdf`, {
      headers: { authorization: `Bearer ${h.tokens.owner}` },
    });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    contract.check('GET', `/api/customers/${c.id}/export.pdf`, 200, undefined);
    await ok('POST', `/api/customers/${c.id}/anonymise`, 200);
  });

  it('the customer’s door: the booking page, the portal, and staff’s documents and count', async () => {
    await openDoors(h, { minNoticeHours: 24, windowDays: 365 });
    /** Checks a door answer (a visitor's or a customer's call) against the table. */
    const door = (
      method: string,
      path: string,
      status: number,
      r: { status: number; body: unknown; text: string },
    ) => {
      assert.equal(r.status, status, `${method} ${path}: ${r.text.slice(0, 300)}`);
      const problems = contract.check(method, path, status, r.body ?? undefined);
      assert.deepEqual(problems, [], problems.join('\n'));
    };
    const base = '/api/public/venues/harbour-test';
    const day = futureDate(70);
    const q = `/availability?resourceId=${HALL}&from=${day}&to=${futureDate(76)}`;
    door('GET', base + q, 200, await visit(h, 'GET', q));
    const slot = { resourceId: HALL, date: day, startTime: '18:00', endTime: '22:00' };
    door(
      'POST',
      `${base}/quote`,
      200,
      await visit(h, 'POST', '/quote', { ...slot, repeat: { frequency: 'weekly', count: 2 } }),
    );
    const made = await visit(
      h,
      'POST',
      '/requests',
      requestBody(day, { email: 'contract-door@example.com' }),
    );
    door('POST', `${base}/requests`, 201, made);
    door(
      'POST',
      `${base}/requests`,
      409,
      await visit(h, 'POST', '/requests', requestBody(day, { email: 'x@example.com' })),
    );
    door('POST', `${base}/requests`, 422, await visit(h, 'POST', '/requests', requestBody(futureDate(400))));
    await openDoors(h, { minNoticeHours: 24, windowDays: 365, verifyEmail: true });
    door(
      'POST',
      `${base}/requests`,
      202,
      await visit(h, 'POST', '/requests', requestBody(futureDate(71), { email: 'new-door@example.com' })),
    );
    const token = (await outbox(h, 'booking.request_verification_requested')).at(-1)!.token;
    door('POST', `${base}/requests/verify`, 200, await visit(h, 'POST', '/requests/verify', { token }));

    const id = (await h.call('GET', `/api/bookings?q=${made.body.bookings[0].code}`, h.tokens.owner)).body
      .items[0].id;
    const me = 'contract-door@example.com';
    door('GET', '/api/portal/bookings', 200, await asCustomer(h, me, 'GET', '/api/portal/bookings'));
    door(
      'GET',
      `/api/portal/bookings/${id}`,
      200,
      await asCustomer(h, me, 'GET', `/api/portal/bookings/${id}`),
    );
    door(
      'POST',
      `/api/portal/bookings/${id}/changes`,
      200,
      await asCustomer(h, me, 'POST', `/api/portal/bookings/${id}/changes`, { message: 'Later start?' }),
    );
    const ics = await asCustomer(h, me, 'GET', `/api/portal/bookings/${id}/calendar.ics`);
    door('GET', `/api/portal/bookings/${id}/calendar.ics`, 200, { ...ics, body: undefined });
    const form = new FormData();
    form.append('kind', 'insurance');
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))]), 'cover.pdf');
    const doc = await asCustomer(h, me, 'POST', `/api/portal/bookings/${id}/documents`, form);
    door('POST', `/api/portal/bookings/${id}/documents`, 201, doc);
    door(
      'GET',
      `/api/portal/bookings/${id}/documents`,
      200,
      await asCustomer(h, me, 'GET', `/api/portal/bookings/${id}/documents`),
    );

    await ok('GET', '/api/bookings/requests/waiting', 200);
    await ok('GET', `/api/bookings/${id}/documents`, 200);
    const file = await fetch(`${h.t.url}/api/bookings/${id}/documents/${doc.body.id}`, {
      headers: { authorization: `Bearer ${h.tokens.owner}` },
    });
    assert.equal(file.status, 200);
    contract.check('GET', `/api/bookings/${id}/documents/${doc.body.id}`, 200, undefined);
    await ok('POST', `/api/bookings/${id}/documents/${doc.body.id}/verify`, 200);
    door(
      'POST',
      `/api/portal/bookings/${id}/cancel`,
      200,
      await asCustomer(h, me, 'POST', `/api/portal/bookings/${id}/cancel`, {}),
    );
  });

  it('every call of the table had an answer checked', () => {
    assert.deepEqual(contract.unchecked(), []);
  });

  it('every /api route the service serves is in the table', () => {
    assert.deepEqual(routesMissingFromTable(BOOKING_ROUTES, h.t.service.router.stack), []);
  });
});
