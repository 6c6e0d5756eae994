/**
 * The Deposits page's Quotations tab (spec 03 §2.2, §4 "Deposit flag"): the venue's quotations
 * with a deposit above 0, and Mark Paid / Mark Unpaid of a quotation's deposit flag. Before
 * acceptance the flag is the quotation's (no invoice exists yet); once accepted, the deposit is
 * the booking's DEPOSIT invoice (decision 33) and the tab reads that invoice: one writer per fact.
 * Additive only.
 */
import { z } from 'zod';
import { errorSchema, idParams } from '../api/common.ts';
import { oneLine } from '../api/fields.ts';
import type { RouteTable } from '../api/route-table.ts';
import { DEPOSIT_TYPES } from '../money/index.ts';
import { QUOTATION_STATUSES } from './quotations.ts';
import { DEPOSIT_PAYMENT_METHODS } from './schemas.ts';

const cents = z.number().int().min(0);

/** Messages of the quotation deposit calls, word for word (the screen shows them). */
export { QUOTATION_DEPOSIT_MESSAGES, QUOTATION_DEPOSIT_PATHS } from './paths.ts';

export const quotationDepositSchema = z.object({
  quotationId: z.uuid(),
  /** The quotation's number once sent (`QUO-2026-00001`); null for a Draft (issue 24 item 2). */
  quotationNumber: z.string().nullable(),
  hallOwnerId: z.uuid(),
  customerName: z.string(),
  customerEmail: z.string(),
  eventType: z.string(),
  eventDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  resource: z.string(),
  quotationStatus: z.enum(QUOTATION_STATUSES),
  /** The quotation's GST-inclusive total, its deposit and what is left (spec 03 §9). */
  totalCents: cents,
  depositCents: cents,
  finalDueCents: cents,
  depositType: z.enum(DEPOSIT_TYPES),
  /** Accepted: the booking's DEPOSIT invoice is PAID; otherwise the quotation's flag. */
  depositPaid: z.boolean(),
  paidAt: z.string().nullable(),
  /** How it was marked paid (the quotation's flag only). */
  paymentMethod: z.enum(DEPOSIT_PAYMENT_METHODS).nullable(),
  /** Spec 03 §2.2: "Deposit Paid", else the quotation's status. */
  status: z.union([z.literal('Deposit Paid'), z.enum(QUOTATION_STATUSES)]),
  /** Whether Mark Paid / Mark Unpaid apply here (Draft, Sent or Expired; not Accepted or Declined). */
  markable: z.boolean(),
  /** The booking an accepted quotation became, and its deposit invoice once issued. */
  bookingId: z.uuid().nullable(),
  depositInvoiceNumber: z.string().nullable(),
});
export type QuotationDeposit = z.infer<typeof quotationDepositSchema>;
export const quotationDepositListSchema = z.array(quotationDepositSchema);

export const quotationDepositMarkPaidSchema = z.object({
  paymentMethod: z.enum(DEPOSIT_PAYMENT_METHODS, {
    error: 'Payment method must be Bank Transfer, Cash or Cheque.',
  }),
  reference: oneLine(z.string().trim().max(200, 'At most 200 characters.'), 'Reference').optional(),
});
export type QuotationDepositMarkPaid = z.input<typeof quotationDepositMarkPaidSchema>;

const deposits = {
  service: 'money',
  tag: 'Deposits & bonds',
  access: 'deposits',
  spec: '03 §2.2, §4',
} as const;
const refused = (description: string) => ({ description, schema: errorSchema });

export const QUOTATION_DEPOSIT_ROUTES = [
  {
    ...deposits,
    method: 'get',
    path: '/api/deposits/quotations',
    summary:
      "The Deposits page's Quotations tab: quotations with a deposit above 0, newest first (at most 500; page with GET /api/deposits/quotations/page)",
    responses: {
      200: { description: 'OK', schema: quotationDepositListSchema },
      503: refused('No settings yet.'),
    },
  },
  {
    ...deposits,
    method: 'post',
    path: '/api/deposits/quotations/{id}/mark-paid',
    summary: "Mark Paid: the quotation's deposit flag (Draft, Sent or Expired quotations)",
    params: idParams,
    body: quotationDepositMarkPaidSchema,
    responses: {
      200: { description: 'OK', schema: quotationDepositSchema },
      404: refused('Not found in this venue.'),
      409: refused('Already paid, no deposit, accepted (the booking holds it) or declined.'),
    },
  },
  {
    ...deposits,
    method: 'post',
    path: '/api/deposits/quotations/{id}/mark-unpaid',
    summary: "Mark Unpaid: clears the quotation's deposit flag (recorded in the audit trail)",
    params: idParams,
    responses: {
      200: { description: 'OK', schema: quotationDepositSchema },
      404: refused('Not found in this venue.'),
      409: refused('Not paid, accepted (the booking holds it) or declined.'),
    },
  },
] as const satisfies RouteTable;
