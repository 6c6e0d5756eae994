/**
 * Bookings' read copy of a booking's money (issue 13, decision 32): money owns every payment
 * fact; bookings shows whether the deposit is paid, and when, in `payment_details`
 * (`deposit_paid`, `paid_at`), from money's `booking_money.changed` events or money's answer to
 * a hand-over. The balance due follows from it as before (total less a paid deposit, decision
 * 25). `moneyAt` orders the copies: an older one never replaces a newer one.
 */
import type { BookingMoney } from '@venue/contracts/money-api';
import type { Consumer, Tx } from '@venue/service-kit';

export async function applyBookingMoney(tx: Tx, tenantId: string, m: BookingMoney): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE bookings
        SET payment_details = payment_details || jsonb_build_object(
              'deposit_paid', $3::boolean,
              'paid_at', CASE WHEN $4::text IS NULL THEN 'null'::jsonb ELSE to_jsonb($4::text) END,
              'moneyAt', $5::text)
      WHERE tenant_id = $1 AND id = $2 AND payment_details IS NOT NULL
        AND (payment_details->>'moneyAt' IS NULL OR (payment_details->>'moneyAt')::timestamptz <= $5::timestamptz)`,
    [tenantId, m.bookingId, m.depositPaid, m.depositPaidAt, m.at],
  );
  return rowCount > 0;
}

/** Consumer of `booking_money.changed`: a booking not confirmed yet (no payment details) has nothing to show. */
export const bookingMoneyChanged: Consumer<'booking_money.changed'> = async (event, tx) => {
  const tenantId = event.tenantId;
  if (!tenantId) return;
  await applyBookingMoney(tx, tenantId, event.data);
};
