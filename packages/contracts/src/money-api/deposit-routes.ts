/**
 * The Deposits & bonds calls of the money route table (spec 03 §2.2, §7): the Deposits screen's
 * lists and figures, Mark Paid / Mark Unpaid, and the bonds received, refunded or kept.
 */
import { idParams } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import {
  bondCreateSchema,
  bondForfeitSchema,
  bondListSchema,
  bondRefundSchema,
  bondSchema,
  depositChangedSchema,
  depositListSchema,
  depositMarkPaidSchema,
  depositMarkUnpaidSchema,
} from './schemas.ts';
import {
  bondPageSchema,
  depositPageQuerySchema,
  depositPageSchema,
  depositSummarySchema,
  LIST_ARRAY_CAP,
  newestPageQuerySchema,
  quotationDepositPageSchema,
} from './list-pages.ts';
import { bookingParams, deposits, noSettings, notFound, ownerParams, refused } from './route-parts.ts';

export const DEPOSIT_ROUTES = [
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
] as const satisfies RouteTable;
