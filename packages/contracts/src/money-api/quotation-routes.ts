/**
 * The Quotations calls of the money route table (spec 03 §7, decision 33): the list, page and
 * figures, the form, the status move, bulk send, CSV and PDF.
 */
import { idParams } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import {
  quotationBulkSendSchema,
  quotationBulkSentSchema,
  quotationConflictSchema,
  quotationInputSchema,
  quotationListSchema,
  quotationSchema,
  quotationStatusUpdateSchema,
} from './quotations.ts';
import { quotationCsvQuerySchema } from './csv-exports.ts';
import {
  LIST_ARRAY_CAP,
  quotationPageQuerySchema,
  quotationPageSchema,
  quotationSummarySchema,
} from './list-pages.ts';
import { noSettings, notFound, pdf, quotations, refused } from './route-parts.ts';

export const QUOTATION_ROUTES = [
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
] as const satisfies RouteTable;
