/**
 * The quotation form's request body, which the contract's zod schema checks (useQuotationForm's
 * resolver). Only the form (loaded when opened) imports this, so a visit that only lists
 * quotations does not download zod (issue 9 item 6).
 */
import type { QuotationInput } from '@venue/contracts/money-api';
import { depositCents, parseDollars } from '@venue/contracts/money';
import type { QuotationDraft } from './quotation-draft.ts';

export const num = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The request body; the same contract schema the server parses decides the messages. */
export function bodyOf(d: QuotationDraft): QuotationInput {
  return {
    customerName: d.customerName,
    customerEmail: d.customerEmail,
    customerPhone: d.customerPhone,
    eventType: d.eventType,
    resource: d.resource,
    resourceName: d.resourceName || undefined,
    eventDate: d.eventDate,
    startTime: d.startTime,
    endTime: d.endTime,
    guestCount: num(d.guestCount),
    totalAmount: num(d.totalAmount) ?? 0,
    depositType: d.depositType,
    depositValue: d.depositType === 'None' ? undefined : num(d.depositValue),
    notes: d.notes,
    payment_details: { deposit_paid: d.depositPaid },
  };
}

/** The total and the deposit as typed, in cents; a deposit that cannot be worked out is 0. */
export function amountsOf(d: QuotationDraft): { totalCents: number; deposit: number } {
  const totalCents = parseDollars(d.totalAmount) ?? 0;
  const depositValue = num(d.depositValue) ?? 0;
  let deposit: number;
  try {
    deposit =
      d.depositType === 'Fixed'
        ? depositCents({ type: 'Fixed', cents: parseDollars(d.depositValue) ?? 0 }, totalCents)
        : d.depositType === 'Percentage' && Number.isInteger(depositValue) && depositValue <= 100
          ? depositCents({ type: 'Percentage', percent: Math.max(0, depositValue) }, totalCents)
          : 0;
  } catch {
    deposit = 0;
  }
  return { totalCents, deposit };
}
