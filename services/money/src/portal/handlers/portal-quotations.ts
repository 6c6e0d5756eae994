import { inRequestTx, operation } from '@venue/service-kit';
import { currentSeller } from '../../invoices/operations.ts';
import { accept, decline } from '../../quotations/answer.ts';
import { quotationPdf, quotationPdfName, toQuotation } from '../../quotations/quotation-row.ts';
import { uuidOrNull } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { customerAnswerer, customerOf, sendPdf } from '../customer.ts';
import { customerQuotation, customerQuotations, toPortalQuotation } from '../portal-rows.ts';

export const listPortalQuotations = operation('get /api/portal/quotations', async ({ ctx, tx }) => {
  const c = customerOf(ctx);
  const day = today(await moneySettings(tx, c.tenantId));
  const rows = await customerQuotations(tx, c);
  return { quotations: rows.map((r) => toPortalQuotation(toQuotation(r, day))) };
});

export const getPortalQuotation = operation(
  'get /api/portal/quotations/{id}',
  async ({ ctx, tx, params }) => {
    const c = customerOf(ctx);
    const day = today(await moneySettings(tx, c.tenantId));
    return toPortalQuotation(toQuotation(await customerQuotation(tx, c, uuidOrNull(params.id)), day));
  },
);

export const getPortalQuotationPdf = operation(
  'get /api/portal/quotations/{id}/pdf',
  async ({ ctx, tx, params }) => {
    const c = customerOf(ctx);
    const settings = await moneySettings(tx, c.tenantId);
    const q = toQuotation(await customerQuotation(tx, c, uuidOrNull(params.id)), today(settings));
    sendPdf(ctx, quotationPdfName(q), await quotationPdf(q, currentSeller(settings)));
  },
);

/**
 * Accept: the staff path (claim, bookings' one booking per quotation, settle) with the customer
 * answering. No transaction is held while bookings makes the booking.
 */
export const acceptPortalQuotation = operation(
  'post /api/portal/quotations/{id}/accept',
  { transaction: 'none' },
  async ({ ctx, params }) => {
    const c = customerOf(ctx);
    const id = uuidOrNull(params.id);
    // The venue's formats for the words of a refusal; a quotation not theirs is 404 before anything.
    const settings = await inRequestTx(ctx, async (tx) => {
      await customerQuotation(tx, c, id);
      return moneySettings(tx, c.tenantId);
    });
    const q = await accept(ctx, c.tenantId, id ?? '', customerAnswerer(c, settings));
    return { bookingId: q.bookingId!, bookingCode: q.bookingCode!, quotation: toPortalQuotation(q) };
  },
);

export const declinePortalQuotation = operation(
  'post /api/portal/quotations/{id}/decline',
  async ({ ctx, tx, params, body: { reason } }) => {
    const c = customerOf(ctx);
    const settings = await moneySettings(tx, c.tenantId);
    const said = reason?.trim() ? reason.trim() : null;
    const q = await decline(
      tx,
      ctx,
      c.tenantId,
      uuidOrNull(params.id) ?? '',
      today(settings),
      customerAnswerer(c, settings),
      said,
    );
    return toPortalQuotation(q);
  },
);
