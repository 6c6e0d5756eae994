/**
 * A user action never fails because an event has not arrived yet (issue 27 item 2): 70 of 238
 * invoices raised just after a burst of bookings failed with "Booking not found… try again in a
 * minute" while money's copy was behind. Now money asks bookings for a booking its copy lacks,
 * stores it as its event would have, and goes on; bookings' later event changes nothing twice.
 * Bookings is the stand-in here (`GET /internal/bookings/{tenant}/{id}`); its real route is
 * tested in bookings' internal-routes.test.ts. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { unstarted, useStarted } from '@venue/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { bookingPayload, OWNER, OWNER2, startMoney, type Harness } from '../testing/harness.ts';

const h = unstarted<Harness>();
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('copies/booking-not-copied-yet.test.ts', () => {
  useStarted(startMoney, h);

  const invoicesOf = async (bookingId: string) =>
    (await h.call('GET', `/api/invoices/hall-owner/${OWNER}?bookingId=${bookingId}`, OWNER)).body as {
      type: string;
      totalCents: number;
    }[];

  describe('a booking whose event has not reached money yet', () => {
    test('an invoice for it is raised from bookings’ answer, with its figures, and its late event changes nothing twice', async () => {
      const booking = bookingPayload('booking.created', { totalCents: 88_000, customerName: 'Ada Early' });
      h.peers.bookings.set(booking.id, booking);
      const r = await h.call('POST', '/api/invoices', OWNER, { bookingId: booking.id, invoiceType: 'FINAL' });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.totalCents, 88_000);
      assert.equal(r.body.customer.name, 'Ada Early');
      assert.ok(h.peers.calls.some((c) => c.path === `/internal/bookings/${OWNER}/${booking.id}`));
      // the event arrives afterwards: the copy is already there, and nothing is invoiced twice
      await h.booking('booking.created', {
        id: booking.id,
        totalCents: 88_000,
        customerName: 'Ada Early',
        updatedAt: booking.updatedAt,
      });
      const list = await invoicesOf(booking.id);
      assert.deepEqual(
        list.map((i) => [i.type, i.totalCents]),
        [['FINAL', 88_000]],
      );
    });

    test('a bond for it is taken the same way', async () => {
      const booking = bookingPayload('booking.created', {});
      h.peers.bookings.set(booking.id, booking);
      const r = await h.call('POST', '/api/deposits/bonds', OWNER, {
        bookingId: booking.id,
        amount: 500,
        paymentMethod: 'Cash',
      });
      assert.equal(r.status, 201, r.text);
    });

    test('a booking bookings does not have either is a 404 naming bookingId; nothing is saved', async () => {
      const r = await h.call('POST', '/api/invoices', OWNER, {
        bookingId: randomUUID(),
        invoiceType: 'FINAL',
        amountCents: 1000,
      });
      assert.equal(r.status, 404, r.text);
      assert.deepEqual(r.body.errors, [{ path: 'bookingId', message: 'No such booking.' }]);
      assert.doesNotMatch(r.body.message, /try again/);
    });

    test('another venue’s booking is not taken, whatever bookings answers', async () => {
      const theirs = bookingPayload('booking.created', { hallOwnerId: OWNER2 });
      h.peers.bookings.set(theirs.id, theirs);
      const r = await h.call('POST', '/api/invoices', OWNER, {
        bookingId: theirs.id,
        invoiceType: 'FINAL',
        amountCents: 1000,
      });
      assert.equal(r.status, 404, r.text);
    });

    test('bookings cannot be reached: 503 saying nothing was saved', async () => {
      h.peerUrls.bookings = 'http://127.0.0.1:9';
      try {
        const bookingId = randomUUID();
        const r = await h.call('POST', '/api/invoices', OWNER, {
          bookingId,
          invoiceType: 'FINAL',
          amountCents: 1000,
        });
        assert.equal(r.status, 503, r.text);
        assert.match(r.body.message, /nothing was saved/);
        assert.deepEqual(await invoicesOf(bookingId), []);
      } finally {
        h.peerUrls.bookings = h.peers.url;
      }
    });
  });
});
