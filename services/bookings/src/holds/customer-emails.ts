/** E-mails to the customer queued in `customer_emails` until the comms service delivers them. */
import type { AppRouter, Tx } from '@venue/service-kit';
import type { BookingRow } from '../bookings/booking-row.ts';
import { bookingsGuard } from '../shared/guards.ts';
import { ddmmyyyy } from '../shared/csv.ts';

type Kind = 'decline' | 'request_changes';

async function queueEmail(tx: Tx, row: BookingRow, kind: Kind, subject: string, body: string) {
  await tx.query(
    `INSERT INTO customer_emails (tenant_id, booking_id, kind, to_email, to_name, subject, body) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
    [row.tenant_id, row.id, kind, row.customer_email, row.customer_name, subject, body],
  );
}

const when = (row: BookingRow) => `${ddmmyyyy(row.booking_date)} (${row.start_time}–${row.end_time})`;

export function queueDeclineEmail(tx: Tx, row: BookingRow, reason: string) {
  return queueEmail(
    tx,
    row,
    'decline',
    `Your booking request ${row.booking_code}`,
    `Hi ${row.customer_name},\n\nThank you for your interest in ${row.resource_name}. Unfortunately we cannot accept your request for ${row.event_type} on ${when(row)}.\n\nReason: ${reason}\n\nPlease reply to this e-mail if you would like to find another date.`,
  );
}

export function queueChangesEmail(tx: Tx, row: BookingRow, message: string) {
  return queueEmail(
    tx,
    row,
    'request_changes',
    `Changes needed for your booking ${row.booking_code}`,
    `Hi ${row.customer_name},\n\nThank you for your booking request for ${row.event_type} at ${row.resource_name} on ${when(row)}.\n\nBefore we can accept it we need a few changes:\n\n${message}\n\nPlease reply to this e-mail with the updated details.`,
  );
}

export function emailRoutes(router: AppRouter): void {
  router.get('/api/bookings/emails', ...bookingsGuard, async (ctx) => {
    const { rows } = await ctx.state.tx.query<Record<string, unknown>>(
      `SELECT id, booking_id, kind, to_email, to_name, subject, body, status, created_at FROM customer_emails ORDER BY created_at DESC LIMIT 500`,
    );
    ctx.body = rows.map((r) => ({
      id: r.id,
      bookingId: r.booking_id,
      kind: r.kind,
      to: r.to_email,
      recipientName: r.to_name,
      subject: r.subject,
      body: r.body,
      status: r.status,
      createdAt: new Date(r.created_at as string).toISOString(),
    }));
  });
}
