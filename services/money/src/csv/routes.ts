/**
 * The money CSV exports (spec 03 §2.1, §7; issue 10 item 5), written by the kit's one CSV writer
 * (csv-stringify, formula-guarded) instead of a second writer in the browser:
 * - GET /api/invoices/export.csv — Invoices & Payments with the screen's filters, sort and
 *   selection, named `invoices_export.csv`;
 * - GET /api/quotations/export.csv — Quotations with the screen's search, selects and sort,
 *   named `quotations-{venue day}.csv`.
 * Figures are the stored cents as exact decimals; dates in the venue's format and time zone.
 * Capped like the lists the screens show (5,000 newest rows, the same cap as
 * `GET /api/invoices/hall-owner/{id}` and `my-quotations`), so the file holds what the screen
 * could show and no query is unbounded. Registered before `/api/…/:id` so `export.csv` is no id.
 */
import {
  INVOICE_CSV_FILE,
  invoiceCsvQuerySchema,
  invoiceMatchesSearch,
  quotationMatchesSearch,
  sortInvoices,
  sortQuotations,
  quotationCsvQuerySchema,
  quotationsCsvName,
} from '@venue/contracts/money-api';
import {
  parseQuery,
  requireAuth,
  requirePermission,
  toCsv,
  venueToday,
  withTx,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import { selectInvoices, toInvoice } from '../invoices/invoice-row.ts';
import { selectQuotations, toQuotation } from '../quotations/quotation-row.ts';
import { tenantOf } from '../shared/http.ts';
import { moneySettings, today } from '../shared/settings.ts';
import { centsText, csvDate, csvDateTime } from './venue-format.ts';

/** The most rows a file holds: the lists' cap. */
export const CSV_ROW_CAP = 5000;

/** Spec 03 §2.1: the export's columns, in this order. */
export const INVOICE_CSV_COLUMNS = [
  'Invoice Number',
  'Type',
  'Customer Name',
  'Customer Email',
  'Customer ABN',
  'Booking ID',
  'Resource',
  'Issue Date',
  'Due Date',
  'Subtotal',
  'GST',
  'Total Amount',
  'Paid Amount',
  'Balance Due',
  'Status',
  'Deposit Paid',
  'Final Total',
  'Booking Source',
  'Quotation ID',
  'Priority',
  'Created At',
  'Sent At',
  // issue 24 item 2: the quotation as people name it (after the spec's columns)
  'Quotation Number',
] as const;

export const QUOTATION_CSV_COLUMNS = [
  'Quotation ID',
  'Customer Name',
  'Customer Email',
  'Customer Phone',
  'Event Type',
  'Resource',
  'Event Date',
  'Start Time',
  'End Time',
  'Total Amount',
  'Deposit Type',
  'Deposit Amount',
  'Final Amount',
  'Valid Until',
  'Status',
  'Created At',
  // issue 24 item 2: QUO-2026-00001, empty for a Draft (after the columns files already had)
  'Quotation Number',
] as const;

function sendCsv(ctx: AppContext, name: string, header: readonly string[], rows: unknown[][]) {
  ctx.set('content-disposition', `attachment; filename="${name}"`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = toCsv(header, rows);
}

export function csvExportRoutes(router: AppRouter) {
  router.get('/api/invoices/export.csv', requireAuth, requirePermission('invoices'), withTx, async (ctx) => {
    const q = parseQuery(ctx, invoiceCsvQuerySchema);
    const tenantId = tenantOf(ctx);
    const tx = ctx.state.tx!;
    const settings = await moneySettings(tx, tenantId);
    let query = selectInvoices(tx).where('i.tenant_id', '=', tenantId);
    if (q.status) query = query.where('i.status', 'in', q.status);
    if (q.type) query = query.where('i.type', 'in', q.type);
    if (q.resource) query = query.where('i.resource_name', '=', q.resource);
    if (q.ids) query = query.where('i.id', 'in', q.ids);
    const rows = await query.orderBy('i.created_at', 'desc').orderBy('i.id').limit(CSV_ROW_CAP).execute();
    const day = today(settings);
    const needle = q.search?.trim().toLowerCase() ?? '';
    const matching = rows
      .map((r) => toInvoice(r, day))
      .filter((inv) => {
        if (needle && !invoiceMatchesSearch(inv, needle)) return false;
        // the range's day is the issue date, a draft's creation day (as the screen filters)
        const d = inv.issueDate ?? venueToday(new Date(inv.createdAt), settings.zone);
        return !(q.from && d < q.from) && !(q.to && d > q.to);
      });
    const invoices = sortInvoices(matching, { key: q.sort ?? 'issueDate', order: q.order ?? 'desc' });
    const s = settings.copy;
    sendCsv(
      ctx,
      INVOICE_CSV_FILE,
      INVOICE_CSV_COLUMNS,
      invoices.map((i) => [
        i.invoiceNumber ?? '',
        i.type,
        i.customer.name,
        i.customer.email,
        i.customer.abn ?? '',
        i.bookingCode ?? i.bookingId ?? '',
        i.resource ?? '',
        csvDate(i.issueDate, s),
        csvDate(i.dueDate, s),
        centsText(i.subtotalCents),
        centsText(i.gstCents),
        centsText(i.totalCents),
        centsText(i.paidCents),
        centsText(i.balanceCents),
        i.status,
        centsText(i.depositPaidCents),
        centsText(i.totalCents),
        i.bookingSource,
        i.quotationId ?? '',
        i.priority,
        csvDateTime(i.createdAt, s),
        csvDateTime(i.sentAt, s),
        i.quotationNumber ?? '',
      ]),
    );
  });

  router.get(
    '/api/quotations/export.csv',
    requireAuth,
    requirePermission('quotations'),
    withTx,
    async (ctx) => {
      const q = parseQuery(ctx, quotationCsvQuerySchema);
      const tenantId = tenantOf(ctx);
      const tx = ctx.state.tx!;
      const day = today(await moneySettings(tx, tenantId));
      let query = selectQuotations(tx).where('tenant_id', '=', tenantId);
      if (q.resource) query = query.where('resource_name', '=', q.resource);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(CSV_ROW_CAP).execute();
      const needle = q.search?.trim().toLowerCase() ?? '';
      const shown = rows
        .map((r) => toQuotation(r, day))
        // the status shown (Expired: a Sent or Draft past its day), as the screen filters it
        .filter(
          (x) => (!q.status || x.status === q.status) && (!needle || quotationMatchesSearch(x, needle)),
        );
      const quotations = sortQuotations(shown, q.sort ?? 'created', q.order === 'asc' ? 1 : -1);
      sendCsv(
        ctx,
        quotationsCsvName(day),
        QUOTATION_CSV_COLUMNS,
        quotations.map((x) => [
          x.id,
          x.customerName,
          x.customerEmail,
          x.customerPhone,
          x.eventType,
          x.resourceName,
          x.eventDate,
          x.startTime,
          x.endTime,
          centsText(Math.round(x.totalInclGst * 100)),
          x.depositType,
          centsText(x.depositCents),
          centsText(Math.round(x.finalAmount * 100)),
          x.validUntil,
          x.status,
          x.createdAt,
          x.number ?? '',
        ]),
      );
    },
  );
}
