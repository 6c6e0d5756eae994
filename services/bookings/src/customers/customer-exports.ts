/** One customer's data as CSV (profile or bookings) and as a PDF summary. */
import PDFDocument from 'pdfkit';
import { toCsv } from '@venue/service-kit';
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

export async function customerPdf(c: CustomerDetail): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Customer ${c.id}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(18).text(`Customer ${c.id}`).moveDown(0.5);
  doc.fontSize(11);
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
  doc.moveDown().fontSize(14).text('Bookings').fontSize(10).moveDown(0.3);
  for (const b of c.bookings)
    doc.text(
      `${b.bookingCode}  ${ddmmyyyy(b.date)} ${b.startTime}-${b.endTime}  ${b.resource}  ${b.eventType}  ${b.status}  $${b.spend.toFixed(2)}`,
    );
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
