import { conflict, notFound, operation } from '@venue/service-kit';
import { findOrFetchBooking } from '../../copies/booking-copy.ts';
import { db } from '../../db/query.ts';
import { formatCents } from '../../shared/format.ts';
import { actorOf, isUniqueViolation, tenantOf } from '../../shared/http.ts';
import { auditBond, bondEvent, loadBond, toBond } from '../bond-row.ts';

/** A bond received for a booking, held without GST; one per booking. */
export const postBond = operation('post /api/deposits/bonds', async ({ ctx, tx, body }) => {
  const tenantId = tenantOf(ctx);
  const booking = await findOrFetchBooking(tx, tenantId, body.bookingId);
  if (!booking)
    throw notFound('Booking not found', { errors: [{ path: 'bookingId', message: 'No such booking.' }] });
  const existing = await db(tx)
    .selectFrom('bonds')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('booking_id', '=', booking.booking_id)
    .executeTakeFirst();
  if (existing) throw conflict('This booking already has a bond.');
  let id: string;
  try {
    ({ id } = await db(tx)
      .insertInto('bonds')
      .values({
        tenant_id: tenantId,
        booking_id: booking.booking_id,
        amount_cents: body.amountCents,
        payment_method: body.paymentMethod,
        reference: body.reference ?? '',
        created_by: actorOf(ctx),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This booking already has a bond.');
    throw err;
  }
  const row = await loadBond(tx, tenantId, id);
  await tx.publish('bond.received', bondEvent(row, null), { tenantId });
  await auditBond(
    tx,
    ctx,
    'bond_received',
    row,
    `${formatCents(Number(row.amount_cents))} by ${row.payment_method}`,
  );
  ctx.status = 201;
  return toBond(row);
});
