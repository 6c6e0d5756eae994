import type { Invoice } from '@venue/contracts/money-api';
import { centsText, toCsv } from './csv.ts';

/** Spec 03 §7 "Client-side only": the export's columns, in this order. */
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
] as const;

export const INVOICE_CSV_FILE = 'invoices_export.csv';
export const NO_INVOICES_TO_EXPORT =
  'No invoices to export. Please adjust your filters or create some invoices first.';

export interface CsvDates {
  /** A venue day in the tenant's date format. */
  date: (day: string | null) => string;
  /** An instant in the tenant's time zone and formats. */
  dateTime: (iso: string | null) => string;
}

/** The figures are the stored cents, written as decimals; dates as the screen shows them. */
export function invoicesCsv(invoices: readonly Invoice[], fmt: CsvDates): string {
  return toCsv(
    INVOICE_CSV_COLUMNS,
    invoices.map((i) => [
      i.invoiceNumber ?? '',
      i.type,
      i.customer.name,
      i.customer.email,
      i.customer.abn ?? '',
      i.bookingCode ?? i.bookingId ?? '',
      i.resource ?? '',
      fmt.date(i.issueDate),
      fmt.date(i.dueDate),
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
      fmt.dateTime(i.createdAt),
      fmt.dateTime(i.sentAt),
    ]),
  );
}
