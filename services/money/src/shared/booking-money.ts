/**
 * A booking's money as money's invoices make it (deposit paid, paid, balance due), published
 * as `booking_money.changed` whenever one of its invoices, payments or credit notes changes;
 * bookings keeps it as the read copy its screens show (decision 25, issue 13). One writer:
 * nothing else decides whether a deposit is paid.
 */
import type { BookingMoney } from '@venue/contracts/money-api';
import type { Tx } from '@venue/service-kit';

interface Row {
  total_cents: number | string | null;
  price_cents: number | string | null;
  deposit_cents: number | string;
  deposit_paid_cents: number | string;
  deposit_open: number | string;
  deposit_count: number | string;
  deposit_paid_at: Date | string | null;
  paid_cents: number | string;
  credited_cents: number | string;
  invoiced_cents: number | string;
}

export async function bookingMoney(tx: Tx, tenantId: string, bookingId: string): Promise<BookingMoney> {
  const { rows } = await tx.query<Row>(
    `SELECT b.total_cents, b.price_cents,
            COALESCE(sum(i.total_cents - i.credited_cents) FILTER (WHERE i.type = 'DEPOSIT'), 0) AS deposit_cents,
            COALESCE(sum(i.paid_cents) FILTER (WHERE i.type = 'DEPOSIT'), 0) AS deposit_paid_cents,
            count(*) FILTER (WHERE i.type = 'DEPOSIT' AND i.status <> 'PAID') AS deposit_open,
            count(*) FILTER (WHERE i.type = 'DEPOSIT') AS deposit_count,
            max(i.paid_at) FILTER (WHERE i.type = 'DEPOSIT') AS deposit_paid_at,
            COALESCE(sum(i.paid_cents), 0) AS paid_cents,
            COALESCE(sum(i.credited_cents), 0) AS credited_cents,
            COALESCE(sum(i.total_cents), 0) AS invoiced_cents
       FROM (SELECT $1::uuid AS tenant_id, $2::uuid AS booking_id) k
       LEFT JOIN booking_copy b ON b.tenant_id = k.tenant_id AND b.booking_id = k.booking_id
       LEFT JOIN invoices i ON i.tenant_id = k.tenant_id AND i.booking_id = k.booking_id
                           AND i.status NOT IN ('VOID', 'DRAFT') AND i.type <> 'BOND'
      GROUP BY b.total_cents, b.price_cents`,
    [tenantId, bookingId],
  );
  const r = rows[0]!;
  const depositPaid =
    Number(r.deposit_count) > 0 && Number(r.deposit_open) === 0 && Number(r.deposit_cents) > 0;
  const total = Number(r.total_cents ?? r.price_cents ?? r.invoiced_cents);
  return {
    bookingId,
    depositCents: Number(r.deposit_cents),
    depositPaid,
    depositPaidAt: depositPaid && r.deposit_paid_at ? new Date(r.deposit_paid_at).toISOString() : null,
    paidCents: Number(r.paid_cents),
    balanceDueCents: Math.max(0, total - Number(r.credited_cents) - Number(r.paid_cents)),
    at: new Date().toISOString(),
  };
}

/** Publishes the booking's money after a change of one of its invoices (none for a booking-less invoice). */
export async function publishBookingMoney(
  tx: Tx,
  tenantId: string,
  bookingId: string | null,
): Promise<BookingMoney | null> {
  if (!bookingId) return null;
  const money = await bookingMoney(tx, tenantId, bookingId);
  await tx.publish('booking_money.changed', money, { tenantId });
  return money;
}
