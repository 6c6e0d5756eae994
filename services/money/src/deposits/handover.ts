/**
 * Bookings hands over `PUT /api/bookings/{id}` {payment_details: {deposit_paid}} (decision 32)
 * as `PUT /internal/deposits/:bookingId`. Refusals travel back as data, so bookings can show the
 * person money's own message.
 */
import type { Principal } from '@venue/contracts';
import type {
  BookingMoney,
  internalDepositRequestSchema,
  InternalDepositAnswer,
} from '@venue/contracts/money-api';
import { HttpError, type AppContext, type AuditContext } from '@venue/service-kit';
import type { z } from 'zod';
import { bookingMoney } from '../shared/booking-money.ts';
import { markDepositPaid, markDepositUnpaid } from './mark.ts';

type Handover = z.output<typeof internalDepositRequestSchema>;

/** The audit entries name the person who asked in bookings, as if they had asked here. */
function auditAs(body: Handover): AuditContext | null {
  if (!body.actor) return null;
  return {
    state: {
      principal: {
        userId: body.actor.id ?? '',
        email: body.actor.email ?? '',
        name: null,
        role: (body.actor.role ?? 'hall_owner') as Principal['role'],
        tenantId: body.tenantId,
        parentUserId: null,
        permissions: [],
        tokenVersion: 0,
      },
    },
  };
}

export async function depositHandover(
  ctx: AppContext,
  body: Handover,
  bookingId: string | null,
): Promise<InternalDepositAnswer> {
  const audit = auditAs(body);
  try {
    const money: BookingMoney = await ctx.kit.db.tenantTx(body.tenantId, async (tx) => {
      const who = body.actor?.email ?? null;
      const done = body.depositPaid
        ? await markDepositPaid(
            tx,
            audit,
            body.tenantId,
            bookingId,
            {
              paymentMethod: body.paymentMethod ?? 'Bank Transfer',
              notes: 'Marked paid on the booking',
              actor: who,
            },
            'ok',
          )
        : await markDepositUnpaid(
            tx,
            null,
            body.tenantId,
            bookingId,
            'Marked unpaid on the booking',
            who,
            'ok',
          );
      return bookingMoney(tx, body.tenantId, done.bookingId);
    });
    return { ok: true, bookingMoney: money };
  } catch (err) {
    if (err instanceof HttpError && err.status < 500)
      return { ok: false, status: err.status, message: err.message };
    throw err;
  }
}
