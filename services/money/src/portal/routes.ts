/**
 * The customer's portal in money (issue 25, decision 56): `/api/portal/…` for a venue's signed-in
 * customer, as the gateway signs them (`requireCustomer`). Each runs in the kit's customer
 * transaction (the venue AND the customer's address set for row-level security), and each query
 * states both again (portal-rows.ts).
 *
 * Nothing here is a second implementation: the PDFs are the venue's own documents, "Pay" answers
 * the invoice's payment link of decision 43 (bank transfer, or Stripe Checkout when the venue
 * takes cards), and Accept and Decline are the staff code path of decision 33 (quotations/
 * answer.ts) with the customer as the one answering: the same claim (two accepts at once make
 * one booking), the same booking made by bookings, the same deposit invoice raised when the
 * booking arrives. Only the words differ: a customer is never told whose booking took a slot.
 */
import {
  PORTAL_MONEY_MESSAGES as PM,
  portalAcceptBody,
  portalDeclineBody,
  portalPayBody,
  type PortalPayAnswer,
} from '@venue/contracts/money-api';
import {
  conflict,
  inRequestTx,
  parseBody,
  requireCustomer,
  withCustomerTx,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import { csvDate, timeText } from '../csv/venue-format.ts';
import { balanceCents } from '../invoices/invoice-row.ts';
import { creditNoteDocument } from '../invoices/credit-note-document.ts';
import { currentSeller } from '../invoices/operations.ts';
import type { PaylinkConfig } from '../paylinks/config.ts';
import { linkFor } from '../paylinks/links.ts';
import { invoicePdf } from '../pdf/documents.ts';
import { receiptOf } from '../payments/receipt.ts';
import {
  CUSTOMER_ANSWER_PREFIX,
  quotationPdf,
  quotationPdfName,
  toQuotation,
} from '../quotations/quotation-row.ts';
import { accept, decline, type Answerer } from '../quotations/answer.ts';
import { idParam } from '../shared/http.ts';
import { moneySettings, today, type MoneySettings } from '../shared/settings.ts';
import {
  assertCustomerPayment,
  customerCreditNoteInvoice,
  customerInvoice,
  customerQuotation,
  customerQuotations,
  isPayable,
  portalInvoices,
  toPortalQuotation,
  type PortalCustomer,
} from './portal-rows.ts';

const reads = [requireCustomer, withCustomerTx] as const;

/** The signed-in customer: their venue and address (lower-cased by the kit). */
function customerOf(ctx: AppContext): PortalCustomer {
  const { tenantId, email } = ctx.state.customer;
  return { tenantId, email };
}

/** A file name safe in a Content-Disposition header. */
const fileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/** One of the customer's documents: a download, kept by no shared cache. */
function sendPdf(ctx: AppContext, name: string, bytes: Buffer) {
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${name}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = bytes;
}

/**
 * The customer answering a quotation in the portal: only a quotation sent to them, recorded as
 * theirs (`answered_by`, the audit entry's actor), refused in their words; a taken slot is said
 * as the quotation's own slot in the venue's formats, never whose booking it is.
 */
function customerAnswerer(c: PortalCustomer, settings: MoneySettings): Answerer {
  return {
    load: (tx, id, lock) => customerQuotation(tx, c, id, lock),
    who: `${CUSTOMER_ANSWER_PREFIX}${c.email}`,
    side: 'customer',
    expired: PM.expired,
    accepting: PM.accepting,
    badTransition: (status) => (status === 'Expired' ? PM.expired : PM.answered(status)),
    slotTaken: (row) => {
      const f = settings.copy;
      const slot = `${row.resource_name} on ${csvDate(row.event_date, f)} from ${timeText(row.start_time, f.timeFormat)} to ${timeText(row.end_time, f.timeFormat)}`;
      return conflict(PM.slotTaken(slot));
    },
    acceptFailed: PM.acceptFailed,
  };
}

export function portalRoutes(router: AppRouter, cfg: PaylinkConfig): void {
  // --- invoices, receipts, adjustment notes, pay --------------------------------------------------

  router.get('/api/portal/invoices', ...reads, async (ctx) => {
    const c = customerOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, c.tenantId);
    ctx.body = { invoices: await portalInvoices(tx, c, today(settings)) };
  });

  router.get('/api/portal/invoices/:id/pdf', ...reads, async (ctx) => {
    const c = customerOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, c.tenantId);
    const row = await customerInvoice(tx, c, idParam(ctx));
    const bytes = await invoicePdf({ invoice: row, seller: row.seller ?? currentSeller(settings) });
    sendPdf(ctx, `${fileName(row.invoice_number ?? `invoice-${row.id}`)}.pdf`, bytes);
  });

  // The pay page for what is due: the invoice's one payment link (decision 43), made on first use.
  router.post('/api/portal/invoices/:id/pay', ...reads, async (ctx) => {
    parseBody(ctx, portalPayBody);
    const c = customerOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, c.tenantId);
    const invoice = await customerInvoice(tx, c, idParam(ctx), true);
    const due = balanceCents(invoice);
    if (!isPayable(invoice, due))
      throw conflict(invoice.status === 'PAID' || due === 0 ? PM.paid : PM.notPayable, {
        status: invoice.status,
      });
    const link = await linkFor(tx, invoice, settings, cfg, `${CUSTOMER_ANSWER_PREFIX}${c.email}`);
    ctx.body = {
      url: link.url,
      path: link.path,
      invoiceNumber: invoice.invoice_number ?? '',
      amountDueCents: due,
      cardPayments: link.cardPayments,
    } satisfies PortalPayAnswer;
  });

  router.get('/api/portal/receipts/:paymentId/pdf', ...reads, async (ctx) => {
    const c = customerOf(ctx);
    const tx = ctx.state.tx!;
    const id = await assertCustomerPayment(tx, c, idParam(ctx, 'paymentId'));
    const receipt = await receiptOf(tx, c.tenantId, id);
    sendPdf(ctx, receipt.filename, receipt.pdf);
  });

  router.get('/api/portal/credit-notes/:id/pdf', ...reads, async (ctx) => {
    const c = customerOf(ctx);
    const tx = ctx.state.tx!;
    const { invoiceId, creditNoteId } = await customerCreditNoteInvoice(tx, c, idParam(ctx));
    const doc = await creditNoteDocument(tx, c.tenantId, invoiceId, creditNoteId);
    sendPdf(ctx, doc.filename, doc.pdf);
  });

  // --- quotations ----------------------------------------------------------------------------------

  router.get('/api/portal/quotations', ...reads, async (ctx) => {
    const c = customerOf(ctx);
    const tx = ctx.state.tx!;
    const day = today(await moneySettings(tx, c.tenantId));
    const rows = await customerQuotations(tx, c);
    ctx.body = { quotations: rows.map((r) => toPortalQuotation(toQuotation(r, day))) };
  });

  router.get('/api/portal/quotations/:id', ...reads, async (ctx) => {
    const c = customerOf(ctx);
    const tx = ctx.state.tx!;
    const day = today(await moneySettings(tx, c.tenantId));
    ctx.body = toPortalQuotation(toQuotation(await customerQuotation(tx, c, idParam(ctx)), day));
  });

  router.get('/api/portal/quotations/:id/pdf', ...reads, async (ctx) => {
    const c = customerOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, c.tenantId);
    const q = toQuotation(await customerQuotation(tx, c, idParam(ctx)), today(settings));
    sendPdf(ctx, quotationPdfName(q), await quotationPdf(q, currentSeller(settings)));
  });

  // Accept: the staff path (claim, bookings' one booking per quotation, settle) with the customer
  // answering. No transaction is held while bookings makes the booking.
  router.post('/api/portal/quotations/:id/accept', requireCustomer, async (ctx) => {
    parseBody(ctx, portalAcceptBody);
    const c = customerOf(ctx);
    const id = idParam(ctx);
    // The venue's formats for the words of a refusal; a quotation not theirs is 404 before anything.
    const settings = await inRequestTx(ctx, async (tx) => {
      await customerQuotation(tx, c, id);
      return moneySettings(tx, c.tenantId);
    });
    const q = await accept(ctx, c.tenantId, id ?? '', customerAnswerer(c, settings));
    ctx.body = { bookingId: q.bookingId!, bookingCode: q.bookingCode!, quotation: toPortalQuotation(q) };
  });

  router.post('/api/portal/quotations/:id/decline', ...reads, async (ctx) => {
    const { reason } = parseBody(ctx, portalDeclineBody);
    const c = customerOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, c.tenantId);
    const said = reason?.trim() ? reason.trim() : null;
    const q = await decline(
      tx,
      ctx,
      c.tenantId,
      idParam(ctx) ?? '',
      today(settings),
      customerAnswerer(c, settings),
      said,
    );
    ctx.body = toPortalQuotation(q);
  });
}
