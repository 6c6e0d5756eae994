/**
 * The customer's portal in money (issue 25, decision 56), as a venue's signed-in customer meets
 * it: their invoices with receipts and adjustment notes and the PDFs of each, the pay page for
 * what is due, the quotations sent to them, accepting one (booked once, the clash said without
 * whose it is, the deposit invoice following) and declining one with a reason the venue sees.
 * Another customer of the venue, and the same address at another venue, reach none of it; a
 * draft is never shown; the row-level policies hold without the queries' own conditions.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the two accepts at once race).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { PORTAL_MONEY_MESSAGES as PM } from '@venue/contracts/money-api';
import { venueToday } from '@venue/service-kit';
import { assertCustomerPolicy, customerHeaders } from '@venue/service-kit/testing';
import { db } from '../db/query.ts';
import { standInBookings, type PeerServer } from '../testing/bookings-standin.ts';
import { OWNER, OWNER2, quotationForm, startMoney, type Harness, type Reply } from '../testing/harness.ts';

const JANE = 'Jane.Smith@Example.com';
const JANE_ID = randomUUID();
// The customers as the gateway signs them (after startMoney: the headers need its secret).
let jane: Record<string, string>;
/** Her address written otherwise: the same customer. */
let janeShouting: Record<string, string>;
let bob: Record<string, string>;
/** The same address at another venue: another customer with nothing in common. */
let janeElsewhere: Record<string, string>;

let h: Harness;
let bookings: PeerServer;
const made = new Map<string, { id: string; bookingCode: string }>();
const fromQuote: Array<Record<string, unknown>> = [];
let slotTaken = false;

/** A day `days` from the venue's today (Sydney), so the test holds on any day it runs. */
const inDays = (days: number) =>
  new Date(Date.parse(`${venueToday(new Date(), 'Australia/Sydney')}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);

const portal = (method: string, path: string, who: Record<string, string>, body?: unknown) =>
  h.call(method, path, undefined, body, who);

async function staff(method: string, path: string, body?: unknown, tenant = OWNER): Promise<Reply> {
  const r = await h.call(method, path, tenant, body);
  assert.ok(r.status < 300, `${method} ${path}: ${r.status} ${r.text}`);
  return r;
}

async function pdfText(r: Reply): Promise<string> {
  assert.equal(r.status, 200, r.text.slice(0, 200));
  assert.equal(r.headers.get('content-type'), 'application/pdf');
  const { text } = await extractText(await getDocumentProxy(r.bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A sent quotation for `email` at `tenant` (numbered by its send). */
async function sentQuotation(over: Record<string, unknown> = {}, tenant = OWNER) {
  const q = (
    await staff(
      'POST',
      '/api/quotations',
      quotationForm({
        customerEmail: JANE,
        eventDate: inDays(60),
        totalAmount: 1100,
        depositType: 'Percentage',
        depositValue: 20,
        ...over,
      }),
      tenant,
    )
  ).body;
  return (await staff('PUT', `/api/quotations/${q.id}/status`, { status: 'Sent' }, tenant)).body;
}

// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('portal/portal.test.ts', () => {
  before(async () => {
    bookings = await standInBookings(async (body) => {
      fromQuote.push(body as unknown as Record<string, unknown>);
      // Slow enough that two accepts overlap if money let both through.
      await new Promise((r) => setTimeout(r, 150));
      if (slotTaken)
        return {
          outcome: 'conflict',
          message: 'Overlaps Other Party (6:00 PM–11:00 PM)',
          conflict: { bookingId: randomUUID(), bookingCode: 'HH-2026-0007', customerName: 'Other Party' },
        };
      const existing = made.get(body.quotationId);
      const booking = existing ?? { id: randomUUID(), bookingCode: `HH-2026-${2000 + made.size}` };
      made.set(body.quotationId, booking);
      return { outcome: existing ? 'existing' : 'created', booking };
    });
    h = await startMoney({ peers: bookings });
    jane = customerHeaders({ tenantId: OWNER, email: 'jane.smith@example.com', customerId: JANE_ID });
    janeShouting = customerHeaders({ tenantId: OWNER, email: 'JANE.SMITH@EXAMPLE.COM', customerId: JANE_ID });
    bob = customerHeaders({ tenantId: OWNER, email: 'bob@example.com' });
    janeElsewhere = customerHeaders({ tenantId: OWNER2, email: 'jane.smith@example.com' });
  });
  after(async () => {
    await h.close();
    await new Promise((r) => bookings.close(r));
  });

  describe('invoices, receipts and adjustment notes', () => {
    let deposit: { id: string; invoiceNumber: string };
    let final: { id: string; invoiceNumber: string };
    let draftId: string;
    let paymentId: string;
    let creditNote: { id: string; creditNoteNumber: string };
    let bobsInvoice: string;
    let elsewhere: string;

    before(async () => {
      const booking = await h.booking('booking.created', {
        customerEmail: JANE,
        totalCents: 110_000,
        depositCents: 22_000,
        bookingDate: inDays(40),
      });
      deposit = (
        await staff('POST', '/api/invoices', { bookingId: booking, invoiceType: 'DEPOSIT', issue: true })
      ).body;
      final = (
        await staff('POST', '/api/invoices', { bookingId: booking, invoiceType: 'FINAL', issue: true })
      ).body;
      paymentId = (
        await staff('POST', `/api/invoices/${deposit.id}/payments`, {
          amount: 100,
          paymentMethod: 'Bank Transfer',
        })
      ).body.payment.id;
      creditNote = (
        await staff('POST', `/api/invoices/${final.id}/credit-notes`, { amount: 50, reason: 'Shorter hire' })
      ).body.creditNote;
      // Not issued: the customer has not received it, so it is not theirs to see.
      const other = await h.booking('booking.created', { customerEmail: JANE, totalCents: 30_000 });
      draftId = (await staff('POST', '/api/invoices', { bookingId: other, invoiceType: 'FINAL' })).body.id;
      const bobs = await h.booking('booking.created', {
        customerEmail: 'bob@example.com',
        customerName: 'Bob',
      });
      bobsInvoice = (
        await staff('POST', '/api/invoices', { bookingId: bobs, invoiceType: 'FINAL', issue: true })
      ).body.id;
      const theirs = await h.booking('booking.created', { hallOwnerId: OWNER2, customerEmail: JANE });
      elsewhere = (
        await staff('POST', '/api/invoices', { bookingId: theirs, invoiceType: 'FINAL', issue: true }, OWNER2)
      ).body.id;
    });

    test('the customer sees their issued invoices with what is due, the receipts and the adjustment notes', async () => {
      const r = await portal('GET', '/api/portal/invoices', jane);
      assert.equal(r.status, 200, r.text);
      const ids = r.body.invoices.map((i: { id: string }) => i.id);
      assert.deepEqual(
        new Set(ids),
        new Set([deposit.id, final.id]),
        'issued ones only: no draft, nobody else’s',
      );
      const dep = r.body.invoices.find((i: { id: string }) => i.id === deposit.id);
      assert.equal(dep.number, deposit.invoiceNumber);
      assert.equal(dep.kind, 'DEPOSIT');
      assert.equal(dep.status, 'PARTIAL');
      assert.equal(dep.totalCents, 22_000);
      assert.equal(dep.paidCents, 10_000);
      assert.equal(dep.balanceCents, 12_000);
      assert.equal(dep.payable, true);
      assert.match(dep.dueDate, /^\d{4}-\d{2}-\d{2}$/);
      assert.equal(dep.receipts.length, 1);
      assert.equal(dep.receipts[0].paymentId, paymentId);
      assert.equal(dep.receipts[0].amountCents, 10_000);
      assert.match(dep.receipts[0].number, /^RCT-/);
      const fin = r.body.invoices.find((i: { id: string }) => i.id === final.id);
      assert.equal(fin.creditNotes.length, 1);
      assert.equal(fin.creditNotes[0].id, creditNote.id);
      assert.equal(fin.creditNotes[0].amountCents, 5_000);
      assert.equal(fin.creditNotes[0].reason, 'Shorter hire');
      assert.equal(fin.balanceCents, fin.totalCents - 5_000);
      // Her address however it is written is her.
      const again = await portal('GET', '/api/portal/invoices', janeShouting);
      assert.deepEqual(again.body.invoices.map((i: { id: string }) => i.id).sort(), [...ids].sort());
    });

    test('another customer, and the same address at another venue, see none of it', async () => {
      const other = await portal('GET', '/api/portal/invoices', bob);
      assert.deepEqual(
        other.body.invoices.map((i: { id: string }) => i.id),
        [bobsInvoice],
      );
      const there = await portal('GET', '/api/portal/invoices', janeElsewhere);
      assert.deepEqual(
        there.body.invoices.map((i: { id: string }) => i.id),
        [elsewhere],
      );
      for (const who of [bob, janeElsewhere])
        for (const path of [
          `/api/portal/invoices/${deposit.id}/pdf`,
          `/api/portal/receipts/${paymentId}/pdf`,
          `/api/portal/credit-notes/${creditNote.id}/pdf`,
        ]) {
          const r = await portal('GET', path, who);
          assert.equal(r.status, 404, `${path}: ${r.text}`);
          assert.ok(!r.text.includes(deposit.invoiceNumber));
        }
      const pay = await portal('POST', `/api/portal/invoices/${deposit.id}/pay`, bob, {});
      assert.equal(pay.status, 404, pay.text);
      assert.equal(pay.body.message, PM.invoiceNotFound);
    });

    test('the PDFs are the venue’s own documents, named by their numbers; a draft is not there', async () => {
      const inv = await portal('GET', `/api/portal/invoices/${deposit.id}/pdf`, jane);
      assert.match(
        inv.headers.get('content-disposition') ?? '',
        new RegExp(`${deposit.invoiceNumber}\\.pdf`),
      );
      assert.equal(inv.headers.get('cache-control'), 'private, no-store');
      const text = await pdfText(inv);
      assert.ok(text.includes(deposit.invoiceNumber) && text.includes('$220.00'), text);
      assert.ok(!text.includes('COPY'), 'the tax invoice itself');
      const receipt = await pdfText(await portal('GET', `/api/portal/receipts/${paymentId}/pdf`, jane));
      assert.ok(receipt.includes('$100.00'), receipt);
      const note = await pdfText(await portal('GET', `/api/portal/credit-notes/${creditNote.id}/pdf`, jane));
      assert.ok(note.includes(creditNote.creditNoteNumber) && note.includes('$50.00'), note);
      const draft = await portal('GET', `/api/portal/invoices/${draftId}/pdf`, jane);
      assert.equal(draft.status, 404);
      assert.equal((await portal('POST', `/api/portal/invoices/${draftId}/pay`, jane, {})).status, 404);
      assert.equal((await portal('GET', '/api/portal/invoices/not-an-id/pdf', jane)).status, 404);
    });

    test('Pay answers the invoice’s pay page for what is due, the same page each time', async () => {
      const r = await portal('POST', `/api/portal/invoices/${deposit.id}/pay`, jane, {});
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.invoiceNumber, deposit.invoiceNumber);
      assert.equal(r.body.amountDueCents, 12_000);
      assert.equal(r.body.cardPayments, false, 'this venue takes bank transfers only');
      assert.match(r.body.path, /^\/pay\/[A-Za-z0-9_-]{43}$/);
      assert.ok(r.body.url.endsWith(r.body.path.slice('/pay'.length)), r.body.url);
      const page = await fetch(h.t.url + r.body.path);
      const html = await page.text();
      assert.equal(page.status, 200);
      assert.ok(
        html.includes(deposit.invoiceNumber) && html.includes('$120.00'),
        'the page asks the balance',
      );
      const again = await portal('POST', `/api/portal/invoices/${deposit.id}/pay`, jane, {});
      assert.equal(again.body.path, r.body.path);
      // The venue's copy of the link is the same link.
      const venue = await staff('POST', `/api/invoices/${deposit.id}/payment-link`);
      assert.equal(venue.body.path, r.body.path);
    });

    test('nothing to pay: a paid invoice and a cancelled one are refused in words', async () => {
      const booking = await h.booking('booking.created', { customerEmail: JANE, totalCents: 40_000 });
      const paid = (
        await staff('POST', '/api/invoices', { bookingId: booking, invoiceType: 'FINAL', issue: true })
      ).body;
      await staff('PUT', `/api/invoices/${paid.id}/status`, { status: 'PAID' });
      let r = await portal('POST', `/api/portal/invoices/${paid.id}/pay`, jane, {});
      assert.equal(r.status, 409, r.text);
      assert.equal(r.body.message, PM.paid);
      const listed = (await portal('GET', '/api/portal/invoices', jane)).body.invoices.find(
        (i: { id: string }) => i.id === paid.id,
      );
      assert.equal(listed.payable, false);
      assert.equal(listed.balanceCents, 0);
      const other = await h.booking('booking.created', { customerEmail: JANE, totalCents: 40_000 });
      const voided = (
        await staff('POST', '/api/invoices', { bookingId: other, invoiceType: 'FINAL', issue: true })
      ).body;
      await staff('PUT', `/api/invoices/${voided.id}/status`, { status: 'VOID', reason: 'Booked twice' });
      r = await portal('POST', `/api/portal/invoices/${voided.id}/pay`, jane, {});
      assert.equal(r.status, 409, r.text);
      assert.equal(r.body.message, PM.notPayable);
    });
  });

  describe('quotations', () => {
    test('only what was sent to the customer: a Draft is never shown', async () => {
      const draft = (
        await staff('POST', '/api/quotations', quotationForm({ customerEmail: JANE, eventDate: inDays(50) }))
      ).body;
      const sent = await sentQuotation();
      const list = await portal('GET', '/api/portal/quotations', jane);
      assert.equal(list.status, 200, list.text);
      const ids = list.body.quotations.map((q: { id: string }) => q.id);
      assert.ok(ids.includes(sent.id));
      assert.ok(!ids.includes(draft.id), 'a draft is the venue’s own');
      for (const path of [`/api/portal/quotations/${draft.id}`, `/api/portal/quotations/${draft.id}/pdf`])
        assert.equal((await portal('GET', path, jane)).status, 404, path);
      assert.equal((await portal('POST', `/api/portal/quotations/${draft.id}/accept`, jane, {})).status, 404);
      assert.equal(
        (await portal('POST', `/api/portal/quotations/${draft.id}/decline`, jane, {})).status,
        404,
      );
      const one = await portal('GET', `/api/portal/quotations/${sent.id}`, jane);
      assert.equal(one.body.number, sent.number);
      assert.match(one.body.number, /^QUO-\d{4}-\d{5}$/);
      assert.equal(one.body.status, 'Sent');
      assert.equal(one.body.totalCents, 110_000);
      assert.equal(one.body.gstCents, 10_000);
      assert.equal(one.body.depositCents, 22_000);
      assert.equal(one.body.finalCents, 88_000);
      assert.equal(one.body.items[0].amountCents, 110_000);
      const pdf = await portal('GET', `/api/portal/quotations/${sent.id}/pdf`, jane);
      assert.match(pdf.headers.get('content-disposition') ?? '', new RegExp(`${sent.number}\\.pdf`));
      assert.ok((await pdfText(pdf)).includes(sent.number));
    });

    test('a GST-exclusive quotation: the customer is shown what they pay, GST included', async () => {
      const q = await sentQuotation({ taxType: 'Exclusive', totalAmount: 1000, depositType: 'None' });
      const one = await portal('GET', `/api/portal/quotations/${q.id}`, jane);
      assert.equal(one.body.totalCents, 110_000);
      assert.equal(one.body.gstCents, 10_000);
    });

    test('another customer, and the same address at another venue, reach none of them', async () => {
      const q = await sentQuotation();
      for (const who of [bob, janeElsewhere]) {
        const list = await portal('GET', '/api/portal/quotations', who);
        assert.ok(!list.text.includes(q.id));
        for (const [method, path] of [
          ['GET', `/api/portal/quotations/${q.id}`],
          ['GET', `/api/portal/quotations/${q.id}/pdf`],
          ['POST', `/api/portal/quotations/${q.id}/accept`],
          ['POST', `/api/portal/quotations/${q.id}/decline`],
        ] as const) {
          const r = await portal(method, path, who, method === 'POST' ? {} : undefined);
          assert.equal(r.status, 404, `${method} ${path}: ${r.text}`);
        }
      }
      assert.equal((await portal('GET', `/api/portal/quotations/${q.id}`, jane)).body.status, 'Sent');
    });

    test('accepting books the slot through bookings as the venue’s acceptance does; the venue sees who', async () => {
      const q = await sentQuotation();
      const r = await portal('POST', `/api/portal/quotations/${q.id}/accept`, jane, {});
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.bookingId, made.get(q.id)!.id);
      assert.equal(r.body.bookingCode, made.get(q.id)!.bookingCode);
      assert.equal(r.body.quotation.status, 'Accepted');
      assert.equal(r.body.quotation.bookingCode, r.body.bookingCode);
      const asked = fromQuote.filter((b) => b.quotationId === q.id);
      assert.equal(asked.length, 1);
      assert.equal(asked[0]!.customerEmail, JANE);
      assert.equal(asked[0]!.totalCents, 110_000);
      // The venue's screens: Accepted, by the customer, with the booking.
      const seen = (await staff('GET', `/api/quotations/${q.id}`)).body;
      assert.equal(seen.status, 'Accepted');
      assert.equal(seen.bookingCode, r.body.bookingCode);
      assert.deepEqual(seen.answeredBy, { kind: 'customer', email: 'jane.smith@example.com' });
      const audit = (await h.events('audit.recorded')).find(
        (e) => e.data.action === 'quotation_accepted' && e.data.target === q.number,
      );
      assert.ok(audit, 'audited');
      assert.equal(audit.data.actorId, JANE_ID);
      assert.equal(audit.data.actorEmail, 'jane.smith@example.com');
      assert.equal(audit.data.actorRole, 'customer');
      assert.match(String(audit.data.additionalInfo), /accepted by the customer/);
      // published once for the venue's webhooks (decision 60): who accepted it and the booking it made
      const accepted = (await h.events('quotation.accepted')).filter((e) => e.data.quotationId === q.id);
      assert.equal(accepted.length, 1);
      assert.equal(accepted[0]!.data.acceptedBy, 'customer');
      assert.equal(accepted[0]!.data.bookingCode, r.body.bookingCode);
      assert.equal(accepted[0]!.data.status, 'Accepted');
      // Accepted already: a second accept is refused in the customer's words.
      const twice = await portal('POST', `/api/portal/quotations/${q.id}/accept`, jane, {});
      assert.equal(twice.status, 409);
      assert.equal(twice.body.message, PM.answered('Accepted'));
      assert.equal(fromQuote.filter((b) => b.quotationId === q.id).length, 1);
      // The booking arrives as bookings publishes it: its deposit invoice is the customer's to pay.
      await h.booking('booking.created', {
        id: r.body.bookingId,
        customerEmail: JANE,
        bookingSource: 'quotation',
        quotationId: q.id,
        totalCents: 110_000,
        depositCents: 22_000,
        bookingDate: q.eventDate,
      });
      const invoices = (await portal('GET', '/api/portal/invoices', jane)).body.invoices;
      const dep = invoices.find((i: { bookingId: string }) => i.bookingId === r.body.bookingId);
      assert.ok(dep, 'the deposit invoice is among the customer’s invoices');
      assert.equal(dep.kind, 'DEPOSIT');
      assert.equal(dep.totalCents, 22_000);
      assert.equal(dep.quotationNumber, q.number);
      assert.equal(dep.payable, true);
    });

    test('accepted twice at once → one booking, one 200, the other refused', async () => {
      const q = await sentQuotation();
      const [x, y] = await Promise.all([
        portal('POST', `/api/portal/quotations/${q.id}/accept`, jane, {}),
        portal('POST', `/api/portal/quotations/${q.id}/accept`, jane, {}),
      ]);
      assert.deepEqual([x.status, y.status].sort(), [200, 409], `${x.text} / ${y.text}`);
      assert.equal(fromQuote.filter((b) => b.quotationId === q.id).length, 1, 'bookings was asked once');
      assert.equal(
        (await h.events('quotation.accepted')).filter((e) => e.data.quotationId === q.id).length,
        1,
      );
      const refused = x.status === 409 ? x : y;
      assert.ok([PM.accepting, PM.answered('Accepted')].includes(refused.body.message), refused.text);
      assert.equal((await portal('GET', `/api/portal/quotations/${q.id}`, jane)).body.status, 'Accepted');
    });

    test('the same Idempotency-Key twice: the first answer again, one booking', async () => {
      const q = await sentQuotation();
      const key = { ...jane, 'idempotency-key': `accept-${q.id}` };
      const first = await portal('POST', `/api/portal/quotations/${q.id}/accept`, key, {});
      const second = await portal('POST', `/api/portal/quotations/${q.id}/accept`, key, {});
      assert.equal(first.status, 200, first.text);
      assert.equal(second.status, 200, second.text);
      assert.equal(second.body.bookingId, first.body.bookingId);
      assert.equal(fromQuote.filter((b) => b.quotationId === q.id).length, 1);
    });

    test('a slot taken meanwhile: said as the quotation’s own slot, never whose booking it is; still open', async () => {
      const q = await sentQuotation({ startTime: '18:00', endTime: '23:00' });
      slotTaken = true;
      let r: Reply;
      try {
        r = await portal('POST', `/api/portal/quotations/${q.id}/accept`, jane, {});
      } finally {
        slotTaken = false;
      }
      assert.equal(r.status, 409, r.text);
      const [y, m, d] = q.eventDate.split('-');
      assert.equal(r.body.message, PM.slotTaken(`Main Hall on ${d}/${m}/${y} from 6:00 PM to 11:00 PM`));
      for (const secret of ['Other Party', 'HH-2026-0007']) assert.ok(!r.text.includes(secret), r.text);
      assert.equal((await portal('GET', `/api/portal/quotations/${q.id}`, jane)).body.status, 'Sent');
      // And it can still be accepted once the venue frees the time.
      assert.equal((await portal('POST', `/api/portal/quotations/${q.id}/accept`, jane, {})).status, 200);
    });

    test('an expired quotation cannot be accepted or declined', async () => {
      const q = await sentQuotation();
      await h.t.kit.db.tenantTx(OWNER, (tx) =>
        tx.query(`UPDATE quotations SET valid_until = $3 WHERE tenant_id = $1 AND id = $2`, [
          OWNER,
          q.id,
          inDays(-2),
        ]),
      );
      assert.equal((await portal('GET', `/api/portal/quotations/${q.id}`, jane)).body.status, 'Expired');
      for (const action of ['accept', 'decline']) {
        const r = await portal('POST', `/api/portal/quotations/${q.id}/${action}`, jane, {});
        assert.equal(r.status, 409, r.text);
        assert.equal(r.body.message, PM.expired);
      }
      assert.equal(fromQuote.filter((b) => b.quotationId === q.id).length, 0);
    });

    test('declining: the venue is told why (event, audit, its screens); then neither answer again', async () => {
      const q = await sentQuotation();
      const bad = await portal('POST', `/api/portal/quotations/${q.id}/decline`, jane, { reason: 42 });
      assert.equal(bad.status, 400);
      assert.ok(bad.text.includes('reason'), bad.text);
      const r = await portal('POST', `/api/portal/quotations/${q.id}/decline`, jane, {
        reason: '  We found another place.  ',
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.status, 'Declined');
      assert.equal(r.body.declineReason, 'We found another place.');
      const event = (await h.events('quotation.declined')).find((e) => e.data.quotationId === q.id);
      assert.equal(event?.data.declinedBy, 'customer');
      assert.equal(event?.data.reason, 'We found another place.');
      const seen = (await staff('GET', `/api/quotations/${q.id}`)).body;
      assert.equal(seen.declineReason, 'We found another place.');
      assert.deepEqual(seen.answeredBy, { kind: 'customer', email: 'jane.smith@example.com' });
      const audit = (await h.events('audit.recorded')).find(
        (e) => e.data.action === 'quotation_declined' && e.data.target === q.number,
      );
      assert.equal(audit?.data.actorRole, 'customer');
      assert.match(String(audit?.data.additionalInfo), /We found another place/);
      for (const action of ['decline', 'accept']) {
        const again = await portal('POST', `/api/portal/quotations/${q.id}/${action}`, jane, {});
        assert.equal(again.status, 409);
        assert.equal(again.body.message, PM.answered('Declined'));
      }
      // A staff decline still says it is the venue's.
      const venueSide = await sentQuotation();
      await staff('PUT', `/api/quotations/${venueSide.id}/status`, { status: 'Declined' });
      const staffEvent = (await h.events('quotation.declined')).find(
        (e) => e.data.quotationId === venueSide.id,
      );
      assert.equal(staffEvent?.data.declinedBy, 'venue');
      assert.equal((await staff('GET', `/api/quotations/${venueSide.id}`)).body.answeredBy.kind, 'staff');
    });
  });

  describe('row-level security holds without the queries’ own conditions', () => {
    test('each customer-facing table has the restrictive customer policy', async () => {
      for (const table of ['invoices', 'quotations', 'payments', 'credit_notes', 'payment_links'])
        await assertCustomerPolicy(h.t.kit, table);
    });

    test('in a customer transaction only that customer’s rows exist, of every table', async () => {
      // Records of its own: an invoice with a payment and an adjustment note for each of two customers.
      for (const email of ['rls.ann@example.com', 'bob@example.com']) {
        const booking = await h.booking('booking.created', { customerEmail: email, totalCents: 50_000 });
        const inv = (
          await staff('POST', '/api/invoices', { bookingId: booking, invoiceType: 'FINAL', issue: true })
        ).body;
        await staff('POST', `/api/invoices/${inv.id}/payments`, { amount: 10, paymentMethod: 'Cash' });
        await staff('POST', `/api/invoices/${inv.id}/credit-notes`, { amount: 5, reason: 'Less' });
        await h.call('POST', `/api/invoices/${inv.id}/payment-link`, OWNER);
      }
      type Table = 'invoices' | 'quotations' | 'payments' | 'credit_notes' | 'payment_links';
      const count = (email: string, table: Table) =>
        h.t.kit.db.customerTx(OWNER, email, async (tx) => {
          const r = await db(tx)
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
          return Number(r.n);
        });
      const all = (table: Table) =>
        h.t.kit.db.tenantTx(OWNER, async (tx) => {
          const r = await db(tx)
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
          return Number(r.n);
        });
      const emails = (table: 'invoices' | 'quotations', email: string) =>
        h.t.kit.db.customerTx(OWNER, email, async (tx) =>
          (await db(tx).selectFrom(table).select('customer_email').execute()).map((r) =>
            r.customer_email.toLowerCase(),
          ),
        );
      for (const table of ['invoices', 'quotations'] as const) {
        const seen = await emails(table, 'bob@example.com');
        assert.ok(
          seen.every((e) => e === 'bob@example.com'),
          `${table}: ${seen.join(', ')}`,
        );
      }
      assert.ok((await emails('invoices', 'rls.ann@example.com')).length > 0);
      for (const table of ['payments', 'credit_notes', 'payment_links'] as const) {
        assert.ok((await all(table)) > 0, `${table} has rows to hide`);
        assert.equal(await count('nobody@example.com', table), 0, `${table} hides every row from a stranger`);
        assert.equal(await count('rls.ann@example.com', table), 1, `${table}: Ann's own, and only hers`);
      }
      // Nor can a customer transaction change another customer's invoice by its id.
      const bobs = await h.t.kit.db.tenantTx(OWNER, (tx) =>
        db(tx).selectFrom('invoices').select('id').where('customer_email', '=', 'bob@example.com').execute(),
      );
      const changed = await h.t.kit.db.customerTx(OWNER, 'rls.ann@example.com', (tx) =>
        db(tx)
          .updateTable('invoices')
          .set({ notes: 'changed' })
          .where('tenant_id', '=', OWNER)
          .where('id', '=', bobs[0]!.id)
          .executeTakeFirst(),
      );
      assert.equal(Number(changed.numUpdatedRows), 0);
    });
  });
});
