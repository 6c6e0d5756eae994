/**
 * Invoices can always be sent again (issue 24 item 14, decision 57): Send to customer
 * (`POST /api/invoices/{id}/send`) issues a draft, and e-mails an invoice issued before — paid
 * ones too — again as a copy: `invoice.copy_requested` for comms, with the PDF asked for marked
 * COPY, and nothing about the invoice changes (no new number, status or figure). A void invoice
 * is refused. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { unstarted, useStarted } from '@venue/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import {
  invoiceCopyRequestedEventSchema,
  invoiceSentSchema,
  MONEY_MESSAGES,
} from '@venue/contracts/money-api';
import { OWNER, OWNER2, SUB_INVOICES, SUB_NONE, startMoney, type Harness } from '../testing/harness.ts';

const h = unstarted<Harness>();
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('invoices/send-copy.test.ts', () => {
  useStarted(startMoney, h);

  const sendToCustomer = (id: string, as = OWNER, key?: string) =>
    h.call('POST', `/api/invoices/${id}/send`, as, {}, key ? { 'idempotency-key': key } : {});
  const copies = async (id: string) =>
    (await h.events('invoice.copy_requested')).filter((e) => e.data.id === id);

  async function paidInvoice() {
    const bookingId = await h.booking('booking.created', { totalCents: 66_000 });
    const inv = (
      await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL', issue: true })
    ).body;
    const paid = await h.call('PUT', `/api/invoices/${inv.id}/status`, OWNER, { status: 'PAID' });
    assert.equal(paid.body.status, 'PAID', paid.text);
    return paid.body;
  }

  async function pdfText(bytes: Uint8Array) {
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  }

  describe('Send to customer', () => {
    test('a PAID invoice goes again as a copy: the event for comms, the PDF marked COPY, the invoice unchanged', async () => {
      const inv = await paidInvoice();
      const r = await sendToCustomer(inv.id, SUB_INVOICES);
      assert.equal(r.status, 200, r.text);
      const answer = invoiceSentSchema.parse(r.body);
      assert.equal(answer.copy, true);
      assert.equal(answer.invoice.status, 'PAID');
      assert.equal(answer.invoice.invoiceNumber, inv.invoiceNumber);
      assert.equal(answer.invoice.paidCents, 66_000);
      const events = await copies(inv.id);
      assert.equal(events.length, 1);
      const e = invoiceCopyRequestedEventSchema.parse(events[0]!.data);
      assert.equal(e.copy, true);
      assert.equal(e.invoiceNumber, inv.invoiceNumber);
      assert.equal(e.status, 'PAID');
      assert.equal(e.balanceCents, 0);
      assert.equal(e.customerEmail, 'jane@example.com');
      assert.ok(e.requestedBy.length > 0);
      assert.equal(e.pdfPath, `/api/invoices/${inv.id}/pdf?copy=1`);
      assert.equal(e.internalPdfPath, `/internal/invoices/${OWNER}/${inv.id}/pdf?copy=1`);
      // no second issue, no new number, no new e-mail of the first kind
      assert.equal((await h.events('invoice.issued')).filter((x) => x.data.id === inv.id).length, 1);
      const audit = (await h.events('audit.recorded')).filter(
        (x) => x.data.action === 'invoice_copy_sent' && x.data.target === inv.invoiceNumber,
      );
      assert.equal(audit.length, 1);
    });

    test('the copy’s PDF says COPY; the invoice’s own PDF does not', async () => {
      const inv = await paidInvoice();
      const copy = await h.call('GET', `/api/invoices/${inv.id}/pdf?copy=1`, OWNER);
      assert.equal(copy.status, 200);
      const copyText = await pdfText(copy.bytes);
      assert.match(copyText, /COPY/);
      assert.ok(copyText.includes(inv.invoiceNumber), copyText);
      const original = await pdfText((await h.call('GET', `/api/invoices/${inv.id}/pdf`, OWNER)).bytes);
      assert.doesNotMatch(original, /COPY/);
      const internal = await fetch(`${h.t.url}/internal/invoices/${OWNER}/${inv.id}/pdf?copy=1`, {
        headers: { [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET ?? '' },
      });
      if (internal.status === 200)
        assert.match(await pdfText(new Uint8Array(await internal.arrayBuffer())), /COPY/);
      else assert.equal(internal.status, 401, 'no internal secret in this run');
      assert.equal((await h.call('GET', `/api/invoices/${inv.id}/pdf?copy=yes`, OWNER)).status, 400);
    });

    test('each Send is its own copy; a repeated Idempotency-Key sends once', async () => {
      const inv = await paidInvoice();
      assert.equal((await sendToCustomer(inv.id)).status, 200);
      assert.equal((await sendToCustomer(inv.id)).status, 200);
      assert.equal((await copies(inv.id)).length, 2);
      const key = randomUUID();
      assert.equal((await sendToCustomer(inv.id, OWNER, key)).status, 200);
      assert.equal((await sendToCustomer(inv.id, OWNER, key)).status, 200);
      assert.equal((await copies(inv.id)).length, 3);
    });

    test('a sent or part-paid invoice goes as a copy too; a draft is issued (numbered), not copied', async () => {
      const bookingId = await h.booking('booking.created', { totalCents: 50_000 });
      const draft = (await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL' })).body;
      const issued = await sendToCustomer(draft.id);
      assert.equal(issued.status, 200, issued.text);
      assert.equal(issued.body.copy, false);
      assert.equal(issued.body.invoice.status, 'SENT');
      assert.match(issued.body.invoice.invoiceNumber, /^INV-\d{4}-\d{5}$/);
      assert.equal((await copies(draft.id)).length, 0);
      await h.call('POST', `/api/invoices/${draft.id}/payments`, OWNER, {
        amount: 10,
        paymentMethod: 'Cash',
      });
      const again = await sendToCustomer(draft.id);
      assert.equal(again.body.copy, true);
      assert.equal(again.body.invoice.status, 'PARTIAL');
      assert.equal((await copies(draft.id)).length, 1);
    });

    test('a void invoice is refused; no permission, no send; another venue’s is not found', async () => {
      const bookingId = await h.booking('booking.created', { totalCents: 50_000 });
      const draft = (await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL' })).body;
      await h.call('PUT', `/api/invoices/${draft.id}/status`, OWNER, { status: 'VOID' });
      const r = await sendToCustomer(draft.id);
      assert.equal(r.status, 409, r.text);
      assert.equal(r.body.message, MONEY_MESSAGES.voidNotSent);
      const inv = await paidInvoice();
      assert.equal((await sendToCustomer(inv.id, SUB_NONE)).status, 403);
      const theirs = await h.booking('booking.created', { hallOwnerId: OWNER2 });
      const other = (
        await h.call('POST', '/api/invoices', OWNER2, {
          bookingId: theirs,
          invoiceType: 'FINAL',
        })
      ).body;
      assert.equal((await sendToCustomer(other.id)).status, 404);
      assert.equal((await copies(inv.id)).length, 0);
    });
  });
});
