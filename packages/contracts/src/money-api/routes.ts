/**
 * The money service's calls (spec 03 §7; issue 13, decisions 31 and 32): invoices, payments,
 * credit notes, deposits and bonds. Quotations (decision 33).
 */
import { z } from 'zod';
import { errorSchema, idParams } from '../api/common.ts';
import type { ApiResponse, RouteTable } from '../api/route-table.ts';
import {
  bondCreateSchema,
  bondForfeitSchema,
  bondListSchema,
  bondRefundSchema,
  bondSchema,
  creditNoteCreatedSchema,
  creditNoteCreateSchema,
  depositChangedSchema,
  depositListSchema,
  depositMarkPaidSchema,
  depositMarkUnpaidSchema,
  existingInvoiceConflictSchema,
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoicePdfQuerySchema,
  invoiceSchema,
  invoiceSendSchema,
  invoiceSentSchema,
  invoiceStatusUpdateSchema,
  paymentCreateSchema,
  paymentListSchema,
  paymentRecordedSchema,
  remindersSentSchema,
  sendRemindersSchema,
} from './schemas.ts';
import {
  quotationBulkSendSchema,
  quotationBulkSentSchema,
  quotationConflictSchema,
  quotationInputSchema,
  quotationListSchema,
  quotationSchema,
  quotationStatusUpdateSchema,
} from './quotations.ts';
import { PAYLINK_ROUTES } from './paylinks.ts';
import { PORTAL_MONEY_ROUTES } from './portal.ts';
import { invoiceCsvQuerySchema, quotationCsvQuerySchema } from './csv-exports.ts';
import { QUOTATION_DEPOSIT_ROUTES } from './quotation-deposits.ts';
import { ACCOUNTING_EXPORT_ROUTES } from './accounting-routes.ts';
import {
  invoicePageQuerySchema,
  invoicePageSchema,
  invoiceSummaryQuerySchema,
  invoiceSummarySchema,
  LIST_ARRAY_CAP,
  quotationPageQuerySchema,
  quotationPageSchema,
  quotationSummarySchema,
  depositPageQuerySchema,
  depositPageSchema,
  depositSummarySchema,
  quotationDepositPageSchema,
  newestPageQuerySchema,
  paymentPageSchema,
  bondPageSchema,
} from './list-pages.ts';

const invoices = { service: 'money', tag: 'Invoices & payments', access: 'invoices' } as const;
const deposits = { service: 'money', tag: 'Deposits & bonds', access: 'deposits' } as const;
const quotations = { service: 'money', tag: 'Quotations', access: 'quotations', spec: '03 §7' } as const;

const ownerParams = z.object({
  hallOwnerId: z.string().meta({ description: "The venue's id (the caller's tenant)." }),
});
const bookingParams = z.object({ bookingId: z.string().meta({ description: 'The booking (a uuid).' }) });
const noSettings: ApiResponse = {
  description: "The venue's settings have not reached Invoices yet (no figures on a guessed clock).",
  schema: errorSchema,
};
const refused = (description: string): ApiResponse => ({ description, schema: errorSchema });
const notFound = refused('Not found in this venue.');
const pdf = (description: string): ApiResponse => ({ description, contentType: 'application/pdf' });

export const MONEY_ROUTES: RouteTable = [
  {
    ...invoices,
    method: 'get',
    path: '/api/invoices/hall-owner/{hallOwnerId}',
    summary: `The venue's invoices, newest first (at most ${LIST_ARRAY_CAP})`,
    description:
      "The specification's list call, kept as an array for other API clients: the newest invoices only. Page through all of them with `GET /api/invoices` (decision 52).",
    params: ownerParams,
    query: invoiceListQuerySchema,
    responses: { 200: { description: 'OK', schema: invoiceListSchema }, 503: noSettings },
    spec: '03 §7',
  },
  {
    ...invoices,
    method: 'get',
    path: '/api/invoices',
    summary: 'A page of invoices, filtered and sorted on the server',
    description:
      'Page by `page` or follow `nextCursor` with `cursor` (the same sort and order). Counted (up to 10,000; 1,000 with a search) on a page-number request unless `withTotal=0`, or with `withTotal=1`; past the cap `totalIsEstimate` is true.',
    query: invoicePageQuerySchema,
    responses: { 200: { description: 'OK', schema: invoicePageSchema }, 503: noSettings },
  },
  {
    ...invoices,
    method: 'get',
    path: '/api/invoices/summary',
    summary: 'The Invoices & Payments header figures and tab counts (summed by the database)',
    query: invoiceSummaryQuerySchema,
    responses: { 200: { description: 'OK', schema: invoiceSummarySchema }, 503: noSettings },
  },
  {
    ...invoices,
    method: 'post',
    path: '/api/invoices',
    summary: 'A DEPOSIT or FINAL invoice from a booking (a draft; `issue: true` sends it)',
    description:
      "Amount defaults to the deposit, or the total less the deposit invoiced, and may not exceed what the booking has left to invoice (its total less its other live invoices). Due date defaults to the payment terms (today + the due days); a deposit's falls due no later than the venue's deposit deadline before the event (default 14 days), never before today. One live FINAL and one DEPOSIT invoice per booking.",
    body: invoiceCreateSchema,
    responses: {
      201: { description: 'Created', schema: invoiceSchema },
      404: notFound,
      409: {
        description:
          'The booking already has this invoice (with it), is not invoiceable, the amount is over what it has left to invoice (the limit named), or seller details are missing.',
        schema: existingInvoiceConflictSchema.or(errorSchema),
      },
      503: noSettings,
    },
    spec: '03 §7',
  },
  {
    ...invoices,
    method: 'post',
    path: '/api/invoices/send-reminders',
    summary: 'Payment reminders for SENT, OVERDUE and PARTIAL invoices (comms sends them)',
    body: sendRemindersSchema,
    responses: { 200: { description: 'OK', schema: remindersSentSchema }, 503: noSettings },
    spec: '03 §7',
  },
  {
    ...invoices,
    method: 'get',
    path: '/api/invoices/export.csv',
    summary:
      'Invoices & Payments as CSV (invoices_export.csv), with the screen’s filters, sort and selection',
    query: invoiceCsvQuerySchema,
    responses: {
      200: { description: 'CSV file (spec 03 §2.1 columns; at most 5,000 rows)', contentType: 'text/csv' },
      503: noSettings,
    },
    spec: '03 §7',
  },
  // Before /api/invoices/{id}: export/xero is no id (issue 26 item 4).
  ...ACCOUNTING_EXPORT_ROUTES,
  {
    ...invoices,
    method: 'get',
    path: '/api/invoices/{id}',
    summary: 'The invoice with its payments and credit notes',
    params: idParams,
    responses: { 200: { description: 'OK', schema: invoiceDetailSchema }, 404: notFound, 503: noSettings },
  },
  {
    ...invoices,
    method: 'put',
    path: '/api/invoices/{id}/status',
    summary: 'SENT issues (number, date, seller fixed); PAID records a payment of the balance; VOID',
    params: idParams,
    body: invoiceStatusUpdateSchema,
    responses: {
      200: { description: 'OK', schema: invoiceSchema },
      404: notFound,
      409: refused('The move is not allowed from the current status, or seller details are missing.'),
      503: noSettings,
    },
    spec: '03 §7',
  },
  {
    ...invoices,
    method: 'post',
    path: '/api/invoices/{id}/send',
    summary:
      'Send to customer: a draft is issued; an issued invoice (paid ones too) is e-mailed again as a copy',
    description:
      'A draft gets its number and goes out as `PUT …/status` SENT does (`invoice.issued`). An invoice already issued, whatever it has been paid, goes again as a copy marked as such (`invoice.copy_requested`; its PDF says COPY). A void invoice is refused. Honours Idempotency-Key.',
    params: idParams,
    body: invoiceSendSchema,
    responses: {
      200: { description: 'Sent', schema: invoiceSentSchema },
      404: notFound,
      409: refused('Void, or (a draft) seller details are missing.'),
      503: noSettings,
    },
  },
  {
    ...invoices,
    method: 'post',
    path: '/api/invoices/{id}/payments',
    summary: 'Record a payment (at most the balance; once per Idempotency-Key)',
    params: idParams,
    body: paymentCreateSchema,
    responses: {
      201: { description: 'Recorded', schema: paymentRecordedSchema },
      200: { description: 'This Idempotency-Key already paid: that payment', schema: paymentRecordedSchema },
      404: notFound,
      409: refused('An overpayment (the balance named), a draft, or an invoice that takes no payment.'),
      503: noSettings,
    },
  },
  {
    ...invoices,
    method: 'put',
    path: '/api/invoices/{id}/payment',
    summary: "The spec's Record Payment: as POST …/payments, with the Idempotency-Key header required",
    params: idParams,
    body: paymentCreateSchema,
    responses: {
      201: { description: 'Recorded', schema: paymentRecordedSchema },
      200: { description: 'This Idempotency-Key already paid: that payment', schema: paymentRecordedSchema },
      404: notFound,
      409: refused('An overpayment (the balance named), a draft, or an invoice that takes no payment.'),
      503: noSettings,
    },
    spec: '03 §7',
  },
  {
    ...invoices,
    method: 'post',
    path: '/api/invoices/{id}/credit-notes',
    summary: 'An adjustment note with its own number, optionally with a refund',
    params: idParams,
    body: creditNoteCreateSchema,
    responses: {
      201: { description: 'Created', schema: creditNoteCreatedSchema },
      404: notFound,
      409: refused('More than is left to credit, a draft, or a credit that needs a refund.'),
      503: noSettings,
    },
  },
  {
    ...invoices,
    method: 'get',
    path: '/api/invoices/{id}/pdf',
    summary: 'The A4 tax invoice (filename: the invoice number); `copy=1` marks it COPY',
    params: idParams,
    query: invoicePdfQuerySchema,
    responses: { 200: pdf('The PDF'), 404: notFound, 503: noSettings },
    spec: '03 §7',
  },
  {
    ...invoices,
    method: 'get',
    path: '/api/invoices/{id}/credit-notes/{creditNoteId}/pdf',
    summary: 'The adjustment note PDF',
    params: z.object({ id: z.string(), creditNoteId: z.string() }),
    responses: { 200: pdf('The PDF'), 404: notFound, 503: noSettings },
  },
  {
    ...invoices,
    method: 'get',
    path: '/api/payments/hall-owner/{hallOwnerId}',
    description:
      'Kept as an array for other API clients: the newest only. Page through all with `GET /api/payments` (decision 52).',
    summary: `The venue's payments, refunds and reversals, newest first (at most ${LIST_ARRAY_CAP})`,
    params: ownerParams,
    responses: { 200: { description: 'OK', schema: paymentListSchema } },
    spec: '03 §7',
  },
  {
    ...invoices,
    method: 'get',
    path: '/api/payments',
    summary: "A page of the venue's payments, refunds and reversals, newest first",
    description:
      'Page by `page` or follow `nextCursor` with `cursor`. Counted (up to 10,000) on a page-number request unless `withTotal=0`, or with `withTotal=1`.',
    query: newestPageQuerySchema,
    responses: { 200: { description: 'OK', schema: paymentPageSchema } },
  },
  {
    ...invoices,
    method: 'get',
    path: '/api/payments/{id}/receipt',
    summary: 'The receipt PDF of one payment (filename: the receipt number)',
    params: idParams,
    responses: { 200: pdf('The PDF'), 404: notFound, 503: noSettings },
  },
  {
    ...deposits,
    method: 'get',
    path: '/api/deposits/hall-owner/{hallOwnerId}',
    summary: `Confirmed bookings with their deposit (paid when its DEPOSIT invoice is), latest event first (at most ${LIST_ARRAY_CAP})`,
    description:
      "The specification's list, kept as an array for other API clients: the latest only. Page through all of them with `GET /api/deposits` (decision 52).",
    params: ownerParams,
    responses: { 200: { description: 'OK', schema: depositListSchema } },
  },
  {
    ...deposits,
    method: 'get',
    path: '/api/deposits',
    summary: 'A page of the booking deposits (latest event first), searched and filtered on the server',
    description:
      'Page by `page` or follow `nextCursor` with `cursor`. Counted (up to 10,000; 1,000 with a search) on a page-number request unless `withTotal=0`, or with `withTotal=1`.',
    query: depositPageQuerySchema,
    responses: { 200: { description: 'OK', schema: depositPageSchema } },
  },
  {
    ...deposits,
    method: 'get',
    path: '/api/deposits/summary',
    summary: 'The booking tab’s cards: total, paid and unpaid deposits (amount and count)',
    responses: { 200: { description: 'OK', schema: depositSummarySchema } },
  },
  {
    ...deposits,
    method: 'get',
    path: '/api/deposits/quotations/page',
    summary: 'A page of the quotation deposits (newest first), searched and filtered on the server',
    description:
      'Page by `page` or follow `nextCursor` with `cursor`. Counted (up to 10,000; 1,000 with a search) on a page-number request unless `withTotal=0`, or with `withTotal=1`.',
    query: depositPageQuerySchema,
    responses: { 200: { description: 'OK', schema: quotationDepositPageSchema }, 503: noSettings },
  },
  {
    ...deposits,
    method: 'get',
    path: '/api/deposits/quotations/summary',
    summary: 'The quotation tab’s cards: total, paid and unpaid deposits (amount and count)',
    responses: { 200: { description: 'OK', schema: depositSummarySchema } },
  },
  {
    ...deposits,
    method: 'post',
    path: '/api/deposits/{bookingId}/mark-paid',
    summary: 'Mark Paid: a payment on the DEPOSIT invoice (issued first if need be)',
    params: bookingParams,
    body: depositMarkPaidSchema,
    responses: {
      200: { description: 'OK', schema: depositChangedSchema },
      404: notFound,
      409: refused('No deposit, already paid, or seller details missing.'),
      503: noSettings,
    },
  },
  {
    ...deposits,
    method: 'post',
    path: '/api/deposits/{bookingId}/mark-unpaid',
    summary: 'Mark Unpaid: reversal records of the deposit’s payments (nothing deleted)',
    params: bookingParams,
    body: depositMarkUnpaidSchema,
    responses: {
      200: { description: 'OK', schema: depositChangedSchema },
      404: notFound,
      409: refused('Nothing has been paid on this deposit.'),
      503: noSettings,
    },
  },
  {
    ...deposits,
    method: 'get',
    path: '/api/deposits/bonds/hall-owner/{hallOwnerId}',
    description:
      'Kept as an array for other API clients: the newest only. Page through all with `GET /api/deposits/bonds` (decision 52).',
    summary: `The venue's bonds, newest first (at most ${LIST_ARRAY_CAP})`,
    params: ownerParams,
    responses: { 200: { description: 'OK', schema: bondListSchema } },
  },
  {
    ...deposits,
    method: 'get',
    path: '/api/deposits/bonds',
    summary: "A page of the venue's bonds, newest first",
    description:
      'Page by `page` or follow `nextCursor` with `cursor`. Counted (up to 10,000) on a page-number request unless `withTotal=0`, or with `withTotal=1`.',
    query: newestPageQuerySchema,
    responses: { 200: { description: 'OK', schema: bondPageSchema } },
  },
  {
    ...deposits,
    method: 'post',
    path: '/api/deposits/bonds',
    summary: 'A bond received for a booking, held without GST',
    body: bondCreateSchema,
    responses: {
      201: { description: 'Created', schema: bondSchema },
      404: notFound,
      409: refused('The booking already has a bond.'),
    },
  },
  {
    ...deposits,
    method: 'post',
    path: '/api/deposits/bonds/{id}/refund',
    summary: 'The whole bond goes back',
    params: idParams,
    body: bondRefundSchema,
    responses: {
      200: { description: 'OK', schema: bondSchema },
      404: notFound,
      409: refused('Not held any more.'),
    },
  },
  {
    ...deposits,
    method: 'post',
    path: '/api/deposits/bonds/{id}/forfeit',
    summary: 'Keep part or all of it (with a reason): a BOND tax invoice with GST on the kept part',
    params: idParams,
    body: bondForfeitSchema,
    responses: {
      200: { description: 'OK', schema: bondSchema },
      404: notFound,
      409: refused('Not held any more, more than the bond, or seller details missing.'),
      503: noSettings,
    },
  },
  {
    ...quotations,
    method: 'post',
    path: '/api/quotations',
    summary: 'Create a quotation (Draft, valid 14 days unless validUntil says otherwise)',
    description:
      "`resource` is the resource's id (or its exact name); the quotation stores and answers the resource's name as the venue's catalogue has it. No number yet: it gets one when first sent.",
    body: quotationInputSchema,
    responses: {
      201: { description: 'Created', schema: quotationSchema },
      503: refused("The venue's settings or resources could not be read (nothing saved)."),
    },
  },
  {
    ...quotations,
    method: 'get',
    path: '/api/quotations/my-quotations',
    summary: `The venue's quotations, newest first (at most ${LIST_ARRAY_CAP}), with counts per status and the acceptance rate`,
    description:
      "The specification's list call, kept for other API clients: the newest quotations only, the counts and figures over all of them. Page through all with `GET /api/quotations` (decision 52).",
    responses: { 200: { description: 'OK', schema: quotationListSchema }, 503: noSettings },
  },
  {
    ...quotations,
    method: 'get',
    path: '/api/quotations',
    summary: 'A page of quotations, filtered and sorted on the server',
    description:
      'Page by `page` or follow `nextCursor` with `cursor` (the same sort and order). Counted (up to 10,000; 1,000 with a search) on a page-number request unless `withTotal=0`, or with `withTotal=1`.',
    query: quotationPageQuerySchema,
    responses: { 200: { description: 'OK', schema: quotationPageSchema }, 503: noSettings },
    spec: undefined,
  },
  {
    ...quotations,
    method: 'get',
    path: '/api/quotations/summary',
    summary: 'Counts per status, the acceptance rate and the total value (summed by the database)',
    responses: { 200: { description: 'OK', schema: quotationSummarySchema }, 503: noSettings },
    spec: undefined,
  },
  {
    ...quotations,
    method: 'get',
    path: '/api/quotations/export.csv',
    summary: 'Quotations as CSV (quotations-{date}.csv), with the screen’s search, selects and sort',
    query: quotationCsvQuerySchema,
    responses: {
      200: { description: 'CSV file (at most 5,000 rows)', contentType: 'text/csv' },
      503: noSettings,
    },
  },
  {
    ...quotations,
    method: 'post',
    path: '/api/quotations/bulk-send',
    summary: 'Send each selected Draft or Sent quotation (an e-mail with its PDF, through comms)',
    description:
      'Each is sent as `PUT …/status` Sent sends one (numbered, the slot checked with bookings); those that cannot go are listed in `skipped` with the reason.',
    body: quotationBulkSendSchema,
    responses: { 200: { description: 'OK', schema: quotationBulkSentSchema }, 503: noSettings },
  },
  {
    ...quotations,
    method: 'get',
    path: '/api/quotations/{id}',
    summary: 'One quotation',
    params: idParams,
    responses: { 200: { description: 'OK', schema: quotationSchema }, 404: notFound, 503: noSettings },
  },
  {
    ...quotations,
    method: 'put',
    path: '/api/quotations/{id}',
    summary: 'Edit a Draft or Sent quotation (form fields plus payment_details)',
    params: idParams,
    body: quotationInputSchema,
    responses: {
      200: { description: 'OK', schema: quotationSchema },
      404: notFound,
      409: refused('Accepted, Declined or Expired: frozen.'),
      503: refused("The venue's settings or resources could not be read (nothing saved)."),
    },
  },
  {
    ...quotations,
    method: 'put',
    path: '/api/quotations/{id}/status',
    summary: 'Send (Draft→Sent), Accept (Sent→Accepted, one confirmed booking) or Decline (Sent→Declined)',
    description:
      'Send checks the slot with bookings first (a clash: 409 naming it, nothing sent) and gives the quotation its number the first time (`QUO-2026-00001`, gap-free per venue and year; two sends at once get one number). Accept answers the quotation with `bookingId` and `bookingCode`: the booking it made.',
    params: idParams,
    body: quotationStatusUpdateSchema,
    responses: {
      200: { description: 'OK', schema: quotationSchema },
      404: notFound,
      409: {
        description:
          'Not allowed from its status, expired, being accepted, its resource is not one of the venue’s, or the slot is taken (named; a Send is not sent, an Accept stays Sent).',
        schema: quotationConflictSchema,
      },
      502: refused('Bookings could not be reached; the quotation stays Sent.'),
      503: refused("The venue's settings have not arrived, or bookings could not check the slot (not sent)."),
    },
  },
  {
    ...quotations,
    method: 'delete',
    path: '/api/quotations/{id}',
    summary: 'Delete a quotation (a Draft: one that was sent keeps its number, so it is declined instead)',
    params: idParams,
    responses: {
      204: { description: 'Deleted' },
      404: notFound,
      409: refused('Sent, numbered or accepted: kept (numbers are gap-free).'),
    },
  },
  {
    ...quotations,
    method: 'get',
    path: '/api/quotations/{id}/pdf',
    summary: 'The quotation PDF (named by its number, `QUO-2026-00001.pdf`; a draft `quotation-{id}.pdf`)',
    params: idParams,
    responses: { 200: pdf('The quotation'), 404: notFound, 503: noSettings },
  },
  ...QUOTATION_DEPOSIT_ROUTES,
  ...PAYLINK_ROUTES,
  ...PORTAL_MONEY_ROUTES,
];
