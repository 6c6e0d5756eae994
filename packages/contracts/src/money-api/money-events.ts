/**
 * The events money publishes (registered in events/registry.ts): an invoice issued, changed,
 * copied or to be reminded of, a payment recorded, a deposit paid or unpaid, a bond's moves, and
 * the booking's money as bookings keeps its read copy of it (decision 25).
 */
import { z } from 'zod';
import { INVOICE_STATUSES, INVOICE_TYPES } from './paths.ts';
import {
  BOND_STATUSES,
  cents,
  day,
  isoInstant,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  uuid,
} from './money-fields.ts';

const eventInvoice = z.looseObject({
  id: uuid,
  invoiceNumber: z.string().nullable(),
  type: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  bookingId: uuid.nullable(),
  bookingCode: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  issueDate: day.nullable(),
  dueDate: day,
  totalCents: cents,
  gstCents: cents,
  paidCents: cents,
  balanceCents: cents,
  creditedCents: cents,
});

/**
 * `invoice.issued` and `invoice.status_changed`: the invoice's figures after the change.
 * `invoice.issued` has everything an e-mail needs; the PDF is fetched by reference
 * (`pdfPath`, a money route) rather than carried in the event.
 */
export const invoiceEventSchema = eventInvoice.extend({
  from: z.enum(INVOICE_STATUSES).nullable().optional(),
  pdfPath: z.string(),
  /**
   * The same PDF for another service (GET with the internal secret, money's own URL): what
   * comms attaches to the e-mail.
   */
  internalPdfPath: z.string().optional(),
  businessName: z.string(),
  /**
   * `invoice.issued` only: who pressed Send (New Invoice issued at once, Completed → Invoice,
   * Send invoices, the Invoices screen's Send). A person's Send is always e-mailed, at once; an
   * automatic issue (null or absent: a confirmation's deposit invoice, a kept bond) obeys the
   * venue's automatic-e-mail switch and send hour. Optional: events before it lack it.
   */
  requestedBy: z.string().nullable().optional(),
});
export type InvoiceEvent = z.infer<typeof invoiceEventSchema>;

/**
 * `invoice.copy_requested` (issue 24 item 14): a person pressed Send to customer on an invoice
 * already issued (paid ones too): comms e-mails it again as a copy, marked as such, with the PDF
 * marked COPY (`pdfPath` / `internalPdfPath` ask for it with `?copy=1`). Each request is its own
 * e-mail (dedupe on the event id). Nothing about the invoice changes.
 */
export const invoiceCopyRequestedEventSchema = eventInvoice.extend({
  copy: z.literal(true),
  pdfPath: z.string(),
  internalPdfPath: z.string(),
  businessName: z.string(),
  /** Who pressed Send. */
  requestedBy: z.string(),
});
export type InvoiceCopyRequestedEvent = z.infer<typeof invoiceCopyRequestedEventSchema>;

/** `invoice.reminder_requested`: one reminder e-mail to send (comms sends it). */
export const invoiceReminderRequestedEventSchema = eventInvoice.extend({
  pdfPath: z.string(),
  internalPdfPath: z.string().optional(),
  businessName: z.string(),
  daysOverdue: z.number().int().min(0),
  requestedBy: z.string().nullable(),
  /**
   * Set by the automatic reminder ladder (null `requestedBy`): which of Payment settings'
   * reminder days this is, in days from the due date (-7 = seven days before, 3 = three days
   * after). Absent on a manual Send Reminders. Optional: events published before it lack it.
   */
  daysFromDue: z.number().int().min(-365).max(365).optional(),
});

/**
 * A booking's money as money's invoices and payments make it: what bookings keeps as its read
 * copy (decision 25: bookings shows deposit paid and balance due, money writes them).
 */
export const bookingMoneySchema = z.object({
  bookingId: uuid,
  /** Deposit invoiced (non-void DEPOSIT invoices less credits); 0 when none. */
  depositCents: cents,
  depositPaid: z.boolean(),
  depositPaidAt: isoInstant.nullable(),
  /** Received on the booking's invoices less refunds and reversals. */
  paidCents: cents,
  /** The booking's total less `paidCents` and credits, never below 0. */
  balanceDueCents: cents,
  /** Orders the copies of one booking: a consumer keeps the newest. */
  at: isoInstant,
});
export type BookingMoney = z.infer<typeof bookingMoneySchema>;

/** `payment.recorded`: a payment, refund or reversal, with the invoice's and the booking's figures after it. */
export const paymentRecordedEventSchema = z.object({
  paymentId: uuid,
  kind: z.enum(PAYMENT_KINDS),
  amountCents: cents,
  paymentMethod: z.enum(PAYMENT_METHODS),
  receiptNumber: z.string(),
  processedAt: isoInstant,
  invoice: eventInvoice,
  /** Null for an invoice with no booking. */
  bookingMoney: bookingMoneySchema.nullable(),
});

/** `deposit.paid` / `deposit.unpaid`: the booking's deposit changed (Mark Paid, a payment, Mark Unpaid). */
export const depositEventSchema = bookingMoneySchema.extend({
  depositInvoiceId: uuid,
});
export type DepositEvent = z.infer<typeof depositEventSchema>;

/** `bond.received`, `bond.refunded`, `bond.forfeited`. */
export const bondEventSchema = z.object({
  id: uuid,
  bookingId: uuid,
  status: z.enum(BOND_STATUSES),
  amountCents: cents,
  refundedCents: cents,
  forfeitedCents: cents,
  forfeitedGstCents: cents,
  reason: z.string().nullable(),
  /**
   * `bond.forfeited`: the number of the BOND tax invoice of the kept part, so the customer's
   * e-mail can name the document that comes on its own. Absent from events published before it.
   */
  keptInvoiceNumber: z.string().nullable().optional(),
  at: isoInstant,
});
export type BondEvent = z.infer<typeof bondEventSchema>;
