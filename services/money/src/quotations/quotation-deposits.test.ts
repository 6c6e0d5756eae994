/**
 * The Deposits page's Quotations tab (spec 03 §2.2, §4): only quotations with a deposit, their
 * figures, Mark Paid / Mark Unpaid of the flag (once, also when clicked twice at once), the
 * refusals, an edit keeping the flag, and an accepted quotation reading its booking's deposit
 * invoice instead of its own flag. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { QUOTATION_DEPOSIT_MESSAGES as M } from '@venue/contracts/money-api';
import {
  OWNER,
  OWNER2,
  quotationForm,
  SUB_DEPOSITS,
  SUB_INVOICES,
  startMoney,
  type Harness,
} from '../testing/harness.ts';
import { standInBookings, type PeerServer } from '../testing/bookings-standin.ts';

let h: Harness;
let bookings: PeerServer;

const form = (over: Record<string, unknown> = {}) =>
  quotationForm({ totalAmount: 5500, depositType: 'Percentage', depositValue: 20, ...over });

async function quote(over: Record<string, unknown> = {}, as = OWNER): Promise<string> {
  const r = await h.call('POST', '/api/quotations', as, form(over));
  assert.equal(r.status, 201, r.text);
  return r.body.id;
}
const list = async (as = SUB_DEPOSITS) => {
  const r = await h.call('GET', '/api/deposits/quotations', as);
  assert.equal(r.status, 200, r.text);
  return r.body as { quotationId: string; [k: string]: unknown }[];
};
const mark = (id: string, paid: boolean, body: unknown = { paymentMethod: 'Cash' }, as = SUB_DEPOSITS) =>
  h.call('POST', `/api/deposits/quotations/${id}/mark-${paid ? 'paid' : 'unpaid'}`, as, paid ? body : {});

// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('quotations/quotation-deposits.test.ts', () => {
  before(async () => {
    // bookings' from-quote, as the quotations test stands it in: one booking per quotation id.
    const made = new Map<string, string>();
    bookings = await standInBookings(({ quotationId }) => {
      const id = made.get(quotationId) ?? randomUUID();
      made.set(quotationId, id);
      return { outcome: 'created', booking: { id, bookingCode: 'HH-2026-0501' } };
    });
    h = await startMoney({ peers: bookings });
  });
  after(async () => {
    await h.close();
    await new Promise((r) => bookings.close(r));
  });

  describe('Deposits → Quotations tab', () => {
    test('lists only quotations with a deposit, with total, deposit and final due; other venues never', async () => {
      const withDeposit = await quote();
      const none = await quote({ depositType: 'None', depositValue: 0 });
      const exclusive = await quote({
        totalAmount: 1000,
        taxType: 'Exclusive',
        depositType: 'Fixed',
        depositValue: 250,
      });
      const theirs = await quote({}, OWNER2);
      const rows = await list();
      const ids = rows.map((r) => r.quotationId);
      assert.ok(ids.includes(withDeposit) && ids.includes(exclusive));
      assert.ok(!ids.includes(none), 'no deposit: not on the tab');
      assert.ok(!ids.includes(theirs), "another venue's quotation is never listed");
      const d = rows.find((r) => r.quotationId === withDeposit)!;
      assert.equal(d.totalCents, 550_000);
      assert.equal(d.depositCents, 110_000);
      assert.equal(d.finalDueCents, 440_000);
      assert.equal(d.status, 'Draft');
      assert.equal(d.depositPaid, false);
      assert.equal(d.markable, true);
      // Exclusive $1,000 + 10 % GST = $1,100 inclusive; $250 fixed deposit; $850 left.
      const x = rows.find((r) => r.quotationId === exclusive)!;
      assert.deepEqual([x.totalCents, x.depositCents, x.finalDueCents], [110_000, 25_000, 85_000]);
    });

    test('Mark Paid sets the flag with when and how; Mark Unpaid clears it; both audited', async () => {
      const id = await quote();
      const paid = await mark(id, true, { paymentMethod: 'Cheque', reference: 'CHQ 001' });
      assert.equal(paid.status, 200, paid.text);
      assert.equal(paid.body.status, 'Deposit Paid');
      assert.equal(paid.body.paymentMethod, 'Cheque');
      assert.ok(paid.body.paidAt);
      // The quotation itself says so too (spec 03 §4: saved through the quotation).
      const q = await h.call('GET', `/api/quotations/${id}`, OWNER);
      assert.equal(q.body.payment_details.deposit_paid, true);
      const again = await mark(id, true);
      assert.equal(again.status, 409);
      assert.equal(again.body.message, M.alreadyPaid);
      const unpaid = await mark(id, false);
      assert.equal(unpaid.status, 200, unpaid.text);
      assert.equal(unpaid.body.status, 'Draft');
      assert.equal(unpaid.body.paidAt, null);
      const twice = await mark(id, false);
      assert.equal(twice.status, 409);
      assert.equal(twice.body.message, M.notPaid);
      const audit = (await h.events('audit.recorded')).filter((e) => e.data.target === id);
      assert.deepEqual(
        audit.map((e) => e.data.action).filter((a) => String(a).startsWith('quotation_deposit')),
        ['quotation_deposit_paid', 'quotation_deposit_unpaid'],
      );
      assert.match(
        String(audit.find((e) => e.data.action === 'quotation_deposit_paid')!.data.additionalInfo),
        /Cheque, reference CHQ 001/,
      );
    });

    test('two Mark Paid at once: one succeeds, the other is told it is already paid', async () => {
      const id = await quote();
      const answers = await Promise.all([mark(id, true), mark(id, true, { paymentMethod: 'Bank Transfer' })]);
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409]);
    });

    test('bad input and refusals: 400 naming the field, 404, no deposit, declined, permission', async () => {
      const id = await quote();
      const bad = await mark(id, true, { paymentMethod: 'Card' });
      assert.equal(bad.status, 400);
      assert.ok(bad.text.includes('paymentMethod'), bad.text);
      assert.equal((await mark(randomUUID(), true)).status, 404);
      assert.equal((await mark('not-an-id', true)).status, 404);
      const none = await quote({ depositType: 'None', depositValue: 0 });
      assert.equal((await mark(none, true)).body.message, M.noDeposit);
      const declined = await quote();
      await h.call('PUT', `/api/quotations/${declined}/status`, OWNER, { status: 'Sent' });
      await h.call('PUT', `/api/quotations/${declined}/status`, OWNER, { status: 'Declined' });
      const r = await mark(declined, true);
      assert.equal(r.status, 409);
      assert.equal(r.body.message, M.declined);
      // Invoices permission alone does not reach the Deposits page's calls.
      assert.equal((await h.call('GET', '/api/deposits/quotations', SUB_INVOICES)).status, 403);
      assert.equal((await mark(id, true, { paymentMethod: 'Cash' }, SUB_INVOICES)).status, 403);
    });

    test('editing the quotation without payment_details keeps its deposit paid', async () => {
      const id = await quote();
      await mark(id, true);
      const r = await h.call('PUT', `/api/quotations/${id}`, OWNER, form({ notes: 'Changed' }));
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.payment_details.deposit_paid, true);
      const d = (await list()).find((x) => x.quotationId === id)!;
      assert.equal(d.status, 'Deposit Paid');
    });

    test("accepted: the booking's deposit invoice answers; the quotation's flag is not marked any more", async () => {
      const id = await quote();
      assert.equal(
        (await h.call('PUT', `/api/quotations/${id}/status`, OWNER, { status: 'Sent' })).status,
        200,
      );
      const accepted = await h.call('PUT', `/api/quotations/${id}/status`, OWNER, { status: 'Accepted' });
      assert.equal(accepted.status, 200, accepted.text);
      const bookingId = accepted.body.bookingId as string;
      // bookings announces the confirmed booking; money raises its DEPOSIT invoice (decision 33).
      await h.booking('booking.created', {
        id: bookingId,
        totalCents: 550_000,
        depositCents: 110_000,
        bookingSource: 'quotation',
      });
      const issued = (await h.events('invoice.issued')).filter((e) => e.data.bookingId === bookingId);
      assert.equal(issued.length, 1);
      assert.equal(issued[0]!.data.requestedBy, null, 'raised automatically: nobody pressed Send');
      let d = (await list()).find((x) => x.quotationId === id)!;
      assert.equal(d.status, 'Accepted');
      assert.equal(d.markable, false);
      assert.equal(d.bookingId, bookingId);
      assert.ok(d.depositInvoiceNumber, 'the deposit invoice is named');
      const refused = await mark(id, true);
      assert.equal(refused.status, 409);
      assert.equal(refused.body.message, M.accepted);
      const paid = await h.call('POST', `/api/deposits/${bookingId}/mark-paid`, SUB_DEPOSITS, {
        paymentMethod: 'Bank Transfer',
      });
      assert.equal(paid.status, 200, paid.text);
      d = (await list()).find((x) => x.quotationId === id)!;
      assert.equal(d.status, 'Deposit Paid');
      assert.ok(d.paidAt);
    });

    test('a deposit marked paid on the quotation stays paid when accepted: its booking’s invoice records it once', async () => {
      const id = await quote();
      assert.equal((await mark(id, true, { paymentMethod: 'Cheque' })).status, 200);
      await h.call('PUT', `/api/quotations/${id}/status`, OWNER, { status: 'Sent' });
      const accepted = await h.call('PUT', `/api/quotations/${id}/status`, OWNER, { status: 'Accepted' });
      assert.equal(accepted.status, 200, accepted.text);
      const bookingId = accepted.body.bookingId as string;
      const fixture = {
        id: bookingId,
        totalCents: 550_000,
        depositCents: 110_000,
        bookingSource: 'quotation',
        quotationId: id,
      };
      await h.booking('booking.created', fixture);
      await h.booking('booking.updated', fixture); // a later event of the same booking
      const d = (await list()).find((x) => x.quotationId === id)!;
      assert.equal(d.status, 'Deposit Paid');
      const deposits = (await h.call('GET', `/api/deposits/hall-owner/${OWNER}`, SUB_DEPOSITS)).body as {
        bookingId: string;
        status: string;
      }[];
      assert.equal(
        deposits.find((x) => x.bookingId === bookingId)?.status,
        'Paid',
        'the bookings tab agrees',
      );
      const invoices = (
        await h.call('GET', `/api/invoices/hall-owner/${OWNER}?bookingId=${bookingId}`, OWNER)
      ).body as { id: string; type: string; paidCents: number }[];
      const inv = invoices.find((i) => i.type === 'DEPOSIT')!;
      assert.equal(inv.paidCents, 110_000, 'paid once, in full');
      const detail = await h.call('GET', `/api/invoices/${inv.id}`, OWNER);
      const payments = detail.body.payments as { paymentMethod: string }[];
      assert.deepEqual(
        payments.map((p) => p.paymentMethod),
        ['Cheque'],
      );
    });
  });
});
