import { operation } from '@venue/service-kit';
import { selectPayments, toPayment } from '../../payments/payment-row.ts';
import { actorOf, tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { createCreditNote, creditNoteData } from '../credit-notes.ts';
import { toInvoice } from '../invoice-row.ts';

/** An adjustment note with its own number, with the refund it pays when one is asked for. */
export const postCreditNote = operation(
  'post /api/invoices/{id}/credit-notes',
  async ({ ctx, tx, params, body }) => {
    const tenantId = tenantOf(ctx);
    const settings = await moneySettings(tx, tenantId);
    const actor = actorOf(ctx);
    const made = await createCreditNote(
      tx,
      ctx,
      tenantId,
      uuidOrNull(params.id),
      {
        amountCents: body.amountCents,
        reason: body.reason,
        refund: body.refund ? { ...body.refund, createdBy: actor } : undefined,
        createdBy: actor,
      },
      settings,
    );
    const refund = made.refund
      ? toPayment(
          await selectPayments(tx)
            .where('p.tenant_id', '=', tenantId)
            .where('p.id', '=', made.refund.id)
            .executeTakeFirstOrThrow(),
        )
      : null;
    ctx.status = 201;
    return {
      creditNote: creditNoteData(made.creditNote, made.invoice),
      refund,
      invoice: toInvoice(made.invoice, today(settings)),
    };
  },
);
