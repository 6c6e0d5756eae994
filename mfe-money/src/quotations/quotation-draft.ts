/**
 * The quotation form's values, apart from the form itself: the Quotations page opens the form
 * (which validates with the contract's zod schema) only when asked, so a visit that only lists
 * quotations does not download zod (issue 9 item 6).
 */
import type { InvoiceSettings } from '@venue/contracts';
import type { Quotation } from '@venue/contracts/money-api';
import type { DepositType } from '@venue/contracts/money';

/** The form's values as typed (text), so a half-typed amount is kept as it is. */
export interface QuotationDraft {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  eventType: string;
  resource: string;
  resourceName: string;
  eventDate: string;
  startTime: string;
  endTime: string;
  guestCount: string;
  totalAmount: string;
  depositType: DepositType;
  depositValue: string;
  notes: string;
  depositPaid: boolean;
}

export const EMPTY_DRAFT: QuotationDraft = {
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  eventType: '',
  resource: '',
  resourceName: '',
  eventDate: '',
  startTime: '',
  endTime: '',
  guestCount: '',
  totalAmount: '',
  depositType: 'None',
  depositValue: '',
  notes: '',
  depositPaid: false,
};

/** A saved quotation as the form's values (Edit and Duplicate). */
export function draftOf(q: Quotation): QuotationDraft {
  return {
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    customerPhone: q.customerPhone,
    eventType: q.eventType,
    resource: q.resource,
    resourceName: q.resourceName,
    eventDate: q.eventDate,
    startTime: q.startTime,
    endTime: q.endTime,
    guestCount: q.guestCount === null ? '' : String(q.guestCount),
    totalAmount: q.totalAmount.toFixed(2),
    depositType: q.depositType,
    depositValue: q.depositType === 'None' ? '' : String(q.depositValue),
    notes: q.notes,
    depositPaid: q.payment_details.deposit_paid,
  };
}

/**
 * The deposit a new quotation starts from: Settings → Payments' deposit percentage (issue 24
 * item 4), or None when the venue asks for no deposit.
 */
export function depositFromSettings(
  settings: Pick<InvoiceSettings, 'depositPercentage'>,
): Pick<QuotationDraft, 'depositType' | 'depositValue'> {
  const percent = settings.depositPercentage;
  return Number.isInteger(percent) && percent > 0
    ? { depositType: 'Percentage', depositValue: String(Math.min(100, percent)) }
    : { depositType: 'None', depositValue: '' };
}
