/**
 * The tax invoice PDF carries every field the ATO asks of one (GST Act s29-70), read back from
 * the PDF's own text; and the receipt PDF per payment.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { extractText, getDocumentProxy } from 'unpdf';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import { OWNER, OWNER2, PAYMENT, startMoney, type Harness } from '../testing/harness.ts';

let h: Harness;
before(async () => {
  h = await startMoney();
});
after(() => h.close());

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
    assert.ok((await pdfText(internal.bytes)).includes(`Receipt number: ${paid.body.payment.receiptNumber}`));
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
