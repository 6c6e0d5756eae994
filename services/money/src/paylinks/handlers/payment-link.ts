/** Staff's payment link of an invoice: copy it (made on first use) and revoke it (a new one made). */
import { operation } from '@venue/service-kit';
import { invoiceLabel, loadInvoice } from '../../invoices/invoice-row.ts';
import { actorOf, tenantOf, uuidOrNull } from '../../shared/http.ts';
import { moneySettings } from '../../shared/settings.ts';
import type { PaylinkConfig } from '../config.ts';
import { linkFor, rotateLink } from '../links.ts';

export const postPaymentLink = (cfg: PaylinkConfig) =>
  operation('post /api/invoices/{id}/payment-link', async ({ ctx, tx, params }) => {
    const tenantId = tenantOf(ctx);
    const invoice = await loadInvoice(tx, tenantId, uuidOrNull(params.id));
    return linkFor(tx, invoice, await moneySettings(tx, tenantId), cfg, actorOf(ctx));
  });

export const revokePaymentLink = (cfg: PaylinkConfig) =>
  operation('post /api/invoices/{id}/payment-link/revoke', async ({ ctx, tx, params }) => {
    const tenantId = tenantOf(ctx);
    // Locked: a revoke and a first copy at once cannot leave two live links.
    const invoice = await loadInvoice(tx, tenantId, uuidOrNull(params.id), true);
    const link = await rotateLink(tx, invoice, await moneySettings(tx, tenantId), cfg, actorOf(ctx));
    await tx.audit(ctx, {
      action: 'payment_link_revoked',
      targetType: 'invoice',
      target: invoice.invoice_number ?? invoice.id,
      targetLabel: invoiceLabel(invoice),
      additionalInfo: 'The old payment link no longer works; a new one was made.',
    });
    return link;
  });
