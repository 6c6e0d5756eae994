/**
 * The quotation as an A4 PDF (spec 03 §7): seller, its number (`QUO-2026-00001`, issue 24 item 2;
 * a draft has none yet), customer, event, price with GST, deposit, validity. In the fonts of
 * `@venue/service-kit/pdf`, as the other money documents, so the customer's name, the event type
 * and the hall print as typed (issue 24 item 10).
 */
import type { Quotation } from '@venue/contracts/money-api';
import { PDF_FONT } from '@venue/service-kit/pdf';
import type { Seller } from '../invoices/invoice-row.ts';
import { formatCents, formatDay } from '../shared/format.ts';
import { render } from './documents.ts';

export function quotationPdf(q: Quotation, seller: Seller): Promise<Buffer> {
  return render(q.number ? `Quotation ${q.number}` : 'Draft quotation', (doc) => {
    doc.fontSize(22).font(PDF_FONT.bold).text('Quotation');
    doc
      .moveDown(0.5)
      .fontSize(12)
      .text(seller.businessName || '(business name not set)');
    doc.font(PDF_FONT.regular).fontSize(10);
    for (const line of [seller.businessAddress, seller.businessPhone, seller.businessEmail])
      if (line) doc.text(line);
    doc.moveDown();
    doc.text(`Quotation number: ${q.number ?? 'draft (numbered when sent)'}`);
    doc.text(`Status: ${q.status}`);
    doc.text(`Valid until: ${formatDay(q.validUntil)}`);
    doc.moveDown();
    doc.font(PDF_FONT.bold).text('For');
    doc.font(PDF_FONT.regular).text(q.customerName);
    doc.text([q.customerEmail, q.customerPhone].filter(Boolean).join(' · '));
    doc.moveDown();
    doc.text(`Event: ${q.eventType}`);
    doc.text(`Venue: ${q.resourceName}`);
    doc.text(`Date: ${formatDay(q.eventDate)} ${q.startTime}–${q.endTime}`);
    if (q.guestCount !== null) doc.text(`Guests: ${q.guestCount}`);
    doc.moveDown();
    doc.text(`GST (${q.taxRate}%, ${q.taxType.toLowerCase()}): ${formatCents(q.gstCents)}`);
    doc.font(PDF_FONT.bold).text(`Total (incl. GST): ${formatCents(Math.round(q.totalInclGst * 100))}`);
    doc.font(PDF_FONT.regular);
    if (q.depositCents > 0) {
      doc.text(`Deposit (${q.depositType}): ${formatCents(q.depositCents)}`);
      doc.text(`Balance after deposit: ${formatCents(Math.round(q.finalAmount * 100))}`);
    }
    if (q.notes) doc.moveDown().text(`Notes: ${q.notes}`);
  });
}
