/**
 * money's part of a tenant export (`GET /internal/tenant-export/:tenantId`, internal secret): the
 * privacy export (admin asks every service) and insights' rebuild read it. Whole (no query: every
 * collection, as admin's export expects) or one page of one collection
 * (`?collection=invoices&after=<id>&limit=500`), in id order, `next` the `after` of the next page
 * (null at the end). Amounts are integer cents; days `YYYY-MM-DD`; instants ISO 8601. Additive only.
 */
import { z } from 'zod';

export const MONEY_EXPORT_COLLECTIONS = [
  'invoices',
  /** Each invoice's line items, one row per line (invoiceId, line), in invoice id order. */
  'invoiceLines',
  'payments',
  'creditNotes',
  /** Each DEPOSIT invoice as the Deposits page reads it (booking, deposit, paid, paid at). */
  'deposits',
  'bonds',
  'quotations',
] as const;
export type MoneyExportCollection = (typeof MONEY_EXPORT_COLLECTIONS)[number];

export const MONEY_EXPORT_MAX_LIMIT = 1000;

export const moneyExportQuerySchema = z.object({
  collection: z
    .enum(MONEY_EXPORT_COLLECTIONS, {
      error: `collection must be one of ${MONEY_EXPORT_COLLECTIONS.join(', ')}.`,
    })
    .optional(),
  after: z.uuid({ error: 'after must be an id from the previous page (next).' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(MONEY_EXPORT_MAX_LIMIT, `limit must be at most ${MONEY_EXPORT_MAX_LIMIT}.`)
    .default(500),
});

const rows = z.array(z.record(z.string(), z.unknown()));

export const moneyExportPageSchema = z.object({
  collection: z.enum(MONEY_EXPORT_COLLECTIONS),
  items: rows,
  next: z.string().nullable(),
});
export type MoneyExportPage = z.infer<typeof moneyExportPageSchema>;

export const moneyExportSchema = z.object({
  format: z.literal('venue-money-export/1'),
  tenantId: z.string(),
  exportedAt: z.string(),
  ...(Object.fromEntries(MONEY_EXPORT_COLLECTIONS.map((c) => [c, rows])) as Record<
    MoneyExportCollection,
    typeof rows
  >),
});
export type MoneyExport = z.infer<typeof moneyExportSchema>;
