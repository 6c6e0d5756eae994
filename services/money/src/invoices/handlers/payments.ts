/**
 * Record Payment, by its two doors. The kit replays a POST's answer for a repeated
 * Idempotency-Key; the key is also stored on the payment, so a retry after the kit's window, or
 * the spec's PUT (which the kit does not cover, hence the key is required there), still pays once.
 */
import type { z } from 'zod';
import type { paymentCreateSchema } from '@venue/contracts/money-api';
import { MONEY_MESSAGES } from '@venue/contracts/money-api';
import { badRequest, operation, type AppContext, type Tx } from '@venue/service-kit';
import { toPayment } from '../../payments/payment-row.ts';
import { actorOf, idempotencyKey, tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { toInvoice } from '../invoice-row.ts';
import { recordPayment } from '../movements.ts';

export const postPayment = operation('post /api/invoices/{id}/payments', ({ ctx, tx, params, body }) =>
  pay(ctx, tx, params.id, body, false),
);

export const putPayment = operation('put /api/invoices/{id}/payment', ({ ctx, tx, params, body }) =>
  pay(ctx, tx, params.id, body, true),
);

type PaymentBody = z.output<typeof paymentCreateSchema>;

async function pay(ctx: AppContext, tx: Tx, id: string, body: PaymentBody, requireKey: boolean) {
  const key = idempotencyKey(ctx);
  if (requireKey && !key)
    throw badRequest(MONEY_MESSAGES.idempotencyKeyRequired, {
      errors: [{ path: 'Idempotency-Key', message: MONEY_MESSAGES.idempotencyKeyRequired }],
    });
  const tenantId = tenantOf(ctx);
  const settings = await moneySettings(tx, tenantId);
  const recorded = await recordPayment(
    tx,
    ctx,
    tenantId,
    uuidOrNull(id),
    {
      amountCents: body.amountCents,
      paymentMethod: body.paymentMethod,
      reference: body.reference,
      notes: body.notes,
      idempotencyKey: key,
      createdBy: actorOf(ctx),
    },
    settings,
  );
  // recordPayment answers the invoice as it stands after the payment (read under its lock) and
  // the payment's row, so neither is read again: the list's columns come from that invoice.
  const { payment, invoice } = recorded;
  const listed = {
    ...payment,
    invoice_number: invoice.invoice_number,
    customer_name: invoice.customer_name,
    booking_id: invoice.booking_id,
    booking_code: invoice.booking_code,
  };
  ctx.status = recorded.replayed ? 200 : 201;
  return { payment: toPayment(listed), invoice: toInvoice(invoice, today(settings)) };
}
