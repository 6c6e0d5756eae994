/**
 * The money CSV exports (spec 03 §7; issue 10 item 5): the query each screen sends so the
 * service writes the same rows the screen shows, with the kit's one CSV writer. Lists are comma
 * separated (`status=PAID,SENT`), so a link to the file stays a plain GET. Every parameter is a
 * strict query field: a repeated key, NUL or an unreal day is a 400 naming it.
 */
import { z } from 'zod';
import { isUuid, queryChoice, queryDate, queryText } from '../api/fields.ts';
import { INVOICE_STATUSES, INVOICE_TYPES } from './schemas.ts';
import { QUOTATION_STATUSES } from './quotations.ts';

// The file name and export paths screens import live in paths.ts, which loads no zod.
export { INVOICE_CSV_FILE, MONEY_CSV_PATHS } from './paths.ts';
export type { CsvExportParams } from './paths.ts';

/** A comma-separated list in a query string, each item passing `ok`; absent or empty → undefined (all). */
function queryList<T extends string>(
  name: string,
  ok: (item: string) => boolean,
  error: string,
  max: number,
) {
  return queryText(name, 40 * max)
    .transform((v, ctx): T[] | undefined => {
      const items = v ? v.split(',').filter(Boolean) : [];
      if (items.length > max || !items.every(ok)) {
        ctx.addIssue({ code: 'custom', message: error });
        return z.NEVER;
      }
      return items.length ? (items as T[]) : undefined;
    })
    .meta({ type: 'string', description: `Comma-separated (at most ${max}).` });
}

const oneOf =
  (values: readonly string[]) =>
  (item: string): boolean =>
    values.includes(item);

export const INVOICE_CSV_SORT_KEYS = ['invoiceNumber', 'issueDate', 'dueDate', 'total'] as const;

/** `GET /api/invoices/export.csv`: the Invoices & Payments filters, sort and selection. */
export const invoiceCsvQuerySchema = z.object({
  search: queryText('search'),
  from: queryDate('from'),
  to: queryDate('to'),
  resource: queryText('resource'),
  status: queryList<(typeof INVOICE_STATUSES)[number]>(
    'status',
    oneOf(INVOICE_STATUSES),
    `status must list some of ${INVOICE_STATUSES.join(', ')}.`,
    INVOICE_STATUSES.length,
  ),
  type: queryList<(typeof INVOICE_TYPES)[number]>(
    'type',
    oneOf(INVOICE_TYPES),
    `type must list some of ${INVOICE_TYPES.join(', ')}.`,
    INVOICE_TYPES.length,
  ),
  ids: queryList<string>('ids', isUuid, 'ids must be at most 1000 invoice ids.', 1000).meta({
    description: 'The selected invoices (comma-separated ids); absent = every match.',
  }),
  sort: queryChoice('sort', INVOICE_CSV_SORT_KEYS),
  order: queryChoice('order', ['asc', 'desc'] as const),
});
export type InvoiceCsvQuery = z.input<typeof invoiceCsvQuerySchema>;

export const QUOTATION_CSV_SORT_KEYS = [
  'id',
  'eventDate',
  'amount',
  'deposit',
  'validUntil',
  'created',
] as const;
export { quotationsCsvName } from './paths.ts';

/** `GET /api/quotations/export.csv`: the Quotations screen's search, selects and sort. */
export const quotationCsvQuerySchema = z.object({
  search: queryText('search'),
  resource: queryText('resource'),
  status: queryChoice('status', QUOTATION_STATUSES),
  sort: queryChoice('sort', QUOTATION_CSV_SORT_KEYS),
  order: queryChoice('order', ['asc', 'desc'] as const),
});
export type QuotationCsvQuery = z.input<typeof quotationCsvQuerySchema>;
