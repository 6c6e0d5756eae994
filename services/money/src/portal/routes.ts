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
 *
 * Each call of the contract's table is one handler in `handlers/` (`serveOperations`): the kit
 * guards it with `requireCustomer` (access `customer`) and its transaction is the customer's.
 */
import { MONEY_ROUTES } from '@venue/contracts/money-api';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import type { PaylinkConfig } from '../paylinks/config.ts';
import { getPortalCreditNotePdf, getPortalReceiptPdf } from './handlers/portal-documents.ts';
import { getPortalInvoicePdf, listPortalInvoices, payPortalInvoice } from './handlers/portal-invoices.ts';
import {
  acceptPortalQuotation,
  declinePortalQuotation,
  getPortalQuotation,
  getPortalQuotationPdf,
  listPortalQuotations,
} from './handlers/portal-quotations.ts';

const PORTAL_ROUTES = MONEY_ROUTES.filter((r) => r.path.startsWith('/api/portal/'));

export function portalRoutes(router: AppRouter, cfg: PaylinkConfig): void {
  serveOperations(router, PORTAL_ROUTES, [
    listPortalInvoices,
    getPortalInvoicePdf,
    payPortalInvoice(cfg),
    getPortalReceiptPdf,
    getPortalCreditNotePdf,
    listPortalQuotations,
    getPortalQuotation,
    getPortalQuotationPdf,
    acceptPortalQuotation,
    declinePortalQuotation,
  ]);
}
