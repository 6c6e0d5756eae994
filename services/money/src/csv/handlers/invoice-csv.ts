import { INVOICE_CSV_FILE, invoiceMatchesSearch, sortInvoices } from '@venue/contracts/money-api';
import { operation, venueToday } from '@venue/service-kit';
import { selectInvoices, toInvoice } from '../../invoices/invoice-row.ts';
import { tenantOf } from '../../shared/http.ts';
import { moneySettings, today } from '../../shared/settings.ts';
import { CSV_ROW_CAP, INVOICE_CSV_COLUMNS, sendCsv } from '../columns.ts';
import { centsText, csvDate, csvDateTime } from '../venue-format.ts';

/** Invoices & Payments as `invoices_export.csv`, with the screen's filters, sort and selection. */
export const getInvoiceCsv = operation('get /api/invoices/export.csv', async ({ ctx, tx, query: q }) => {
  const tenantId = tenantOf(ctx);
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
