/**
 * A booking's money as money's invoices make it (deposit paid, paid, balance due), published
 * as `booking_money.changed` whenever one of its invoices, payments or credit notes changes;
 * bookings keeps it as the read copy its screens show (decision 25, issue 13). One writer:
 * nothing else decides whether a deposit is paid.
 */
import type { BookingMoney } from '@venue/contracts/money-api';
import type { Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';

export async function bookingMoney(tx: Tx, tenantId: string, bookingId: string): Promise<BookingMoney> {
  // One row even for a booking money has no copy or invoice of: the key row k, joined to both.
  const q = db(tx);
  const key = q
    .selectNoFrom((eb) => [
      eb.cast<string>(eb.val(tenantId), 'uuid').as('tenant_id'),
      eb.cast<string>(eb.val(bookingId), 'uuid').as('booking_id'),
    ])
    .as('k');
  const r = await q
    .selectFrom(key)
    .leftJoin('booking_copy as b', (j) =>
      j.onRef('b.tenant_id', '=', 'k.tenant_id').onRef('b.booking_id', '=', 'k.booking_id'),
    )
    .leftJoin('invoices as i', (j) =>
      j
        .onRef('i.tenant_id', '=', 'k.tenant_id')
        .onRef('i.booking_id', '=', 'k.booking_id')
        .on('i.status', 'not in', ['VOID', 'DRAFT'])
        .on('i.type', '<>', 'BOND'),
    )
    .select((eb) => {
      const deposit = eb('i.type', '=', 'DEPOSIT');
      return [
        'b.total_cents',
        'b.price_cents',
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb('i.total_cents', '-', eb.ref('i.credited_cents'))).filterWhere(deposit),
            eb.lit(0),
          )
          .as('deposit_cents'),
        eb.fn
          .coalesce(eb.fn.sum<number>('i.paid_cents').filterWhere(deposit), eb.lit(0))
          .as('deposit_paid_cents'),
        eb.fn
          .countAll<number>()
          .filterWhere(eb.and([deposit, eb('i.status', '<>', 'PAID')]))
          .as('deposit_open'),
        eb.fn.countAll<number>().filterWhere(deposit).as('deposit_count'),
        eb.fn.max('i.paid_at').filterWhere(deposit).as('deposit_paid_at'),
        eb.fn.coalesce(eb.fn.sum<number>('i.paid_cents'), eb.lit(0)).as('paid_cents'),
        eb.fn.coalesce(eb.fn.sum<number>('i.credited_cents'), eb.lit(0)).as('credited_cents'),
        eb.fn.coalesce(eb.fn.sum<number>('i.total_cents'), eb.lit(0)).as('invoiced_cents'),
      ];
    })
    .groupBy(['b.total_cents', 'b.price_cents'])
    .executeTakeFirstOrThrow();
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
