/**
 * The money constants the screens import (paths, query strings, statuses, messages), kept apart
 * from the schemas: this file loads no zod, so a page that only calls the API and shows answers
 * does not download zod and the money schemas (issue 9 item 6, a cold visit ≤ 350 kB). Each name
 * is exported from its old place too (schemas.ts, paylinks.ts, list-pages.ts, csv-exports.ts,
 * screens/index.ts), so imports elsewhere are unchanged.
 */

export const INVOICE_STATUSES = ['DRAFT', 'SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'VOID', 'REFUNDED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** DEPOSIT and FINAL come from a booking; BOND is the forfeited part of a bond (GST-bearing). */
export const INVOICE_TYPES = ['DEPOSIT', 'FINAL', 'BOND'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const MONEY_PATHS = {
  invoices: '/api/invoices',
  invoicesOfOwner: (hallOwnerId: string) => `/api/invoices/hall-owner/${hallOwnerId}`,
  invoice: (id: string) => `/api/invoices/${id}`,
  invoiceStatus: (id: string) => `/api/invoices/${id}/status`,
  /** Spec's PUT; needs an Idempotency-Key header. */
  invoicePayment: (id: string) => `/api/invoices/${id}/payment`,
  /** POST; honours Idempotency-Key (kit). */
  invoicePayments: (id: string) => `/api/invoices/${id}/payments`,
  invoiceCreditNotes: (id: string) => `/api/invoices/${id}/credit-notes`,
  invoicePdf: (id: string) => `/api/invoices/${id}/pdf`,
  creditNotePdf: (invoiceId: string, creditNoteId: string) =>
    `/api/invoices/${invoiceId}/credit-notes/${creditNoteId}/pdf`,
  sendReminders: '/api/invoices/send-reminders',
  paymentsOfOwner: (hallOwnerId: string) => `/api/payments/hall-owner/${hallOwnerId}`,
  paymentReceipt: (paymentId: string) => `/api/payments/${paymentId}/receipt`,
  depositsOfOwner: (hallOwnerId: string) => `/api/deposits/hall-owner/${hallOwnerId}`,
  depositMarkPaid: (bookingId: string) => `/api/deposits/${bookingId}/mark-paid`,
  depositMarkUnpaid: (bookingId: string) => `/api/deposits/${bookingId}/mark-unpaid`,
  bonds: '/api/deposits/bonds',
  bondsOfOwner: (hallOwnerId: string) => `/api/deposits/bonds/hall-owner/${hallOwnerId}`,
  bondRefund: (id: string) => `/api/deposits/bonds/${id}/refund`,
  bondForfeit: (id: string) => `/api/deposits/bonds/${id}/forfeit`,
  /** For other services (internal secret): the invoice PDF comms attaches. */
  internalInvoicePdf: (hallOwnerId: string, id: string) => `/internal/invoices/${hallOwnerId}/${id}/pdf`,
} as const;

/** What the public page and the calls say, word for word (the screens and tests find them). */
export const PAYLINK_MESSAGES = {
  invalid: 'This payment link is no longer valid',
  invalidHelp: 'Please ask the venue for a new payment link.',
  paid: 'This invoice is paid, thank you.',
  cancelled: 'This invoice has been cancelled.',
  draft: 'Send this invoice before sharing a payment link.',
  notPayable: 'This invoice cannot be paid online.',
  alreadyPaid: 'This invoice is already paid in full.',
  copied: 'Payment link copied to the clipboard.',
  revoked: 'The old payment link no longer works; a new one has been made.',
  noOpenInvoice: 'This booking has no issued invoice with an amount due.',
  cardUnavailable: 'Card payment is not available for this invoice. Please pay by bank transfer.',
  cardFailed: 'The card payment could not be started. Please try again or pay by bank transfer.',
  cardReceived: 'Thank you: your card payment has been received and will show here in a moment.',
} as const;

export const PAYLINK_PATHS = {
  /** POST: the invoice's link (made on first use). */
  link: (invoiceId: string) => `/api/invoices/${invoiceId}/payment-link`,
  /** POST: revoke it and make a new one. */
  revoke: (invoiceId: string) => `/api/invoices/${invoiceId}/payment-link/revoke`,
} as const;

export const MONEY_PAGE_PATHS = {
  invoices: '/api/invoices',
  invoiceSummary: '/api/invoices/summary',
  quotations: '/api/quotations',
  quotationSummary: '/api/quotations/summary',
  deposits: '/api/deposits',
  depositSummary: '/api/deposits/summary',
  quotationDeposits: '/api/deposits/quotations/page',
  quotationDepositSummary: '/api/deposits/quotations/summary',
  payments: '/api/payments',
  bonds: '/api/deposits/bonds',
} as const;

/** A list's query string from the screen's values; empty ones are left out. */
export function pageQueryString(
  params: Record<string, string | number | readonly string[] | undefined | null>,
) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) q.set(key, value.join(','));
    } else q.set(key, String(value));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

export const INVOICE_CSV_FILE = 'invoices_export.csv';

/** The export query as the screens hold it (lists as arrays); empty parts are left out. */
export interface CsvExportParams {
  search?: string;
  from?: string;
  to?: string;
  resource?: string;
  status?: readonly string[] | string;
  type?: readonly string[];
  ids?: readonly string[];
  sort?: string;
  order?: 'asc' | 'desc';
}

function withQuery(path: string, p: CsvExportParams): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(p) as [string, CsvExportParams[keyof CsvExportParams]][]) {
    const text = Array.isArray(value) ? value.join(',') : ((value as string | undefined) ?? '');
    if (text.trim()) q.set(key, text);
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** The export calls, with the query a screen sends. */
export const MONEY_CSV_PATHS = {
  invoices: (p: CsvExportParams = {}) => withQuery('/api/invoices/export.csv', p),
  quotations: (p: CsvExportParams = {}) => withQuery('/api/quotations/export.csv', p),
} as const;

/** Spec 03 §2.1: only bookings in these statuses are offered (money answers 409 for others). */
export const INVOICEABLE_BOOKING_STATUSES = ['confirmed', 'pending', 'completed'] as const;

/** The list the dialog asks for: those statuses, matching the search, newest first. */
export function invoiceableBookingsPath(search: string, limit = 25): string {
  const q = new URLSearchParams({ status: INVOICEABLE_BOOKING_STATUSES.join(','), limit: String(limit) });
  if (search.trim()) q.set('q', search.trim());
  return `/api/bookings?${q.toString()}`;
}

/** Quotations (spec 03 §2.3, §5, §8, §9): statuses, messages and paths. */
export const QUOTATION_STATUSES = ['Draft', 'Sent', 'Accepted', 'Declined', 'Expired'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/** What PUT /api/quotations/{id}/status takes: Send, Accept, Decline (Expired is the clock's). */
export const SETTABLE_QUOTATION_STATUSES = ['Sent', 'Accepted', 'Declined'] as const;

/** Spec 03 §9: a quotation (and a duplicate) is valid 14 days (336 hours). */
export const QUOTATION_VALID_DAYS = 14;

/** The form's messages (spec 03 §5) and the server's refusals, word for word. */
export const QUOTATION_MESSAGES = {
  customerNameRequired: 'Customer name is required',
  customerEmailRequired: 'Customer email is required',
  invalidEmail: 'Invalid email format',
  customerPhoneRequired: 'Customer phone is required',
  eventTypeRequired: 'Event type is required',
  resourceRequired: 'Resource is required',
  eventDateRequired: 'Event date is required',
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  endAfterStart: 'End time must be after start time',
  totalPositive: 'Total amount must be greater than 0',
  fixedDeposit: 'Deposit value is required and must be greater than 0 for Fixed deposit type',
  percentDeposit: 'Deposit percentage must be between 1 and 100',
  notEditable: 'Only a Draft or Sent quotation can be edited; an accepted quotation is frozen.',
  badTransition: (from: string, to: string) => `A ${from} quotation cannot become ${to}.`,
  expired: 'This quotation has expired. Duplicate it to quote again.',
  accepting: 'This quotation is being accepted already.',
  slotTaken: 'The venue is already booked at that time, so the quotation stays Sent.',
  // Issue 24 items 2 and 6: the server's further refusals.
  depositOverTotal: (total: string) => `The deposit cannot be more than the total amount ($${total}).`,
  sendClash: (clash: string) =>
    `Not sent: the slot is taken (${clash}). Change the date or time, then send it again.`,
  slotUnchecked: 'Bookings could not check the slot, so the quotation was not sent. Try again in a minute.',
  resourceUnknown: "The selected resource is not one of the venue's resources.",
  resourcesUnreachable: "The venue's resources could not be read just now. Try again in a minute.",
  numberedKept: 'A quotation that has been sent keeps its number: decline it instead of deleting it.',
  // Spec 03 §8's banners.
  loadFailed: 'Failed to load quotations. Please try again.',
  sendFailed: 'Failed to send quotation. Please try again.',
  acceptFailed: 'Failed to accept quotation. Please try again.',
  declineFailed: 'Failed to decline quotation. Please try again.',
  pdfFailed: 'Failed to download quotation PDF. Please try again.',
  deleteFailed: 'Failed to delete quotation. Please try again.',
  saveFailed: 'Failed to save quotation. Please try again.',
  exportFailed: 'Failed to export quotations. Please try again.',
  accepted:
    'Quotation accepted successfully! A new confirmed booking has been created and added to your booking list. You can view it in the Bookings section.',
  declined: 'Quotation declined successfully! The customer has been notified via email.',
  empty: 'No quotations found.',
} as const;

export const QUOTATION_PATHS = {
  quotations: '/api/quotations',
  mine: '/api/quotations/my-quotations',
  bulkSend: '/api/quotations/bulk-send',
  quotation: (id: string) => `/api/quotations/${id}`,
  status: (id: string) => `/api/quotations/${id}/status`,
  pdf: (id: string) => `/api/quotations/${id}/pdf`,
} as const;

/** Deposits → Quotations (decision 33). */
export const QUOTATION_DEPOSIT_MESSAGES = {
  empty: 'No quotation deposits yet.',
  loading: 'Loading quotation deposits...',
  alreadyPaid: "This quotation's deposit is already marked paid.",
  notPaid: "This quotation's deposit is not marked paid.",
  noDeposit: 'This quotation has no deposit.',
  accepted:
    "This quotation has been accepted: its deposit is now the booking's deposit invoice. Mark it on the Web & Admin Bookings tab.",
  declined: 'This quotation was declined; its deposit cannot be marked.',
} as const;

export const QUOTATION_DEPOSIT_PATHS = {
  list: '/api/deposits/quotations',
  markPaid: (id: string) => `/api/deposits/quotations/${id}/mark-paid`,
  markUnpaid: (id: string) => `/api/deposits/quotations/${id}/mark-unpaid`,
} as const;

export const quotationsCsvName = (day: string) => `quotations-${day}.csv`;
