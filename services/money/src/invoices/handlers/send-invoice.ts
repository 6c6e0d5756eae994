import { MONEY_MESSAGES } from '@venue/contracts/money-api';
import { conflict, operation } from '@venue/service-kit';
import { actorOf, tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { invoiceEventData, loadInvoice, toInvoice } from '../invoice-row.ts';
import { audit, issueInvoice } from '../operations.ts';

/**
 * Send to customer (issue 24 item 14): a draft is issued; an invoice issued before, paid ones
 * too, goes again as a copy marked as such (comms e-mails it; its PDF says COPY). Nothing about
 * the invoice changes, so a copy can go as often as a person asks.
 */
export const sendInvoice = operation('post /api/invoices/{id}/send', async ({ ctx, tx, params }) => {
  const tenantId = tenantOf(ctx);
  const settings = await moneySettings(tx, tenantId);
  const day = today(settings);
  const current = await loadInvoice(tx, tenantId, uuidOrNull(params.id), true);
  const who = actorOf(ctx) ?? 'unknown';
  if (current.status === 'DRAFT') {
    const issued = await issueInvoice(tx, ctx, tenantId, current.id, settings, who);
    return { invoice: toInvoice(issued, day), copy: false };
  }
  if (current.status === 'VOID') throw conflict(MONEY_MESSAGES.voidNotSent, { status: 'VOID' });
  if (!current.customer_email.includes('@'))
    throw conflict('The customer has no e-mail address to send the invoice to.');
  const data = invoiceEventData(current, current.seller?.businessName ?? settings.payment.businessName);
  await tx.publish(
    'invoice.copy_requested',
    {
      ...data,
      copy: true,
      pdfPath: `${data.pdfPath}?copy=1`,
      internalPdfPath: `${data.internalPdfPath}?copy=1`,
      requestedBy: who,
    },
    { tenantId },
  );
  await audit(tx, ctx, tenantId, {
    action: 'invoice_copy_sent',
    row: current,
    info: `A copy e-mailed to ${current.customer_email}`,
  });
  return { invoice: toInvoice(current, day), copy: true };
});
