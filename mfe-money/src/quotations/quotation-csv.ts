import type { Quotation } from '@venue/contracts/money-api';
import { centsText, toCsv } from '../lib/csv.ts';

/** Spec 03 §7: the quotation CSV is made in the browser, named quotations-{date}.csv. */
export const quotationsCsvName = (day: string) => `quotations-${day}.csv`;

export function quotationsCsv(rows: readonly Quotation[]): string {
  return toCsv(
    [
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
    ],
    rows.map((q) => [
      q.id,
      q.customerName,
      q.customerEmail,
      q.customerPhone,
      q.eventType,
      q.resourceName,
      q.eventDate,
      q.startTime,
      q.endTime,
      centsText(Math.round(q.totalInclGst * 100)),
      q.depositType,
      centsText(q.depositCents),
      centsText(Math.round(q.finalAmount * 100)),
      q.validUntil,
      q.status,
      q.createdAt,
    ]),
  );
}
