/**
 * The money lists paged on the server (issue 9 item 2, decision 52): the screens send their
 * filters, sort and page (a page number or the `nextCursor` of the page before) and get one page
 * in the bookings list's shape (`BookingPage`: items, a capped total, hasMore, nextCursor); the
 * figures above each list come from SQL aggregates (`…/summary`). The specification's array
 * calls (`GET /api/invoices/hall-owner/{id}` …) stay arrays for other API clients, at most
 * LIST_ARRAY_CAP rows, newest first.
 */
import { z } from 'zod';
import { limitParam, pageParam, pagingQueryFields, queryChoice, queryText } from '../api/fields.ts';
import { invoiceCsvQuerySchema, quotationCsvQuerySchema } from './csv-exports.ts';
import { quotationDepositSchema } from './quotation-deposits.ts';
import { QUOTATION_STATUSES, quotationSchema } from './quotations.ts';
import { bondSchema, depositSchema, invoiceSchema, paymentSchema } from './schemas.ts';

// The screens' paths and query strings live in paths.ts, which loads no zod.
export { MONEY_PAGE_PATHS, pageQueryString } from './paths.ts';

/** The spec's array answers hold at most this many rows (newest first); page the rest. */
export const LIST_ARRAY_CAP = 500;

/** A page holds at most this many rows. */
export const MONEY_PAGE_MAX = 100;

/** `page` (an offset into the order), `limit`, and `cursor` / `withTotal` as the bookings list has them. */
export const moneyPageFields = {
  page: pageParam(),
  limit: limitParam(MONEY_PAGE_MAX, 25),
  ...pagingQueryFields,
};

/** One page of a money list: the bookings list's shape (BookingPage), with its own items. */
export function moneyPageSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      /** Matches counted up to 10,000 (1,000 with a search), or null when not counted. */
      total: z.number().int().nullable(),
      totalIsEstimate: z.boolean(),
      page: z.number().int().nullable(),
      limit: z.number().int(),
      totalPages: z.number().int().nullable(),
      hasMore: z.boolean(),
      nextCursor: z.string().nullable(),
    })
    .meta({ id });
}

/**
 * `GET /api/invoices`: the Invoices & Payments filters exactly as the CSV export takes them
 * (search, from/to on the invoice's day, resource, status and type lists, sort, order), plus the page.
 */
export const invoicePageQuerySchema = invoiceCsvQuerySchema.omit({ ids: true }).extend(moneyPageFields);
/** The parsed query (lists as arrays, defaults filled in). */
export type InvoicePageQuery = z.output<typeof invoicePageQuerySchema>;

export const invoicePageSchema = moneyPageSchema(invoiceSchema, 'InvoicePage');
export type InvoicePage = z.infer<typeof invoicePageSchema>;

/** `GET /api/invoices/summary`: the same filters (no sort, no page). */
export const invoiceSummaryQuerySchema = invoiceCsvQuerySchema.omit({ ids: true, sort: true, order: true });

/**
 * The figures above the Invoices & Payments list, summed by the database: the header's over every
 * invoice of the venue (void ones left out of the money), the tabs' counts over the filters.
 */
export const invoiceSummarySchema = z
  .object({
    /** Total of every invoice but void ones. */
    totalCents: z.number().int(),
    /** Paid on every invoice but void ones. */
    paidCents: z.number().int(),
    overdueCount: z.number().int(),
    /** SENT, OVERDUE and PARTIAL invoices: what Send Reminders would remind. */
    remindableCount: z.number().int(),
    /** Invoices matching the filters (the Invoices tab's badge). */
    matchingCount: z.number().int(),
    /** PAID invoices matching the filters (the Paid tab's badge). */
    matchingPaidCount: z.number().int(),
    /** The resources the venue's invoices name, for the Resource select. */
    resources: z.array(z.string()),
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/**
 * `GET /api/quotations`: the Quotations screen's search, resource and status (Expired is a Sent
 * quotation past its valid day at the venue) and sort, as the CSV export takes them, plus the page.
 */
export const quotationPageQuerySchema = quotationCsvQuerySchema.extend(moneyPageFields);
export type QuotationPageQuery = z.output<typeof quotationPageQuerySchema>;

export const quotationPageSchema = moneyPageSchema(quotationSchema, 'QuotationPage');
export type QuotationPage = z.infer<typeof quotationPageSchema>;

/** `GET /api/quotations/summary`: the header's counts and figures over every quotation of the venue. */
export const quotationSummarySchema = z
  .object({
    counts: z.record(z.enum(QUOTATION_STATUSES), z.number().int()),
    /** Every quotation of the venue. */
    total: z.number().int(),
    /** Spec 03 §4: Accepted ÷ (Sent + Accepted + Declined), a rounded percent, 0 without any. */
    acceptanceRate: z.number().int(),
    totalValueCents: z.number().int(),
    /** The resources the venue's quotations name, for the Resource select. */
    resources: z.array(z.string()),
  })
  .meta({ id: 'QuotationSummary' });
export type QuotationSummary = z.infer<typeof quotationSummarySchema>;

/** The Deposits filter button's values (spec 03 §2.2): All, Unpaid, Paid. */
export const DEPOSIT_PAID_FILTERS = ['All', 'Unpaid', 'Paid'] as const;

/**
 * `GET /api/deposits` and `GET /api/deposits/quotations/page`: the Deposits search (booking or
 * quotation, customer, e-mail, resource) and the Paid/Unpaid filter, plus the page. The booking
 * tab is ordered by event day (latest first), the quotation tab by creation (newest first).
 */
export const depositPageQuerySchema = z.object({
  search: queryText('search'),
  paid: queryChoice('paid', DEPOSIT_PAID_FILTERS),
  ...moneyPageFields,
});
export type DepositPageQuery = z.output<typeof depositPageQuerySchema>;

export const depositPageSchema = moneyPageSchema(depositSchema, 'DepositPage');
export type DepositPage = z.infer<typeof depositPageSchema>;
export const quotationDepositPageSchema = moneyPageSchema(quotationDepositSchema, 'QuotationDepositPage');
export type QuotationDepositPage = z.infer<typeof quotationDepositPageSchema>;

const tally = z.object({ cents: z.number().int(), count: z.number().int() });
/** The three cards of a Deposits tab over all its rows (spec 03 §2.2), summed by the database. */
export const depositSummarySchema = z
  .object({ total: tally, paid: tally, unpaid: tally })
  .meta({ id: 'DepositSummary' });
export type DepositSummary = z.infer<typeof depositSummarySchema>;

/** `GET /api/payments` and `GET /api/deposits/bonds`: newest first, by page or cursor. */
export const newestPageQuerySchema = z.object(moneyPageFields);
export type NewestPageQuery = z.output<typeof newestPageQuerySchema>;
export const paymentPageSchema = moneyPageSchema(paymentSchema, 'PaymentPage');
export const bondPageSchema = moneyPageSchema(bondSchema, 'BondPage');
