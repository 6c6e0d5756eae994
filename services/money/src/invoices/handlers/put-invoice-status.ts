import { operation } from '@venue/service-kit';
import { actorOf, tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { loadInvoice, toInvoice, type InvoiceRow } from '../invoice-row.ts';
import { recordPayment } from '../movements.ts';
import { issueInvoice, voidInvoice } from '../operations.ts';

/** SENT issues the invoice, VOID voids it, PAID records a payment of what is still due. */
export const putInvoiceStatus = operation(
  'put /api/invoices/{id}/status',
  async ({ ctx, tx, params, body }) => {
    const tenantId = tenantOf(ctx);
    const settings = await moneySettings(tx, tenantId);
    const id = uuidOrNull(params.id);
    let row: InvoiceRow;
    if (body.status === 'SENT') {
      const { id: found } = await loadInvoice(tx, tenantId, id);
      row = await issueInvoice(tx, ctx, tenantId, found, settings, actorOf(ctx) ?? 'unknown');
    } else if (body.status === 'VOID') {
      const { id: found } = await loadInvoice(tx, tenantId, id);
      row = await voidInvoice(tx, ctx, tenantId, found, body.reason, settings);
    } else {
      // Mark as PAID: a payment of whatever is still due, so the paid figure stays true. A draft
      // is issued first: a paid tax invoice has a number.
      let current = await loadInvoice(tx, tenantId, id);
      if (current.status === 'DRAFT') current = await issueInvoice(tx, ctx, tenantId, current.id, settings);
      const balance = Math.max(
        0,
        Number(current.total_cents) - Number(current.credited_cents) - Number(current.paid_cents),
      );
      const recorded = await recordPayment(
        tx,
        ctx,
        tenantId,
        current.id,
        {
          amountCents: balance > 0 ? balance : 1, // 0 left: recordPayment answers "already paid"
          paymentMethod: body.paymentMethod ?? 'Bank Transfer',
          reference: body.reference,
          notes: 'Marked as paid',
          createdBy: actorOf(ctx),
        },
        settings,
      );
      row = recorded.invoice;
    }
    return toInvoice(row, today(settings));
  },
);
