/** The money CSV exports' columns (spec 03 §2.1), their cap and how a file is answered. */
import { toCsv, type AppContext } from '@venue/service-kit';

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

export function sendCsv(ctx: AppContext, name: string, header: readonly string[], rows: unknown[][]) {
  ctx.set('content-disposition', `attachment; filename="${name}"`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = toCsv(header, rows);
}
