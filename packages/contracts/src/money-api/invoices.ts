/**
 * Invoices, their payments and their adjustment (credit) notes (spec 03 §3, §4, §7): the answers
 * and the requests of the Invoices & Payments calls. Amounts are integer cents beside the spec's
 * dollar fields, always derived from the cents.
 */
import { z } from 'zod';
import { INVOICE_STATUSES, INVOICE_TYPES } from './paths.ts';
import {
  cents,
  centsAmount,
  day,
  dollarAmount,
  dollars,
  isoInstant,
  optionalAmount,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  reference,
  requiredAmount,
  SETTABLE_INVOICE_STATUSES,
  text,
  uuid,
} from './money-fields.ts';

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int().min(1),
  /** GST-inclusive amount of one unit. */
  unitAmountCents: z.number().int(),
  /** GST-inclusive line total (negative for the deposit already invoiced on a final invoice). */
  totalCents: z.number().int(),
  /** GST contained in the line total (0 on a line that carries no GST). */
  gstCents: z.number().int(),
  taxable: z.boolean(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceCustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** The buyer's ABN, shown on the tax invoice (required by the ATO from $1,000 when known). */
  abn: z.string().nullable(),
});

export const paymentSchema = z.object({
  id: uuid,
  hallOwnerId: uuid,
  invoiceId: uuid,
  invoiceNumber: z.string().nullable(),
  kind: z.enum(PAYMENT_KINDS),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Always positive; `kind` says which way the money went. */
  amountCents: cents,
  amount: dollars,
  reference: z.string(),
  notes: z.string(),
  /** A refund's credit note; a reversal's reversed payment. */
  creditNoteId: uuid.nullable(),
  reversesPaymentId: uuid.nullable(),
  /** Set on a payment that a later reversal cancelled. */
  reversedAt: isoInstant.nullable(),
  /** Spec 03 §3: shown as Succeeded (Refunded for a refund). */
  status: z.enum(['Succeeded', 'Refunded', 'Reversed']),
  processedAt: isoInstant,
  /** Receipt number (`RCT-…`), per tenant. */
  receiptNumber: z.string(),
  customerName: z.string(),
  bookingId: uuid.nullable(),
  bookingCode: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const creditNoteSchema = z.object({
  id: uuid,
  hallOwnerId: uuid,
  invoiceId: uuid,
  invoiceNumber: z.string().nullable(),
  /** Own number series (`CN-…`), gap-free per tenant like invoices. */
  creditNoteNumber: z.string(),
  issueDate: day,
  reason: z.string(),
  /** GST-inclusive amount credited, and the GST it contains. */
  amountCents: cents,
  gstCents: cents,
  amount: dollars,
  gst: dollars,
  /** What was paid back against it (sum of its refunds). */
  refundedCents: cents,
  createdAt: isoInstant,
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const invoiceSchema = z.object({
  id: uuid,
  hallOwnerId: uuid,
  /** Assigned when issued (sent); a draft has none. */
  invoiceNumber: z.string().nullable(),
  type: z.enum(INVOICE_TYPES),
  /** The spec's server-side name for `type`. */
  invoiceType: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  customer: invoiceCustomerSchema,
  bookingId: uuid.nullable(),
  /** Spec 03 §3 calls the booking id `booking`. */
  booking: uuid.nullable(),
  bookingCode: z.string().nullable(),
  bookingSource: z.string(),
  quotationId: z.string().nullable(),
  /** The number of the quotation the booking was accepted from (`QUO-2026-00001`), if any. */
  quotationNumber: z.string().nullable(),
  resource: z.string().nullable(),
  eventType: z.string().nullable(),
  eventDate: day.nullable(),
  /** Venue day of issue; null on a draft. */
  issueDate: day.nullable(),
  dueDate: day,
  description: z.string(),
  notes: z.string(),
  lineItems: z.array(invoiceLineSchema),
  taxType: z.enum(['inclusive', 'exclusive']),
  taxRateBp: z.number().int(),
  /** Percent, e.g. 10. */
  taxRate: z.number(),
  /** Excl. GST, the GST, and the total to pay on this invoice (incl. GST). */
  subtotalCents: cents,
  gstCents: cents,
  totalCents: cents,
  /** The booking's whole price incl. GST (a final invoice shows it before the deposit applied). */
  fullAmountCents: cents,
  /** Deposit invoiced on the booking's DEPOSIT invoice(s) and deducted on this final invoice. */
  depositAppliedCents: cents,
  /** Of that deposit, what has been paid. */
  depositPaidCents: cents,
  /** Sum of credit notes against this invoice. */
  creditedCents: cents,
  /** Received less refunded and reversed. */
  paidCents: cents,
  /** total − credited − paid, never below 0. */
  balanceCents: cents,
  // The spec's dollar fields, derived from the cents above.
  subtotal: dollars,
  gst: dollars,
  total: dollars,
  finalTotal: dollars,
  fullAmountWithGST: dollars,
  depositPaid: dollars,
  paidAmount: dollars,
  balanceDue: dollars,
  /** True when the GST is exactly 1/11 of the total (the invoice may say "Total includes GST"). */
  gstIsOneEleventh: z.boolean(),
  /** Whole days past the due date (venue's today) while OVERDUE, else 0. */
  daysOverdue: z.number().int().min(0),
  /** Spec 03 §3: high exactly when OVERDUE. */
  priority: z.enum(['high', 'normal']),
  createdAt: isoInstant,
  sentAt: isoInstant.nullable(),
  paidAt: isoInstant.nullable(),
  voidedAt: isoInstant.nullable(),
  updatedAt: isoInstant,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** `GET /api/invoices/{id}`: the invoice with its payments and credit notes. */
export const invoiceDetailSchema = invoiceSchema.extend({
  payments: z.array(paymentSchema),
  creditNotes: z.array(creditNoteSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** `GET /api/invoices/hall-owner/{hallOwnerId}` (spec: an array of invoices). */
export const invoiceListSchema = z.array(invoiceSchema);
/** `GET /api/payments/hall-owner/{hallOwnerId}` (spec: an array of payments). */
export const paymentListSchema = z.array(paymentSchema);

/** Answer of a call that records a payment: the payment and the invoice after it. */
export const paymentRecordedSchema = z.object({
  payment: paymentSchema,
  invoice: invoiceSchema,
});
export type PaymentRecorded = z.infer<typeof paymentRecordedSchema>;

export const creditNoteCreatedSchema = z.object({
  creditNote: creditNoteSchema,
  refund: paymentSchema.nullable(),
  invoice: invoiceSchema,
});
export type CreditNoteCreated = z.infer<typeof creditNoteCreatedSchema>;

/** `POST /api/invoices/send-reminders`. */
export const remindersSentSchema = z.object({
  /** Invoices whose reminder was handed to Communications. */
  sent: z.array(z.object({ id: uuid, invoiceNumber: z.string().nullable(), customerEmail: z.string() })),
  /** Invoices left out, and why (not found, wrong status, no e-mail). */
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type RemindersSent = z.infer<typeof remindersSentSchema>;

/** 409 of a second FINAL invoice for one booking (spec 02 §8's existing-invoice data). */
export const existingInvoiceConflictSchema = z.object({
  message: z.string(),
  existingInvoice: z.object({
    id: uuid,
    invoiceNumber: z.string().nullable(),
    status: z.enum(INVOICE_STATUSES),
    total: dollars,
    totalCents: cents,
  }),
});

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * `POST /api/invoices` (spec 03 §3 "New-invoice payload"). The amount defaults to the booking's
 * deposit (DEPOSIT) or to its total less the deposit already invoiced (FINAL); the due date to
 * today + the tenant's due days (Payment settings, else 30).
 */
export const invoiceCreateSchema = z
  .object({
    bookingId: uuid,
    invoiceType: z.enum(['DEPOSIT', 'FINAL'], { error: 'Invoice type must be DEPOSIT or FINAL.' }),
    amount: dollarAmount.optional(),
    amountCents: centsAmount.optional(),
    description: text(500).optional(),
    dueDate: day.optional(),
    notes: text(2000).optional(),
    /** The buyer's ABN (spaces allowed); 11 digits. */
    customerAbn: z
      .string({ error: 'Customer ABN must be 11 digits.' })
      .transform((v) => v.replace(/\s+/g, ''))
      .refine((v) => v === '' || /^\d{11}$/.test(v), 'Customer ABN must be 11 digits.')
      .optional(),
    /** Issue at once (number assigned, status SENT) instead of saving a draft. */
    issue: z.boolean({ error: 'Must be true or false.' }).optional(),
    // Accepted for the spec's payload; the booking's own figures decide them.
    depositType: z.string().max(20).optional(),
    depositAmount: z.number().optional(),
    depositValue: z.number().optional(),
    bookingSource: z.string().max(40).optional(),
    quotationId: z.string().max(100).optional(),
    fullQuotedTotal: z.number().optional(),
  })
  .strip()
  .transform((v, ctx) => optionalAmount(v, ctx));
export type InvoiceCreate = z.input<typeof invoiceCreateSchema>;

/**
 * `POST /api/invoices/{id}/send` (issue 24 item 14): Send to customer. A draft is issued (as
 * `PUT …/status` SENT); an invoice already issued, paid ones included, is e-mailed again as a
 * copy marked as such. No fields: the invoice says what is sent.
 */
export const invoiceSendSchema = z.object({}).strip();
export const invoiceSentSchema = z.object({
  invoice: invoiceSchema,
  /** True when it went as a copy of an invoice issued before. */
  copy: z.boolean(),
});
export type InvoiceSent = z.infer<typeof invoiceSentSchema>;

/** `GET /api/invoices/{id}/pdf` (and comms' internal copy): `copy=1` prints it marked COPY (a copy sent again). */
export const invoicePdfQuerySchema = z.object({
  copy: z.enum(['0', '1'], { error: 'copy must be 0 or 1.' }).optional(),
});

/** `PUT /api/invoices/{id}/status`. PAID records a payment of the balance (method defaults to Bank Transfer). */
export const invoiceStatusUpdateSchema = z.object({
  status: z.enum(SETTABLE_INVOICE_STATUSES, {
    error:
      'Status must be SENT, PAID or VOID (partial, overdue and refunded follow payments and credit notes).',
  }),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Unknown payment method.' }).optional(),
  reference: reference(),
  reason: text(500).optional(),
});
export type InvoiceStatusUpdate = z.input<typeof invoiceStatusUpdateSchema>;

/** `POST /api/invoices/{id}/payments` and the spec's `PUT /api/invoices/{id}/payment`. */
export const paymentCreateSchema = z
  .object({
    amount: dollarAmount.optional(),
    amountCents: centsAmount.optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, {
      error: 'Payment method must be Bank Transfer, Card, Cash or Cheque.',
    }),
    reference: reference(),
    notes: text(2000).optional(),
  })
  .transform((v, ctx) => requiredAmount(v, ctx));
export type PaymentCreate = z.input<typeof paymentCreateSchema>;

/**
 * `POST /api/invoices/{id}/credit-notes`: an adjustment note against an issued invoice (a sent
 * invoice is never edited). `refund` pays money back against it (at most what was paid).
 */
export const creditNoteCreateSchema = z
  .object({
    amount: dollarAmount.optional(),
    amountCents: centsAmount.optional(),
    reason: text(500).min(1, 'Reason is required.'),
    refund: z
      .object({
        paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Unknown payment method.' }),
        reference: reference(),
        notes: text(2000).optional(),
      })
      .optional(),
  })
  .transform((v, ctx) => requiredAmount(v, ctx));
export type CreditNoteCreate = z.input<typeof creditNoteCreateSchema>;

/** `POST /api/invoices/send-reminders` (spec: invoiceIds, hallOwnerId). */
export const sendRemindersSchema = z.object({
  invoiceIds: z.array(uuid).min(1, 'Choose at least one invoice.').max(500, 'At most 500 invoices at once.'),
  hallOwnerId: uuid.optional(),
});
export type SendReminders = z.input<typeof sendRemindersSchema>;

/** `GET /api/invoices/hall-owner/{id}` query (all optional). */
export const invoiceListQuerySchema = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  bookingId: uuid.optional(),
  type: z.enum(INVOICE_TYPES).optional(),
});
