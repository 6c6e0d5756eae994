/** One customer's data as CSV (profile or bookings) and as a PDF summary. */
import { toCsv } from '@venue/service-kit';
import { PDF_FONT, renderPdf } from '@venue/service-kit/pdf';
import { ddmmyyyy } from '../shared/csv.ts';
import type { CustomerDetail } from './customer-directory.ts';

export function customerBookingsCsv(c: CustomerDetail): string {
  return toCsv(
    ['Booking Code', 'Date', 'Start', 'End', 'Resource', 'Event Type', 'Guests', 'Status', 'Spend'],
    c.bookings.map((b) => [
      b.bookingCode,
      ddmmyyyy(b.date),
      b.startTime,
      b.endTime,
      b.resource,
      b.eventType,
      b.guestCount ?? '',
      b.status,
      b.spend.toFixed(2),
    ]),
  );
}

export function customerProfileCsv(c: CustomerDetail): string {
  return toCsv(
    [
      'Customer ID',
      'Name',
      'Email',
      'Phone',
      'Segment',
      'RFM',
      'Tags',
      'Total Bookings',
      'Lifetime Spend',
      'CLV',
      'First Booking',
      'Last Booking',
    ],
    [
      [
        c.id,
        c.name,
        c.email,
        c.phone,
        c.segment,
        c.rfm,
        c.tags.join(' '),
        c.totalBookings,
        c.lifetimeSpend.toFixed(2),
        c.clv.toFixed(2),
        c.firstBookingDate ? ddmmyyyy(c.firstBookingDate) : '',
        c.lastBookingDate ? ddmmyyyy(c.lastBookingDate) : '',
      ],
    ],
  );
}

/**
 * The customer's data as a PDF, in the fonts of `@venue/service-kit/pdf` (decision 58: Noto Sans
 * with Noto Sans SC for CJK), as money's and insights' PDFs: pdfkit's standard Helvetica knows
 * only WinAnsi and printed "Nguyễn" or "王芳" as other letters or nothing, without an error.
 */
export function customerPdf(c: CustomerDetail): Promise<Buffer> {
  return renderPdf({ size: 'A4', margin: 50, info: { Title: `Customer ${c.id}` } }, (doc) => {
    doc.font(PDF_FONT.bold).fontSize(18).text(`Customer ${c.id}`).moveDown(0.5);
    doc.font(PDF_FONT.regular).fontSize(11);
    for (const [k, v] of [
      ['Name', c.name],
      ['Email', c.email],
      ['Phone', c.phone],
      ['Segment', `${c.segment} (RFM ${c.rfm})`],
      ['Tags', c.tags.join(', ') || '-'],
      ['Bookings', String(c.totalBookings)],
      ['Lifetime spend', `$${c.lifetimeSpend.toFixed(2)}`],
      ['CLV', `$${c.clv.toFixed(2)}`],
    ])
      doc.text(`${k}: ${v}`);
    doc.moveDown().font(PDF_FONT.bold).fontSize(14).text('Bookings');
    doc.font(PDF_FONT.regular).fontSize(10).moveDown(0.3);
    for (const b of c.bookings)
      doc.text(
        `${b.bookingCode}  ${ddmmyyyy(b.date)} ${b.startTime}-${b.endTime}  ${b.resource}  ${b.eventType}  ${b.status}  $${b.spend.toFixed(2)}`,
      );
  });
}
