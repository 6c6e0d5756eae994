/**
 * The Invoices & payments calls of the money route table (spec 03 §7; issue 13, decisions 31
 * and 32): invoices, their payments, credit notes and PDFs, the accounting exports, receipts.
 */
import { z } from 'zod';
import { errorSchema, idParams } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import {
  creditNoteCreatedSchema,
  creditNoteCreateSchema,
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
import { invoiceCsvQuerySchema } from './csv-exports.ts';
import { ACCOUNTING_EXPORT_ROUTES } from './accounting-routes.ts';
import {
  invoicePageQuerySchema,
  invoicePageSchema,
  invoiceSummaryQuerySchema,
  invoiceSummarySchema,
  LIST_ARRAY_CAP,
  newestPageQuerySchema,
  paymentPageSchema,
} from './list-pages.ts';
import { invoices, noSettings, notFound, ownerParams, pdf, refused } from './route-parts.ts';

export const INVOICE_ROUTES = [
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
] as const satisfies RouteTable;
