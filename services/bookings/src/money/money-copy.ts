/**
 * Bookings' read copy of a booking's money (issue 13, decision 32): money owns every payment
 * fact; bookings shows whether the deposit is paid, and when, in `payment_details`
 * (`deposit_paid`, `paid_at`), from money's `booking_money.changed` events or money's answer to
 * a hand-over. The balance due follows from it as before (total less a paid deposit, decision
 * 25). `moneyAt` orders the copies: an older one never replaces a newer one.
 */
import type { BookingMoney } from '@venue/contracts/money-api';
import { sql, type Consumer, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';

export async function applyBookingMoney(tx: Tx, tenantId: string, m: BookingMoney): Promise<boolean> {
  const moved = await db(tx)
    .updateTable('bookings')
    // sql: jsonb's || merge and jsonb_build_object, with the paid-at text or a JSON null
    .set({
      payment_details: sql<string>`payment_details || jsonb_build_object(
        'deposit_paid', ${m.depositPaid}::boolean,
        'paid_at', CASE WHEN ${m.depositPaidAt}::text IS NULL THEN 'null'::jsonb ELSE to_jsonb(${m.depositPaidAt}::text) END,
        'moneyAt', ${m.at}::text)`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', m.bookingId)
    .where('payment_details', 'is not', null)
    .where((eb) =>
      eb.or([
        // sql: the copy's moneyAt, a jsonb field read as an instant (older copies never win)
        eb(sql`payment_details->>'moneyAt'`, 'is', null),
        eb(sql`(payment_details->>'moneyAt')::timestamptz`, '<=', sql`${m.at}::timestamptz`),
      ]),
    )
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}

/** Consumer of `booking_money.changed`: a booking not confirmed yet (no payment details) has nothing to show. */
export const bookingMoneyChanged: Consumer<'booking_money.changed'> = async (event, tx) => {
  const tenantId = event.tenantId;
  if (!tenantId) return;
  await applyBookingMoney(tx, tenantId, event.data);
};
