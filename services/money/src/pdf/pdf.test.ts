/**
 * The tax invoice PDF carries every field the ATO asks of one (GST Act s29-70), read back from
 * the PDF's own text; and the receipt PDF per payment. Every money document prints every
 * customer's name as typed (issue 24 item 10), and an invoice sent again says COPY.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { unstarted, useStarted } from '@venue/service-kit/testing';
import { extractText, getDocumentProxy } from 'unpdf';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { OWNER, OWNER2, PAYMENT, quotationForm, startMoney, type Harness } from '../testing/harness.ts';

const h = unstarted<Harness>();
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('pdf/pdf.test.ts', () => {
  useStarted(startMoney, h);

  async function pdfText(bytes: Uint8Array): Promise<string> {
    const pdf = await getDocumentProxy(bytes);
    const { text } = await extractText(pdf, { mergePages: true });
    return text.replace(/\s+/g, ' ');
  }

  const day = (iso: string) => {
    const [y, m, d] = iso.split('-');
    return `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]} ${y}`;
  };

  describe('invoice PDF', () => {
    test('an issued final invoice of $1,650 with a $500 deposit: every ATO field, deposit applied, balance, bank details', async () => {
      const bookingId = await h.booking('booking.created', {
        totalCents: 165_000,
        depositCents: 50_000,
        customerName: 'Jane Smith',
      });
      const deposit = await h.call('POST', '/api/invoices', OWNER, {
        bookingId,
        invoiceType: 'DEPOSIT',
        issue: true,
      });
      assert.equal(deposit.status, 201, deposit.text);
      await h.call('POST', `/api/invoices/${deposit.body.id}/payments`, OWNER, {
        amountCents: 50_000,
        paymentMethod: 'Cash',
      });
      const r = await h.call('POST', '/api/invoices', OWNER, {
        bookingId,
        invoiceType: 'FINAL',
        issue: true,
        customerAbn: '12 345 679 016',
      });
      assert.equal(r.status, 201, r.text);
      const inv = r.body;
      assert.equal(inv.totalCents, 115_000); // 1,650.00 less the 500.00 deposit invoiced
      assert.equal(inv.depositAppliedCents, 50_000);
      assert.equal(inv.depositPaidCents, 50_000);
      assert.equal(inv.gstCents, 10_455); // 1,150.00 × 1/11 = 104.545… → 104.55 (half up)

      const pdf = await h.call('GET', `/api/invoices/${inv.id}/pdf`, OWNER);
      assert.equal(pdf.status, 200);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      assert.equal(pdf.headers.get('content-disposition'), `attachment; filename="${inv.invoiceNumber}.pdf"`);
      const text = await pdfText(pdf.bytes);
      for (const expected of [
        'Tax Invoice',
        PAYMENT.businessName,
        'ABN 51 824 753 556', // the seller's, as printed
        `Invoice number: ${inv.invoiceNumber}`,
        `Issue date: ${day(inv.issueDate)}`,
        `Due date: ${day(inv.dueDate)}`,
        'Wedding Final Payment',
        'Jane Smith', // buyer: required from $1,000
        'ABN 12 345 679 016', // and the buyer's ABN when known
        'Subtotal (excl. GST) $1,045.45',
        'GST (10%) $104.55',
        'Total (incl. GST) $1,150.00',
        'Booking total (incl. GST) $1,650.00',
        'Deposit applied $500.00',
        'Deposit paid $500.00',
        'Amount paid $0.00',
        'Balance due $1,150.00',
        'BSB: 062-000',
        'Account number: 12345678',
        `Reference: ${inv.invoiceNumber}`,
        PAYMENT.referenceNote,
      ])
        assert.ok(text.includes(expected), `missing "${expected}" in: ${text}`);
      // GST of 104.55 is not exactly 1/11 of 1,150.00: no "Total includes GST" line
      assert.ok(!text.includes('Total includes GST'));
    });

    test('comms fetches the same PDF with the internal secret, by the path the event names', async () => {
      const bookingId = await h.booking('booking.created', { totalCents: 55_000 });
      const inv = (
        await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL', issue: true })
      ).body;
      const issued = (await h.events('invoice.issued')).find((e) => e.data.id === inv.id)!;
      const path = String(issued.data.internalPdfPath);
      assert.equal((await h.call('GET', path)).status, 401);
      const pdf = await h.call('GET', path, undefined, undefined, {
        [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET!,
      });
      assert.equal(pdf.status, 200);
      assert.ok((await pdfText(pdf.bytes)).includes(`Invoice number: ${inv.invoiceNumber}`));
    });

    test('"Total includes GST" when the GST is exactly 1/11; a draft says it is not yet issued', async () => {
      const bookingId = await h.booking('booking.created', { totalCents: 110_000 });
      const draft = (await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL' })).body;
      const draftPdf = await h.call('GET', `/api/invoices/${draft.id}/pdf`, OWNER);
      assert.match(draftPdf.headers.get('content-disposition')!, /filename="invoice-[0-9a-f-]+\.pdf"/);
      assert.ok((await pdfText(draftPdf.bytes)).includes('DRAFT'));
      await h.call('PUT', `/api/invoices/${draft.id}/status`, OWNER, { status: 'SENT' });
      const text = await pdfText((await h.call('GET', `/api/invoices/${draft.id}/pdf`, OWNER)).bytes);
      assert.ok(text.includes('GST (10%) $100.00'), text);
      assert.ok(text.includes('Total includes GST.'), text);
    });

    test('a receipt per payment: number, amount, method, invoice, balance after', async () => {
      const bookingId = await h.booking('booking.created', { totalCents: 30_000 });
      const inv = (
        await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL', issue: true })
      ).body;
      const paid = await h.call('POST', `/api/invoices/${inv.id}/payments`, OWNER, {
        amount: 120.5,
        paymentMethod: 'Bank Transfer',
        reference: 'EFT 778',
      });
      const receipt = await h.call('GET', `/api/payments/${paid.body.payment.id}/receipt`, OWNER);
      assert.equal(receipt.status, 200);
      assert.equal(
        receipt.headers.get('content-disposition'),
        `attachment; filename="${paid.body.payment.receiptNumber}.pdf"`,
      );
      const text = await pdfText(receipt.bytes);
      for (const expected of [
        'Receipt',
        `Receipt number: ${paid.body.payment.receiptNumber}`,
        `Invoice: ${inv.invoiceNumber}`,
        'Received from: Jane Smith',
        'Amount received $120.50',
        'Method Bank Transfer',
        'Reference EFT 778',
        'Invoice balance now $179.50',
      ])
        assert.ok(text.includes(expected), `missing "${expected}" in: ${text}`);

      // comms fetches the same receipt with the internal secret (the Receipt e-mail's attachment)
      const path = `/internal/payments/${OWNER}/${paid.body.payment.id}/receipt`;
      assert.equal((await h.call('GET', path)).status, 401);
      const internal = await h.call('GET', path, undefined, undefined, {
        [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET!,
      });
      assert.equal(internal.status, 200);
      assert.equal(internal.headers.get('content-type'), 'application/pdf');
      assert.ok(
        (await pdfText(internal.bytes)).includes(`Receipt number: ${paid.body.payment.receiptNumber}`),
      );
      const elsewhere = await h.call(
        'GET',
        `/internal/payments/${OWNER2}/${paid.body.payment.id}/receipt`,
        undefined,
        undefined,
        {
          [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET!,
        },
      );
      assert.equal(elsewhere.status, 404, 'another tenant has no such payment');
    });
  });

  /** The PDF's lines as a reader copies them out (unpdf: pdf.js's text layer). */
  async function pdfLines(bytes: Uint8Array): Promise<string[]> {
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    return text.split('\n');
  }

  // The names issue 24 item 10 names: pdfkit's standard Helvetica printed other letters for them.
  const NAMES = ['Zoë Ñúñez 李', 'Nguyễn Thị Ánh — Đặng’s Café', "Nguyễn Thị Ánh — Đặng's Café"];

  describe('every customer’s name prints exactly (issue 24 item 10)', () => {
    for (const name of NAMES)
      test(`"${name}" on the tax invoice, the adjustment note, the receipt and the quotation`, async () => {
        const bookingId = await h.booking('booking.created', { totalCents: 88_000, customerName: name });
        const inv = (
          await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL', issue: true })
        ).body;
        const invoice = await h.call('GET', `/api/invoices/${inv.id}/pdf`, OWNER);
        assert.equal(invoice.status, 200);
        const invoiceLines = await pdfLines(invoice.bytes);
        assert.equal(invoiceLines[invoiceLines.indexOf('Bill to') + 1], name, invoiceLines.join('\n'));
        assert.ok(invoice.bytes.length < 200_000, `invoice PDF ${invoice.bytes.length} bytes`);

        const note = await h.call('POST', `/api/invoices/${inv.id}/credit-notes`, OWNER, {
          amount: 110,
          reason: 'Tết',
        });
        assert.equal(note.status, 201, note.text);
        const notePdf = await h.call(
          'GET',
          `/api/invoices/${inv.id}/credit-notes/${note.body.creditNote.id}/pdf`,
          OWNER,
        );
        const noteLines = await pdfLines(notePdf.bytes);
        assert.equal(noteLines[noteLines.indexOf('Customer') + 1], name, noteLines.join('\n'));
        assert.ok(noteLines.includes('Reason: Tết'), noteLines.join('\n'));

        const paid = await h.call('POST', `/api/invoices/${inv.id}/payments`, OWNER, {
          amount: 100,
          paymentMethod: 'Bank Transfer',
          reference: 'Tết',
        });
        assert.equal(paid.status, 201, paid.text);
        const receipt = await h.call('GET', `/api/payments/${paid.body.payment.id}/receipt`, OWNER);
        const receiptLines = await pdfLines(receipt.bytes);
        assert.ok(receiptLines.includes(`Received from: ${name}`), receiptLines.join('\n'));
        assert.ok(receiptLines.includes('Reference Tết'), receiptLines.join('\n'));

        const made = await h.call(
          'POST',
          '/api/quotations',
          OWNER,
          quotationForm({ customerName: name, eventType: 'Tết', notes: name }),
        );
        assert.equal(made.status, 201, made.text);
        const quotation = await h.call('GET', `/api/quotations/${made.body.id}/pdf`, OWNER);
        assert.equal(quotation.status, 200);
        const quotationLines = await pdfLines(quotation.bytes);
        assert.equal(quotationLines[quotationLines.indexOf('For') + 1], name, quotationLines.join('\n'));
        assert.ok(quotationLines.includes('Event: Tết'), quotationLines.join('\n'));
        assert.ok(quotationLines.includes(`Notes: ${name}`), quotationLines.join('\n'));
      });

    test('the quotation prints its number once sent (QUO-…), and a draft says it has none yet', async () => {
      const made = (await h.call('POST', '/api/quotations', OWNER, quotationForm())).body;
      const draft = await pdfLines((await h.call('GET', `/api/quotations/${made.id}/pdf`, OWNER)).bytes);
      assert.ok(draft.includes('Quotation number: draft (numbered when sent)'), draft.join('\n'));
      const sent = await h.call('PUT', `/api/quotations/${made.id}/status`, OWNER, { status: 'Sent' });
      assert.equal(sent.status, 200, sent.text);
      const number = (await h.call('GET', `/api/quotations/${made.id}`, OWNER)).body.number;
      assert.match(String(number), /^QUO-\d{4}-\d{5}$/);
      const lines = await pdfLines((await h.call('GET', `/api/quotations/${made.id}/pdf`, OWNER)).bytes);
      assert.ok(lines.includes(`Quotation number: ${number}`), lines.join('\n'));
    });

    test('an invoice sent again is marked COPY; the invoice itself is not', async () => {
      const bookingId = await h.booking('booking.created', { totalCents: 30_000 });
      const inv = (
        await h.call('POST', '/api/invoices', OWNER, { bookingId, invoiceType: 'FINAL', issue: true })
      ).body;
      const original = await pdfLines((await h.call('GET', `/api/invoices/${inv.id}/pdf`, OWNER)).bytes);
      assert.equal(original[0], 'Tax Invoice');
      assert.ok(!original.some((l) => l.includes('COPY')), original.join('\n'));
      const copy = await pdfLines((await h.call('GET', `/api/invoices/${inv.id}/pdf?copy=1`, OWNER)).bytes);
      assert.equal(copy[0], 'Tax Invoice — COPY');
      assert.ok(copy.includes(`Invoice number: ${inv.invoiceNumber}`), copy.join('\n'));
      assert.ok(
        copy.includes(`A copy of tax invoice ${inv.invoiceNumber}, sent again. It is not a new invoice.`),
        copy.join('\n'),
      );
    });
  });
});
