/**
 * Deposits and bonds (issue 13): confirming a booking with a deposit issues its DEPOSIT invoice;
 * Mark Paid records a payment, Mark Unpaid a reversal (nothing deleted); bookings hears
 * `booking_money.changed`. Bonds: held without GST, refunded, or kept in part with GST on
 * the kept part. The overdue sweep follows the venue's calendar.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { depositListSchema, bondSchema } from '@venue/contracts/money-api';
import { OWNER, OWNER2, SUB_DEPOSITS, SUB_INVOICES, startMoney, type Harness } from '../testing/harness.ts';

let h: Harness;
let clock = new Date();
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('deposits/deposits.test.ts', () => {
  before(async () => {
    h = await startMoney({ now: () => clock });
  });
  after(() => h.close());

  describe('deposits', () => {
    test('confirming a booking with a deposit issues its DEPOSIT invoice once, however often the event comes', async () => {
      const id = await h.booking('booking.created', {
        status: 'pending',
        totalCents: 200_000,
        depositCents: 60_000,
      });
      await h.booking(
        'booking.status_changed',
        { id, status: 'confirmed', totalCents: 200_000, depositCents: 60_000 },
        'pending',
      );
      await h.booking(
        'booking.status_changed',
        { id, status: 'confirmed', totalCents: 200_000, depositCents: 60_000 },
        'pending',
      );
      const list = await h.call('GET', `/api/invoices/hall-owner/${OWNER}?bookingId=${id}`, OWNER);
      assert.equal(list.body.length, 1);
      assert.equal(list.body[0].type, 'DEPOSIT');
      assert.equal(list.body[0].status, 'SENT');
      assert.equal(list.body[0].totalCents, 60_000);
      assert.equal(list.body[0].gstCents, 5_455); // 600.00 × 1/11 = 54.5454… → 54.55
      assert.match(list.body[0].invoiceNumber, /^INV-\d{4}-\d{5}$/);
    });

    test('Mark Paid, then Mark Unpaid: a payment and a reversal record; bookings gets the deposit flag and balance', async () => {
      const id = await h.booking('booking.created', { totalCents: 100_000, depositCents: 25_000 });
      const before = depositListSchema.parse(
        (await h.call('GET', `/api/deposits/hall-owner/${OWNER}`, OWNER)).body,
      );
      const row = before.find((d) => d.bookingId === id)!;
      assert.equal(row.status, 'Unpaid');
      assert.equal(row.depositCents, 25_000);
      assert.equal(row.finalDueCents, 75_000);

      const paid = await h.call('POST', `/api/deposits/${id}/mark-paid`, SUB_DEPOSITS, {
        paymentMethod: 'Cash',
      });
      assert.equal(paid.status, 200, paid.text);
      assert.equal(paid.body.deposit.status, 'Paid');
      assert.equal(paid.body.deposit.depositPaid, true);
      assert.ok(paid.body.deposit.paidAt);
      assert.equal(paid.body.invoice.status, 'PAID');
      const again = await h.call('POST', `/api/deposits/${id}/mark-paid`, OWNER, { paymentMethod: 'Cash' });
      assert.equal(again.status, 409);
      const money = (await h.events('booking_money.changed')).filter((e) => e.data.bookingId === id).at(-1)!;
      assert.equal(money.data.depositPaid, true);
      assert.equal(money.data.balanceDueCents, 75_000);
      assert.equal((await h.events('deposit.paid')).filter((e) => e.data.bookingId === id).length, 1);

      const unpaid = await h.call('POST', `/api/deposits/${id}/mark-unpaid`, OWNER, {
        reason: 'Cheque bounced',
      });
      assert.equal(unpaid.status, 200, unpaid.text);
      assert.equal(unpaid.body.deposit.status, 'Unpaid');
      assert.equal(unpaid.body.invoice.status, 'SENT');
      const detail = (await h.call('GET', `/api/invoices/${paid.body.invoice.id}`, OWNER)).body;
      assert.deepEqual(
        detail.payments.map((p: { kind: string; status: string }) => [p.kind, p.status]),
        [
          ['payment', 'Reversed'],
          ['reversal', 'Reversed'],
        ],
      );
      const last = (await h.events('booking_money.changed')).filter((e) => e.data.bookingId === id).at(-1)!;
      assert.equal(last.data.depositPaid, false);
      assert.equal(last.data.balanceDueCents, 100_000);
      assert.equal((await h.events('deposit.unpaid')).filter((e) => e.data.bookingId === id).length, 1);
      assert.equal((await h.call('POST', `/api/deposits/${id}/mark-unpaid`, OWNER, {})).status, 409);
      // staff need the Deposits page
      assert.equal(
        (await h.call('POST', `/api/deposits/${id}/mark-paid`, SUB_INVOICES, { paymentMethod: 'Cash' }))
          .status,
        403,
      );
    });

    test('bookings hands over a deposit flag: money records it, a repeat is a no-op, a refusal comes back as data', async () => {
      const id = await h.booking('booking.created', { totalCents: 80_000, depositCents: 20_000 });
      const put = (body: unknown) =>
        h.call('PUT', `/internal/deposits/${id}`, undefined, body, {
          [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET!,
        });
      assert.equal(
        (await h.call('PUT', `/internal/deposits/${id}`, OWNER, { tenantId: OWNER, depositPaid: true }))
          .status,
        401,
      );
      const paid = await put({
        tenantId: OWNER,
        depositPaid: true,
        actor: { id: OWNER, email: 'owner@harbourside.test', role: 'hall_owner' },
      });
      assert.equal(paid.status, 200, paid.text);
      const audit = (await h.events('audit.recorded'))
        .filter((e) => e.data.action === 'payment_recorded')
        .at(-1)!;
      assert.equal(audit.data.actorEmail, 'owner@harbourside.test', 'the person who asked in bookings');
      assert.deepEqual(
        [paid.body.ok, paid.body.bookingMoney.depositPaid, paid.body.bookingMoney.balanceDueCents],
        [true, true, 60_000],
      );
      const again = await put({ tenantId: OWNER, depositPaid: true });
      assert.equal(again.body.bookingMoney.depositPaid, true);
      const list = (await h.call('GET', `/api/invoices/hall-owner/${OWNER}?bookingId=${id}`, OWNER)).body;
      assert.equal(list[0].paidCents, 20_000, 'paid once');
      const unpaid = await put({ tenantId: OWNER, depositPaid: false });
      assert.equal(unpaid.body.bookingMoney.depositPaid, false);
      assert.equal((await put({ tenantId: OWNER, depositPaid: false })).body.ok, true);
      const none = await h.booking('booking.created', { totalCents: 80_000 });
      const refused = await h.call(
        'PUT',
        `/internal/deposits/${none}`,
        undefined,
        { tenantId: OWNER, depositPaid: true },
        {
          [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET!,
        },
      );
      assert.deepEqual(refused.body, { ok: false, status: 409, message: 'This booking has no deposit.' });
    });

    test('a booking without a deposit has nothing to mark paid; another venue’s booking is not found', async () => {
      const none = await h.booking('booking.created', { totalCents: 100_000 });
      assert.equal(
        (await h.call('POST', `/api/deposits/${none}/mark-paid`, OWNER, { paymentMethod: 'Cash' })).status,
        409,
      );
      const theirs = await h.booking('booking.created', { hallOwnerId: OWNER2, depositCents: 100 });
      assert.equal(
        (await h.call('POST', `/api/deposits/${theirs}/mark-paid`, OWNER, { paymentMethod: 'Cash' })).status,
        404,
      );
      const card = await h.call('POST', `/api/deposits/${none}/mark-paid`, OWNER, { paymentMethod: 'Card' });
      assert.equal(card.status, 400);
      assert.equal(card.body.errors[0].path, 'paymentMethod');
    });
  });

  describe('bonds', () => {
    test('held without GST, then kept in part: a BOND tax invoice with GST on the kept part, the rest returned', async () => {
      const id = await h.booking('booking.created');
      const held = await h.call('POST', '/api/deposits/bonds', OWNER, {
        bookingId: id,
        amount: 500,
        paymentMethod: 'Bank Transfer',
      });
      assert.equal(held.status, 201, held.text);
      const bond = bondSchema.parse(held.body);
      assert.equal(bond.status, 'HELD');
      assert.equal(bond.forfeitedGstCents, 0);
      assert.equal(
        (
          await h.call('POST', '/api/deposits/bonds', OWNER, {
            bookingId: id,
            amount: 1,
            paymentMethod: 'Cash',
          })
        ).status,
        409,
      );
      const tooMuch = await h.call('POST', `/api/deposits/bonds/${bond.id}/forfeit`, OWNER, {
        amount: 500.01,
        reason: 'Damage',
      });
      assert.equal(tooMuch.status, 409);
      const kept = await h.call('POST', `/api/deposits/bonds/${bond.id}/forfeit`, OWNER, {
        amount: 123.45,
        reason: 'Broken table',
      });
      assert.equal(kept.status, 200, kept.text);
      assert.equal(kept.body.status, 'PARTIALLY_FORFEITED');
      assert.equal(kept.body.forfeitedCents, 12_345);
      assert.equal(kept.body.forfeitedGstCents, 1_122); // 123.45 × 1/11 = 11.2227… → 11.22
      assert.equal(kept.body.refundedCents, 37_655);
      const inv = (await h.call('GET', `/api/invoices/${kept.body.forfeitInvoiceId}`, OWNER)).body;
      assert.equal(inv.type, 'BOND');
      assert.equal(inv.status, 'PAID');
      assert.equal(inv.totalCents, 12_345);
      assert.equal(inv.gstCents, 1_122);
      assert.equal(inv.subtotalCents, 11_223);
      assert.match(inv.invoiceNumber, /^INV-/);
      assert.equal((await h.call('POST', `/api/deposits/bonds/${bond.id}/refund`, OWNER, {})).status, 409);
    });

    test('refunded in full: no GST anywhere, no invoice', async () => {
      const id = await h.booking('booking.created');
      const bond = (
        await h.call('POST', '/api/deposits/bonds', OWNER, {
          bookingId: id,
          amountCents: 30_000,
          paymentMethod: 'Cash',
        })
      ).body;
      const back = await h.call('POST', `/api/deposits/bonds/${bond.id}/refund`, OWNER, {
        paymentMethod: 'Cash',
      });
      assert.equal(back.status, 200);
      assert.equal(back.body.status, 'REFUNDED');
      assert.equal(back.body.refundedCents, 30_000);
      assert.equal(back.body.forfeitedGstCents, 0);
      assert.equal(back.body.forfeitInvoiceId, null);
      const listed = await h.call('GET', `/api/deposits/bonds/hall-owner/${OWNER}`, OWNER);
      assert.ok(listed.body.some((b: { id: string }) => b.id === bond.id));
      assert.equal((await h.call('GET', `/api/deposits/bonds/hall-owner/${OWNER}`, OWNER2)).status, 403);
    });
  });

  describe('overdue sweep', () => {
    test('past the due date on the venue’s calendar an open invoice becomes OVERDUE, high priority, days counted', async () => {
      const id = await h.booking('booking.created', { totalCents: 10_000 });
      const inv = (
        await h.call('POST', '/api/invoices', OWNER, { bookingId: id, invoiceType: 'FINAL', issue: true })
      ).body;
      // issued back then, due 10 March 2026 (a due date before today's issue date is refused now)
      await h.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query(
          `UPDATE invoices SET issue_date = '2026-03-01', due_date = '2026-03-10' WHERE tenant_id = $1 AND id = $2`,
          [OWNER, inv.id],
        ),
      );
      // 23:30 on 10 March in Sydney (12:30 UTC): still the due day there
      clock = new Date('2026-03-10T12:30:00Z');
      await h.t.kit.runJob('mark-overdue');
      assert.equal((await h.call('GET', `/api/invoices/${inv.id}`, OWNER)).body.status, 'SENT');
      // 00:30 on 11 March in Sydney (13:30 UTC on the 10th): overdue there
      clock = new Date('2026-03-10T13:30:00Z');
      await h.t.kit.runJob('mark-overdue');
      const after = (await h.call('GET', `/api/invoices/${inv.id}`, OWNER)).body;
      assert.equal(after.status, 'OVERDUE');
      assert.equal(after.priority, 'high');
      assert.ok(after.daysOverdue >= 1);
      const partial = await h.call('POST', `/api/invoices/${inv.id}/payments`, OWNER, {
        amount: 10,
        paymentMethod: 'Cash',
      });
      assert.equal(partial.body.invoice.status, 'OVERDUE', 'a part payment leaves it overdue');
      const reminders = await h.call('POST', '/api/invoices/send-reminders', OWNER, {
        invoiceIds: [inv.id, id],
      });
      assert.equal(reminders.status, 200);
      assert.deepEqual(
        reminders.body.sent.map((s: { id: string }) => s.id),
        [inv.id],
      );
      assert.equal(reminders.body.skipped[0].id, id);
      const event = (await h.events('invoice.reminder_requested')).at(-1)!;
      assert.equal(event.data.id, inv.id);
      assert.equal(event.data.customerEmail, 'jane@example.com');
      assert.equal(event.data.pdfPath, `/api/invoices/${inv.id}/pdf`);
      clock = new Date();
    });
  });
});
