/** The customer's invoices, each one's PDF, and Pay: the invoice's one payment link (decision 43). */
import { PORTAL_MONEY_MESSAGES as PM, type PortalPayAnswer } from '@venue/contracts/money-api';
import { conflict, operation } from '@venue/service-kit';
import { balanceCents } from '../../invoices/invoice-row.ts';
import { currentSeller } from '../../invoices/operations.ts';
import type { PaylinkConfig } from '../../paylinks/config.ts';
import { linkFor } from '../../paylinks/links.ts';
import { invoicePdf } from '../../pdf/documents.ts';
import { CUSTOMER_ANSWER_PREFIX } from '../../quotations/quotation-row.ts';
import { uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { customerOf, fileName, sendPdf } from '../customer.ts';
import { customerInvoice, isPayable, portalInvoices } from '../portal-rows.ts';

export const listPortalInvoices = operation('get /api/portal/invoices', async ({ ctx, tx }) => {
  const c = customerOf(ctx);
  const settings = await moneySettings(tx, c.tenantId);
  return { invoices: await portalInvoices(tx, c, today(settings)) };
});

export const getPortalInvoicePdf = operation(
  'get /api/portal/invoices/{id}/pdf',
  async ({ ctx, tx, params }) => {
    const c = customerOf(ctx);
    const settings = await moneySettings(tx, c.tenantId);
    const row = await customerInvoice(tx, c, uuidOrNull(params.id));
    const bytes = await invoicePdf({ invoice: row, seller: row.seller ?? currentSeller(settings) });
    sendPdf(ctx, `${fileName(row.invoice_number ?? `invoice-${row.id}`)}.pdf`, bytes);
  },
);

/** The pay page for what is due: the invoice's one payment link, made on first use. */
export const payPortalInvoice = (cfg: PaylinkConfig) =>
  operation('post /api/portal/invoices/{id}/pay', async ({ ctx, tx, params }): Promise<PortalPayAnswer> => {
    const c = customerOf(ctx);
    const settings = await moneySettings(tx, c.tenantId);
    const invoice = await customerInvoice(tx, c, uuidOrNull(params.id), true);
    const due = balanceCents(invoice);
    if (!isPayable(invoice, due))
      throw conflict(invoice.status === 'PAID' || due === 0 ? PM.paid : PM.notPayable, {
        status: invoice.status,
      });
    const link = await linkFor(tx, invoice, settings, cfg, `${CUSTOMER_ANSWER_PREFIX}${c.email}`);
    return {
      url: link.url,
      path: link.path,
      invoiceNumber: invoice.invoice_number ?? '',
      amountDueCents: due,
      cardPayments: link.cardPayments,
    };
  });
