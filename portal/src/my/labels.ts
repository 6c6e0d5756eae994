import type { PortalBooking, PortalInvoice, PortalQuotation } from '../api/types.ts';

type InvoiceStatus = PortalInvoice['status'];
type QuotationStatus = PortalQuotation['status'];

type PortalBookingStatus = PortalBooking['status'];
import { formatDateTime } from '@venue/ui/light';
import type { VenueFormat } from '../ui/venue-format.ts';

const BOOKING_STATUS: Record<PortalBookingStatus, string> = {
  pending: 'Waiting for the venue',
  tentative: 'On hold',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Hold lapsed',
};

export function bookingStatus(b: Pick<PortalBooking, 'status' | 'holdExpiresAt'>, fmt: VenueFormat): string {
  if (b.status === 'tentative' && b.holdExpiresAt)
    return `On hold until ${formatDateTime(b.holdExpiresAt, fmt)}`;
  return BOOKING_STATUS[b.status] ?? b.status;
}

export const INVOICE_STATUS: Record<InvoiceStatus, string> = {
  SENT: 'Due',
  PARTIAL: 'Part paid',
  PAID: 'Paid',
  OVERDUE: 'Overdue',
  VOID: 'Void',
  REFUNDED: 'Refunded',
};

export const QUOTATION_STATUS: Record<QuotationStatus, string> = {
  Sent: 'Waiting for your answer',
  Accepted: 'Accepted',
  Declined: 'Declined',
  Expired: 'Expired',
};

export const INVOICE_KINDS: Record<PortalInvoice['kind'], string> = {
  DEPOSIT: 'Deposit invoice',
  FINAL: 'Final invoice',
  BOND: 'Bond invoice',
};

export const RECEIPT_KINDS: Record<PortalInvoice['receipts'][number]['kind'], string> = {
  payment: 'paid',
  refund: 'refunded',
  reversal: 'reversed',
};
