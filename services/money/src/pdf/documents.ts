/**
 * The money PDFs (pdfkit, A4): the tax invoice, the adjustment (credit) note and the payment
 * receipt. A tax invoice carries what the ATO asks of one (GST Act s29-70): the words "Tax
 * Invoice", the seller's name and ABN, the issue date, its number, what was sold, the GST (and
 * "Total includes GST" when the GST is exactly 1/11 of the total), the total; from $1,000 the
 * buyer's name (and ABN when known). Then what a customer needs to pay it: deposit applied,
 * amount paid, balance due, bank details and the reference to quote.
 *
 * Drawn in the fonts of `@venue/service-kit/pdf` (Noto Sans, Noto Sans SC for CJK), so every
 * customer's name prints as typed: "Nguyễn Thị Ánh — Đặng's Café", "Zoë Ñúñez 李", "Tết".
 */
import { PDF_FONT, renderPdf } from '@venue/service-kit/pdf';
import type { InvoiceRow, Seller } from '../invoices/invoice-row.ts';
import { balanceCents } from '../invoices/invoice-row.ts';
import type { CreditNoteRow } from '../invoices/credit-notes.ts';
import type { PaymentRow } from '../invoices/movements.ts';
import { formatCents, formatDay } from '../shared/format.ts';

/** From this total (incl. GST) the buyer's identity must be on a tax invoice (ATO). */
export const BUYER_DETAILS_FROM_CENTS = 100_000;

/** An A4 page with 50 pt margins, as every money document is. */
export const render = (title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> =>
  renderPdf({ size: 'A4', margin: 50, info: { Title: title } }, draw);

function sellerBlock(doc: PDFKit.PDFDocument, s: Seller) {
  doc
    .fontSize(12)
    .font(PDF_FONT.bold)
    .text(s.businessName || '(business name not set)');
  doc.font(PDF_FONT.regular).fontSize(10);
  doc.text(`ABN ${formatAbn(s.businessABN) || '(not set)'}`);
  for (const line of [s.businessAddress, s.businessPhone, s.businessEmail]) if (line) doc.text(line);
}

/** `51824753556` → `51 824 753 556`, as an ABN is printed. */
export function formatAbn(abn: string): string {
  const d = abn.replace(/\s+/g, '');
  return /^\d{11}$/.test(d) ? `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8)}` : abn;
}

function row(doc: PDFKit.PDFDocument, label: string, value: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(10);
  doc.text(label, 300, y, { width: 150 });
  doc.text(value, 450, y, { width: 95, align: 'right' });
  doc.x = 50;
}

export interface InvoicePdfInput {
  invoice: InvoiceRow;
  /** The seller as fixed at issue; a draft shows the current settings. */
  seller: Seller;
  /**
   * Sent again after it was issued (issue 24 item 14): marked COPY, so the customer never takes
   * it for a second tax invoice.
   */
  copy?: boolean;
}

export function invoicePdf({ invoice: i, seller, copy = false }: InvoicePdfInput): Promise<Buffer> {
  const marked = copy && i.invoice_number !== null;
  const title = i.invoice_number
    ? `Tax Invoice ${i.invoice_number}${marked ? ' (COPY)' : ''}`
    : 'Draft invoice';
  return render(title, (doc) => {
    invoiceHeading(doc, i, seller, marked);
    billTo(doc, i);
    invoiceLines(doc, i);
    invoiceTotals(doc, i);
    paymentSummary(doc, i);
    howToPay(doc, i, seller);
  });
}

/** The title, the seller, the invoice's number and days, and the COPY notice. */
function invoiceHeading(doc: PDFKit.PDFDocument, i: InvoiceRow, seller: Seller, marked: boolean) {
  doc
    .fontSize(22)
    .font(PDF_FONT.bold)
    .text(
      i.invoice_number
        ? marked
          ? 'Tax Invoice — COPY'
          : 'Tax Invoice'
        : 'Tax Invoice (DRAFT — not yet issued)',
    );
  doc.moveDown(0.5);
  sellerBlock(doc, seller);
  doc.moveDown();
  doc.font(PDF_FONT.regular).fontSize(10);
  doc.text(`Invoice number: ${i.invoice_number ?? 'not yet issued'}`);
  doc.text(`Issue date: ${i.issue_date ? formatDay(i.issue_date) : 'not yet issued'}`);
  doc.text(`Due date: ${formatDay(i.due_date)}`);
  if (i.booking_code) doc.text(`Booking: ${i.booking_code}`);
  if (marked) {
    // Said in words as well as in the title, so no one pays it or claims its GST twice.
    doc.moveDown(0.5);
    doc
      .font(PDF_FONT.bold)
      .text(`A copy of tax invoice ${i.invoice_number}, sent again. It is not a new invoice.`)
      .font(PDF_FONT.regular);
  }
}

function billTo(doc: PDFKit.PDFDocument, i: InvoiceRow) {
  doc.moveDown();
  doc.font(PDF_FONT.bold).text('Bill to');
  doc.font(PDF_FONT.regular).text(i.customer_name);
  if (i.customer_email) doc.text(i.customer_email);
  if (i.customer_abn) doc.text(`ABN ${formatAbn(i.customer_abn)}`);
  else if (Number(i.total_cents) >= BUYER_DETAILS_FROM_CENTS) doc.text('Buyer ABN: not provided');
}

function invoiceLines(doc: PDFKit.PDFDocument, i: InvoiceRow) {
  doc.moveDown();
  doc.font(PDF_FONT.bold).text('Description', 50, doc.y, { continued: false });
  doc.font(PDF_FONT.regular);
  for (const line of i.line_items) {
    const y = doc.y;
    doc.text(`${line.description}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`, 50, y, { width: 380 });
    const after = doc.y;
    doc.text(formatCents(line.totalCents), 450, y, { width: 95, align: 'right' });
    doc.x = 50;
    doc.y = Math.max(after, doc.y);
  }
  if (i.event_type || i.event_date || i.resource_name)
    doc
      .fillColor('#555')
      .text([i.event_type, i.resource_name, formatDay(i.event_date)].filter(Boolean).join(' · '))
      .fillColor('#000');
}

function invoiceTotals(doc: PDFKit.PDFDocument, i: InvoiceRow) {
  const total = Number(i.total_cents);
  const gst = Number(i.gst_cents);
  doc.moveDown();
  row(doc, 'Subtotal (excl. GST)', formatCents(Number(i.subtotal_cents)));
  row(doc, `GST (${i.tax_rate_bp / 100}%)`, formatCents(gst));
  row(doc, 'Total (incl. GST)', formatCents(total), true);
  if (gst * 11 === total) {
    doc.moveDown(0.3);
    doc.font(PDF_FONT.regular).fontSize(9).text('Total includes GST.', 300);
    doc.x = 50;
  }
}

function paymentSummary(doc: PDFKit.PDFDocument, i: InvoiceRow) {
  doc.moveDown();
  doc.font(PDF_FONT.bold).fontSize(11).text('Payment summary', 50);
  if (i.type === 'FINAL') {
    row(doc, 'Booking total (incl. GST)', formatCents(Number(i.full_amount_cents)));
    row(doc, 'Deposit applied', formatCents(Number(i.deposit_applied_cents)));
    row(
      doc,
      'Deposit paid',
      formatCents(Number((i as { deposit_paid_cents?: number | string }).deposit_paid_cents ?? 0)),
    );
  }
  if (Number(i.credited_cents) > 0) row(doc, 'Credited', formatCents(Number(i.credited_cents)));
  row(doc, 'Amount paid', formatCents(Number(i.paid_cents)));
  row(doc, 'Balance due', formatCents(balanceCents(i)), true);
}

function howToPay(doc: PDFKit.PDFDocument, i: InvoiceRow, seller: Seller) {
  doc.moveDown();
  doc.font(PDF_FONT.bold).fontSize(11).text('How to pay', 50);
  doc.font(PDF_FONT.regular).fontSize(10);
  if (seller.bankName || seller.bsb || seller.accountNumber) {
    if (seller.accountName) doc.text(`Account name: ${seller.accountName}`);
    if (seller.bankName) doc.text(`Bank: ${seller.bankName}`);
    if (seller.bsb) doc.text(`BSB: ${seller.bsb}`);
    if (seller.accountNumber) doc.text(`Account number: ${seller.accountNumber}`);
  }
  doc.text(`Reference: ${i.invoice_number ?? i.booking_code ?? ''}`);
  if (seller.referenceNote) doc.text(seller.referenceNote);
  if (i.notes) {
    doc.moveDown();
    doc.text(i.notes);
  }
}

export function creditNotePdf(c: CreditNoteRow, invoice: InvoiceRow, seller: Seller): Promise<Buffer> {
  const amount = Number(c.amount_cents);
  const gst = Number(c.gst_cents);
  return render(`Adjustment Note ${c.credit_note_number}`, (doc) => {
    doc.fontSize(22).font(PDF_FONT.bold).text('Adjustment Note');
    doc.moveDown(0.5);
    sellerBlock(doc, seller);
    doc.moveDown();
    doc.font(PDF_FONT.regular).fontSize(10);
    doc.text(`Adjustment note number: ${c.credit_note_number}`);
    doc.text(`Date: ${formatDay(c.issue_date)}`);
    doc.text(`Adjusts tax invoice: ${invoice.invoice_number ?? ''}`);
    doc.moveDown();
    doc.font(PDF_FONT.bold).text('Customer');
    doc.font(PDF_FONT.regular).text(invoice.customer_name);
    if (invoice.customer_abn) doc.text(`ABN ${formatAbn(invoice.customer_abn)}`);
    doc.moveDown();
    doc.text(`Reason: ${c.reason}`);
    doc.moveDown();
    row(doc, 'Credit (excl. GST)', formatCents(amount - gst));
    row(doc, 'GST credited', formatCents(gst));
    row(doc, 'Total credited (incl. GST)', formatCents(amount), true);
    if (Number(c.refunded_cents) > 0) row(doc, 'Refunded', formatCents(Number(c.refunded_cents)));
  });
}

/** `day`: the venue's day of the payment. */
export function receiptPdf(
  p: PaymentRow,
  invoice: InvoiceRow,
  seller: Seller | null,
  day: string,
): Promise<Buffer> {
  const heading =
    p.kind === 'payment' ? 'Receipt' : p.kind === 'refund' ? 'Refund Receipt' : 'Payment Reversal';
  return render(`${heading} ${p.receipt_number}`, (doc) => {
    doc.fontSize(22).font(PDF_FONT.bold).text(heading);
    doc.moveDown(0.5);
    if (seller) sellerBlock(doc, seller);
    doc.moveDown();
    doc.font(PDF_FONT.regular).fontSize(10);
    doc.text(`Receipt number: ${p.receipt_number}`);
    doc.text(`Date: ${formatDay(day)}`);
    doc.text(`Invoice: ${invoice.invoice_number ?? ''}`);
    doc.text(`Received from: ${invoice.customer_name}`);
    doc.moveDown();
    row(doc, p.kind === 'payment' ? 'Amount received' : 'Amount', formatCents(Number(p.amount_cents)), true);
    row(doc, 'Method', p.payment_method);
    if (p.reference) row(doc, 'Reference', p.reference);
    row(doc, 'Invoice balance now', formatCents(balanceCents(invoice)));
  });
}
