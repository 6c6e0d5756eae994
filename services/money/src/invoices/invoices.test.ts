/** Invoices (issue 13): drafts, numbers, statuses, payments, credit notes; on PGlite and PostgreSQL. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { invoiceDetailSchema, invoiceSchema, paymentRecordedSchema } from '@venue/contracts/money-api';
import { assertTenantTablesHaveRls, unstarted, useStarted } from '@venue/service-kit/testing';
import { OWNER, OWNER2, SUB_INVOICES, SUB_NONE, startMoney, type Harness } from '../testing/harness.ts';

const h = unstarted<Harness>();
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('invoices/invoices.test.ts', () => {
  useStarted(startMoney, h);

  const create = (bookingId: string, body: Record<string, unknown> = {}, as = OWNER) =>
    h.call('POST', '/api/invoices', as, { bookingId, invoiceType: 'FINAL', ...body });
  const send = (id: string, as = OWNER) =>
    h.call('PUT', `/api/invoices/${id}/status`, as, { status: 'SENT' });
  const pay = (id: string, body: Record<string, unknown>, key?: string) =>
    h.call('POST', `/api/invoices/${id}/payments`, OWNER, body, key ? { 'idempotency-key': key } : {});

  describe('invoices', () => {
    test('every tenant table has row-level security forced', async () => {
      await assertTenantTablesHaveRls(h.t.kit, [
        'invoices',
        'payments',
        'credit_notes',
        'bonds',
        'booking_copy',
        'number_counters',
      ]);
    });

    test('a final invoice from a booking: a draft with no number, the booking’s figures, due in the venue’s due days', async () => {
      const bookingId = await h.booking('booking.created', { totalCents: 110_000 });
      const r = await create(bookingId);
      assert.equal(r.status, 201, r.text);
      const inv = invoiceSchema.parse(r.body);
      assert.equal(inv.status, 'DRAFT');
      assert.equal(inv.invoiceNumber, null);
      assert.equal(inv.issueDate, null);
      assert.equal(inv.totalCents, 110_000);
      assert.equal(inv.gstCents, 10_000); // 1,100.00 incl. 10 % GST: 100.00
      assert.equal(inv.subtotalCents, 100_000);
      assert.equal(inv.gstIsOneEleventh, true);
      assert.equal(inv.total, 1100);
      assert.equal(inv.description, 'Wedding Final Payment');
      assert.equal(inv.customer.name, 'Jane Smith');
      assert.equal(inv.bookingCode, 'HH-2026-0042');
      const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
      assert.ok(Math.abs(Date.parse(inv.dueDate) - Date.parse(due)) <= 86_400_000, inv.dueDate);
    });

    test('a second final invoice for one booking is a 409 naming the existing one', async () => {
      const bookingId = await h.booking('booking.created');
      const first = await create(bookingId);
      assert.equal(first.status, 201);
      const second = await create(bookingId);
      assert.equal(second.status, 409);
      assert.match(second.body.message, /already exists/);
      assert.equal(second.body.existingInvoice.id, first.body.id);
      assert.equal(second.body.existingInvoice.status, 'DRAFT');
      // voided, the booking may be invoiced again
      assert.equal(
        (await h.call('PUT', `/api/invoices/${first.body.id}/status`, OWNER, { status: 'VOID' })).status,
        200,
      );
      assert.equal((await create(bookingId)).status, 201);
    });

    test('bookings that are cancelled or unknown cannot be invoiced', async () => {
      const cancelled = await h.booking('booking.created', { status: 'cancelled' });
      const r = await create(cancelled);
      assert.equal(r.status, 409);
      assert.match(r.body.message, /Confirmed, Pending or Completed/);
      assert.equal((await create('00000000-0000-4000-8000-00000000dead')).status, 404);
      // another tenant's booking is not there for this one
      const theirs = await h.booking('booking.created', { hallOwnerId: OWNER2 });
      assert.equal((await create(theirs)).status, 404);
    });

    test('twenty drafts issued at once get twenty consecutive numbers', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push((await create(await h.booking('booking.created'))).body.id);
      const answers = await Promise.all(ids.map((id) => send(id)));
      for (const a of answers) assert.equal(a.status, 200, a.text);
      const year = answers[0]!.body.issueDate.slice(0, 4);
      const numbers = answers.map((a) => a.body.invoiceNumber as string).sort();
      const seqs = numbers.map((n) => Number(n.split('-').pop()));
      assert.equal(new Set(numbers).size, 20);
      for (const n of numbers) assert.match(n, new RegExp(`^INV-${year}-\\d{5}$`));
      for (let i = 1; i < seqs.length; i++) assert.equal(seqs[i], seqs[0]! + i, numbers.join(', '));
      // sending again is refused: a sent invoice is never re-issued
      const again = await send(ids[0]!);
      assert.equal(again.status, 409);
      const issued = await h.events('invoice.issued');
      assert.ok(issued.length >= 20);
    });

    test('issuing needs the seller’s name and ABN (a tax invoice carries them)', async () => {
      await h.settings(OWNER2, {}, null);
      const b = await h.booking('booking.created', { hallOwnerId: OWNER2 });
      const d = await create(b, {}, OWNER2);
      const r = await send(d.body.id, OWNER2);
      assert.equal(r.status, 409);
      assert.match(r.body.message, /business name and ABN/);
      const still = await h.call('GET', `/api/invoices/${d.body.id}`, OWNER2);
      assert.equal(still.body.status, 'DRAFT');
      assert.equal(still.body.invoiceNumber, null);
    });

    test('payments: partial, then the rest; an overpayment is refused naming the balance', async () => {
      const inv = (await create(await h.booking('booking.created', { totalCents: 50_000 }), { issue: true }))
        .body;
      assert.equal(inv.status, 'SENT');
      const part = await pay(inv.id, { amount: 200, paymentMethod: 'Bank Transfer', reference: 'EFT 1' });
      assert.equal(part.status, 201, part.text);
      const parsed = paymentRecordedSchema.parse(part.body);
      assert.equal(parsed.invoice.status, 'PARTIAL');
      assert.equal(parsed.invoice.paidCents, 20_000);
      assert.equal(parsed.invoice.balanceCents, 30_000);
      assert.match(parsed.payment.receiptNumber, /^RCT-\d{4}-\d{5}$/);
      const over = await pay(inv.id, { amount: 300.01, paymentMethod: 'Cash' });
      assert.equal(over.status, 409);
      assert.match(over.body.message, /more than the balance due \(\$300\.00\)/);
      const rest = await pay(inv.id, { amountCents: 30_000, paymentMethod: 'Card' });
      assert.equal(rest.status, 201);
      assert.equal(rest.body.invoice.status, 'PAID');
      assert.equal(rest.body.invoice.balanceDue, 0);
      const more = await pay(inv.id, { amount: 1, paymentMethod: 'Cash' });
      assert.equal(more.status, 409);
      const detail = invoiceDetailSchema.parse((await h.call('GET', `/api/invoices/${inv.id}`, OWNER)).body);
      assert.equal(detail.payments.length, 2);
      const listed = await h.call('GET', `/api/payments/hall-owner/${OWNER}`, OWNER);
      assert.equal(listed.status, 200);
      assert.ok(listed.body.some((p: { invoiceId: string }) => p.invoiceId === inv.id));
    });

    test('a draft takes no payment; bad payment input is a 400 naming the field', async () => {
      const inv = (await create(await h.booking('booking.created'))).body;
      assert.equal((await pay(inv.id, { amount: 10, paymentMethod: 'Cash' })).status, 409);
      const bad = await pay(inv.id, { amount: 10, paymentMethod: 'Bitcoin' });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.errors[0].path, 'paymentMethod');
      const none = await pay(inv.id, { paymentMethod: 'Cash' });
      assert.equal(none.status, 400);
      assert.equal(none.body.errors[0].path, 'amount');
      const negative = await pay(inv.id, { amount: -5, paymentMethod: 'Cash' });
      assert.equal(negative.status, 400);
    });

    test('one Idempotency-Key, one payment: sent twice in a row and twice at once', async () => {
      const inv = (await create(await h.booking('booking.created', { totalCents: 90_000 }), { issue: true }))
        .body;
      const body = { amount: 100, paymentMethod: 'Bank Transfer' };
      const a = await pay(inv.id, body, 'key-seq-1');
      const b = await pay(inv.id, body, 'key-seq-1');
      assert.equal(a.status, 201);
      assert.equal(b.body.payment.id, a.body.payment.id);
      const both = await Promise.all([pay(inv.id, body, 'key-sim-1'), pay(inv.id, body, 'key-sim-1')]);
      assert.ok(
        both.every((r) => r.status < 500),
        both.map((r) => r.text).join(' | '),
      );
      // the spec's PUT needs the key, and honours it the same way
      const put = (key?: string) =>
        h.call('PUT', `/api/invoices/${inv.id}/payment`, OWNER, body, key ? { 'idempotency-key': key } : {});
      assert.equal((await put()).status, 400);
      const [p1, p2] = await Promise.all([put('key-put-1'), put('key-put-1')]);
      assert.equal(p1.body.payment.id, p2.body.payment.id);
      const detail = (await h.call('GET', `/api/invoices/${inv.id}`, OWNER)).body;
      assert.equal(
        detail.payments.length,
        3,
        JSON.stringify(detail.payments.map((p: { reference: string }) => p.reference)),
      );
      assert.equal(detail.paidCents, 30_000);
    });

    test('two payments completing an invoice at once: PAID once, never overpaid', async () => {
      const inv = (await create(await h.booking('booking.created', { totalCents: 40_000 }), { issue: true }))
        .body;
      const answers = await Promise.all([
        pay(inv.id, { amountCents: 40_000, paymentMethod: 'Cash' }),
        pay(inv.id, { amountCents: 40_000, paymentMethod: 'Card' }),
      ]);
      assert.deepEqual(answers.map((a) => a.status).sort(), [201, 409]);
      const detail = (await h.call('GET', `/api/invoices/${inv.id}`, OWNER)).body;
      assert.equal(detail.status, 'PAID');
      assert.equal(detail.paidCents, 40_000);
      assert.equal(detail.payments.length, 1);
      const changes = (await h.events('invoice.status_changed')).filter(
        (e) => e.data.id === inv.id && e.data.status === 'PAID',
      );
      assert.equal(changes.length, 1);
    });

    test('Mark as PAID on a draft issues it first (a paid tax invoice has a number)', async () => {
      const inv = (await create(await h.booking('booking.created', { totalCents: 12_000 }))).body;
      const paid = await h.call('PUT', `/api/invoices/${inv.id}/status`, OWNER, {
        status: 'PAID',
        paymentMethod: 'Cash',
      });
      assert.equal(paid.status, 200, paid.text);
      assert.equal(paid.body.status, 'PAID');
      assert.match(paid.body.invoiceNumber, /^INV-/);
      assert.equal(paid.body.paidCents, 12_000);
    });

    test('Mark as PAID records a payment of the balance; VOID only with nothing paid', async () => {
      const inv = (await create(await h.booking('booking.created', { totalCents: 33_000 }), { issue: true }))
        .body;
      await pay(inv.id, { amountCents: 3_000, paymentMethod: 'Cash' });
      const voided = await h.call('PUT', `/api/invoices/${inv.id}/status`, OWNER, { status: 'VOID' });
      assert.equal(voided.status, 409);
      const paid = await h.call('PUT', `/api/invoices/${inv.id}/status`, OWNER, {
        status: 'PAID',
        paymentMethod: 'Cheque',
      });
      assert.equal(paid.status, 200, paid.text);
      assert.equal(paid.body.status, 'PAID');
      assert.equal(paid.body.paidCents, 33_000);
      const twice = await h.call('PUT', `/api/invoices/${inv.id}/status`, OWNER, { status: 'PAID' });
      assert.equal(twice.status, 409);
      const bad = await h.call('PUT', `/api/invoices/${inv.id}/status`, OWNER, { status: 'OVERDUE' });
      assert.equal(bad.status, 400);
    });

    test('a credit note with a refund: own number, linked; the whole amount back is REFUNDED', async () => {
      const inv = (await create(await h.booking('booking.created', { totalCents: 22_000 }), { issue: true }))
        .body;
      await pay(inv.id, { amountCents: 22_000, paymentMethod: 'Card' });
      const unrefunded = await h.call('POST', `/api/invoices/${inv.id}/credit-notes`, OWNER, {
        amount: 50,
        reason: 'Late start',
      });
      assert.equal(unrefunded.status, 409);
      assert.match(unrefunded.body.message, /refund/);
      const part = await h.call('POST', `/api/invoices/${inv.id}/credit-notes`, OWNER, {
        amount: 55,
        reason: 'Late start',
        refund: { paymentMethod: 'Card', reference: 'RF-1' },
      });
      assert.equal(part.status, 201, part.text);
      assert.match(part.body.creditNote.creditNoteNumber, /^CN-\d{4}-\d{5}$/);
      assert.equal(part.body.creditNote.invoiceNumber, inv.invoiceNumber);
      assert.equal(part.body.creditNote.gstCents, 500);
      assert.equal(part.body.refund.amountCents, 5_500);
      assert.equal(part.body.invoice.status, 'PAID');
      const rest = await h.call('POST', `/api/invoices/${inv.id}/credit-notes`, OWNER, {
        amountCents: 16_500,
        reason: 'Event cancelled',
        refund: { paymentMethod: 'Card' },
      });
      assert.equal(rest.status, 201, rest.text);
      assert.equal(rest.body.invoice.status, 'REFUNDED');
      assert.equal(rest.body.invoice.paidCents, 0);
      const pdf = await h.call(
        'GET',
        `/api/invoices/${inv.id}/credit-notes/${rest.body.creditNote.id}/pdf`,
        OWNER,
      );
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    });

    test('tenancy and permissions: another venue’s invoice is not found; staff need the page', async () => {
      const inv = (await create(await h.booking('booking.created'))).body;
      assert.equal((await h.call('GET', `/api/invoices/${inv.id}`, OWNER2)).status, 404);
      assert.equal((await h.call('GET', `/api/invoices/${inv.id}`, SUB_INVOICES)).status, 200);
      assert.equal((await h.call('GET', `/api/invoices/${inv.id}`, SUB_NONE)).status, 403);
      assert.equal((await h.call('GET', `/api/invoices/hall-owner/${OWNER}`, OWNER2)).status, 403);
      const mine = await h.call('GET', `/api/invoices/hall-owner/${OWNER}`, SUB_INVOICES);
      assert.equal(mine.status, 200);
      assert.ok(mine.body.every((i: { hallOwnerId: string }) => i.hallOwnerId === OWNER));
    });
  });
});
