/**
 * The money API (spec 03 §2.1–2.2, §3, §4, §7; issue 13): invoices, payments, adjustment
 * (credit) notes, deposits and bonds. services/money validates every request with these
 * schemas and answers in these shapes; mfe-money infers its types from them
 * (`@venue/contracts/money-api`). Amounts are integer cents (`…Cents`, decision 4); the spec's
 * dollar fields (`total`, `paidAmount`, …) are repeated beside them for the screens the spec
 * describes, always derived from the cents.
 *
 * Changes after the first commit are additive only (new optional fields, new routes).
 */
import { z } from 'zod';
import { oneLine } from '../api/fields.ts';
import { MAX_CENTS, toCents } from '../money/index.ts';
import { INVOICE_STATUSES, INVOICE_TYPES } from './paths.ts';

// The constants screens import without the schemas live in paths.ts, which loads no zod.
export { INVOICE_STATUSES, INVOICE_TYPES, MONEY_PATHS } from './paths.ts';
export type { InvoiceStatus, InvoiceType } from './paths.ts';

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

/** Spec 03 §9. The Record Payment dialog labels Card "Credit/Debit Card". */
export const PAYMENT_METHODS = ['Bank Transfer', 'Card', 'Cash', 'Cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Mark Paid on the Deposits drawer offers these (spec 03 §2.2). */
export const DEPOSIT_PAYMENT_METHODS = ['Bank Transfer', 'Cash', 'Cheque'] as const;

/**
 * What a money movement is: a `payment` received, a `refund` paid back against a credit note,
 * or a `reversal` (Mark Unpaid: the earlier payment stays, cancelled by this record).
 */
export const PAYMENT_KINDS = ['payment', 'refund', 'reversal'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const BOND_STATUSES = ['HELD', 'REFUNDED', 'FORFEITED', 'PARTIALLY_FORFEITED'] as const;
export type BondStatus = (typeof BOND_STATUSES)[number];

/** Which invoice statuses may be set through `PUT /api/invoices/{id}/status` (the rest follow payments). */
export const SETTABLE_INVOICE_STATUSES = ['SENT', 'PAID', 'VOID'] as const;

/** Reminders go to invoices in these statuses (spec 03 §4). */
export const REMINDER_STATUSES = ['SENT', 'OVERDUE', 'PARTIAL'] as const;

/** Messages the server answers with; the screens may show them as they are. */
export const MONEY_MESSAGES = {
  overpayment: (balance: string) =>
    `This payment is more than the balance due (${balance}). Record at most the balance, or create the difference as a separate invoice.`,
  finalExists: 'A final invoice already exists for this booking.',
  notInvoiceable: 'Invoices can be created only for bookings that are Confirmed, Pending or Completed.',
  amountRequired: 'Amount must be more than $0.00.',
  sellerDetailsMissing:
    'A tax invoice needs your business name and ABN. Add them under Settings → Payments → Business details, then send the invoice.',
  bookingNotReceived: 'This booking has not reached Invoices yet. Try again in a minute.',
  idempotencyKeyRequired: 'Recording a payment needs an Idempotency-Key header, so a retry cannot pay twice.',
  // Issue 24 item 6: every amount has a ceiling, named with the field.
  amountOverBooking: (limit: string, total: string) =>
    `Amount is more than this booking has left to invoice: at most ${limit} (the booking's total is ${total}).`,
  depositOverBooking: (deposit: string, total: string) =>
    `This deposit invoice (${deposit}) is more than the booking's total (${total}). Void it and raise one within the total.`,
  // Issue 24 item 14: Send to customer again.
  voidNotSent: 'This invoice is void and cannot be sent.',
} as const;

const uuid = z.uuid({ error: 'Must be an id.' });
const isoInstant = z.iso.datetime({ offset: true });
/** A calendar day, `YYYY-MM-DD` (the venue's day). */
const day = z.iso.date({ error: 'Must be a date (YYYY-MM-DD).' });
const text = (max: number) =>
  z.string({ error: 'Must be text.' }).trim().max(max, `At most ${max} characters.`);
/** A payment's reference is one line: receipts print it, accounting exports carry it (issue 24 item 15). */
const reference = () => oneLine(text(200), 'Reference').optional();
const cents = z.number().int().min(0);
const dollars = z.number();

/**
 * An amount sent as dollars (the spec's `amount`, a JSON number such as 120.5) or as whole
 * cents (`amountCents`); the body schemas below turn either into `amountCents`.
 */
const dollarAmount = z
  .number({ error: 'Amount must be a number of dollars.' })
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= MAX_CENTS / 100, 'Amount must be a number of dollars.');
const centsAmount = z
  .number({ error: 'Amount must be whole cents.' })
  .int('Amount must be whole cents.')
  .min(0, 'Amount must be whole cents.')
  .max(MAX_CENTS, 'Amount is too large.');

/** The amount in cents from `amount` (dollars) or `amountCents`; undefined when neither is sent. */
function amountOf(
  v: { amount?: number | undefined; amountCents?: number | undefined },
  ctx: z.RefinementCtx,
) {
  const fromDollars = v.amount === undefined ? undefined : toCents(v.amount);
  if (fromDollars !== undefined && v.amountCents !== undefined && fromDollars !== v.amountCents) {
    ctx.addIssue({
      code: 'custom',
      path: ['amount'],
      message: 'Send amount or amountCents, not two different amounts.',
    });
    return undefined;
  }
  const value = v.amountCents ?? fromDollars;
  if (value !== undefined && value <= 0) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: MONEY_MESSAGES.amountRequired });
  }
  return value;
}

/** Adds `amountCents` (optional) in place of `amount` / `amountCents`. */
function optionalAmount<T extends { amount?: number | undefined; amountCents?: number | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
): Omit<T, 'amount' | 'amountCents'> & { amountCents?: number } {
  const { amount: _a, amountCents: _c, ...rest } = v;
  const amountCents = amountOf(v, ctx);
  return amountCents === undefined ? rest : { ...rest, amountCents };
}

/** Adds `amountCents` (required: 400 naming `amount` when missing) in place of `amount` / `amountCents`. */
function requiredAmount<T extends { amount?: number | undefined; amountCents?: number | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
): Omit<T, 'amount' | 'amountCents'> & { amountCents: number } {
  const { amount: _a, amountCents: _c, ...rest } = v;
  const amountCents = amountOf(v, ctx);
  if (amountCents === undefined && v.amount === undefined && v.amountCents === undefined) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: MONEY_MESSAGES.amountRequired });
  }
  return { ...rest, amountCents: amountCents ?? 0 };
}

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

/** One confirmed booking as the Deposits screen lists it (spec 03 §2.2). */
export const depositSchema = z.object({
  bookingId: uuid,
  hallOwnerId: uuid,
  bookingCode: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  eventType: z.string(),
  eventDate: day,
  startTime: z.string(),
  endTime: z.string(),
  resource: z.string(),
  bookingStatus: z.string(),
  totalCents: cents,
  depositCents: cents,
  finalDueCents: cents,
  total: dollars,
  deposit: dollars,
  finalDue: dollars,
  depositType: z.string(),
  /** Paid exactly when the deposit invoice is PAID (its payments, less reversals, cover it). */
  depositPaid: z.boolean(),
  paidAt: isoInstant.nullable(),
  status: z.enum(['Paid', 'Unpaid']),
  /** The booking's DEPOSIT invoice, once issued. */
  depositInvoiceId: uuid.nullable(),
  depositInvoiceNumber: z.string().nullable(),
  /** Mark Paid records its payment; Mark Unpaid reverses this one. */
  lastPaymentId: uuid.nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositListSchema = z.array(depositSchema);

export const depositChangedSchema = z.object({ deposit: depositSchema, invoice: invoiceSchema });

export const bondSchema = z.object({
  id: uuid,
  hallOwnerId: uuid,
  bookingId: uuid,
  bookingCode: z.string().nullable(),
  customerName: z.string(),
  status: z.enum(BOND_STATUSES),
  /** What was received; no GST while held or refunded. */
  amountCents: cents,
  amount: dollars,
  paymentMethod: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  receivedAt: isoInstant,
  refundedCents: cents,
  forfeitedCents: cents,
  /** GST contained in the forfeited part (spec: the kept part is a taxable supply). */
  forfeitedGstCents: cents,
  forfeitReason: z.string().nullable(),
  /** The BOND invoice raised for the forfeited part. */
  forfeitInvoiceId: uuid.nullable(),
  settledAt: isoInstant.nullable(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type Bond = z.infer<typeof bondSchema>;
export const bondListSchema = z.array(bondSchema);

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

/** `POST /api/deposits/{bookingId}/mark-paid`. */
export const depositMarkPaidSchema = z.object({
  paymentMethod: z.enum(DEPOSIT_PAYMENT_METHODS, {
    error: 'Payment method must be Bank Transfer, Cash or Cheque.',
  }),
  reference: reference(),
  notes: text(2000).optional(),
});
export type DepositMarkPaid = z.input<typeof depositMarkPaidSchema>;

/** `POST /api/deposits/{bookingId}/mark-unpaid`: reverses the deposit's payments with a record. */
export const depositMarkUnpaidSchema = z.object({
  reason: text(500).optional(),
});

/** `POST /api/deposits/bonds`: a bond received for a booking (held, no GST). */
export const bondCreateSchema = z
  .object({
    bookingId: uuid,
    amount: dollarAmount.optional(),
    amountCents: centsAmount.optional(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Unknown payment method.' }),
    reference: reference(),
  })
  .transform((v, ctx) => requiredAmount(v, ctx));
export type BondCreate = z.input<typeof bondCreateSchema>;

/** `POST /api/deposits/bonds/{id}/refund`: the whole bond goes back. */
export const bondRefundSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Unknown payment method.' }).optional(),
  reference: reference(),
});

/** `POST /api/deposits/bonds/{id}/forfeit`: keep part or all of it (with a reason); the rest goes back. */
export const bondForfeitSchema = z
  .object({
    amount: dollarAmount.optional(),
    amountCents: centsAmount.optional(),
    reason: text(500).min(1, 'Reason is required.'),
  })
  .transform((v, ctx) => requiredAmount(v, ctx));
export type BondForfeit = z.input<typeof bondForfeitSchema>;

// ---------------------------------------------------------------------------------------------
// Paths (spec 03 §7 where it names them; the rest are ours)
// ---------------------------------------------------------------------------------------------

// MONEY_PATHS: in paths.ts (zod-free), exported from here as before.

// ---------------------------------------------------------------------------------------------
// Events money publishes (registered in events/registry.ts)
// ---------------------------------------------------------------------------------------------

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
  at: isoInstant,
});
export type BondEvent = z.infer<typeof bondEventSchema>;

// ---------------------------------------------------------------------------------------------
// Payment settings as money reads them (its copy of admin's settings)
// ---------------------------------------------------------------------------------------------

/**
 * The Payment settings a tax invoice shows (seller, bank details, due days, accepted methods):
 * the `payment` part of admin's `tenant.settings_changed` snapshot, once admin carries it.
 * Money reads it from its settings copy; until it has arrived the defaults apply and issuing a
 * tax invoice is refused for want of the seller's name and ABN.
 */
export const paymentSettingsSnapshotSchema = z.object({
  businessName: z.string(),
  businessABN: z.string(),
  businessAddress: z.string(),
  businessPhone: z.string(),
  businessEmail: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  bsb: z.string(),
  accountNumber: z.string(),
  referenceNote: z.string(),
  defaultDueDays: z.number().int().min(0).max(365),
  paymentMethods: z.object({
    stripe: z.boolean(),
    bankTransfer: z.boolean(),
    cash: z.boolean(),
    cheque: z.boolean(),
  }),
  /** Invoice numbers read `{prefix}-{year}-{00001}`; default `INV`. */
  invoiceNumberPrefix: z
    .string()
    .regex(/^[A-Z0-9]{1,10}$/)
    .optional(),
  /**
   * Invoice Settings' reminder days: the automatic payment reminders go this many days before
   * the due date and again as many after it. Optional (snapshots before it lack it): [7, 3, 1].
   */
  reminderDays: z.array(z.number().int().min(0).max(365)).max(10).optional(),
  /**
   * The venue's connected card-provider (Stripe) account, `acct_…`, or '' (Payment settings'
   * Stripe ID). Optional (snapshots before it lack it). With the platform's Stripe keys and the
   * stripe method switched on, the payment link offers "Pay by card" (decision 43).
   */
  stripeAccountId: z.string().max(255).optional(),
  /**
   * Invoice Settings' deposit deadline (issue 24 item 5): a deposit invoice falls due at the latest
   * this many days before the event (never before its issue day). Optional (snapshots before it
   * lack it): 14.
   */
  depositDeadlineDays: z.number().int().min(0).max(365).optional(),
});
export type PaymentSettingsSnapshot = z.infer<typeof paymentSettingsSnapshotSchema>;

export const PAYMENT_SETTINGS_DEFAULTS: PaymentSettingsSnapshot = {
  businessName: '',
  businessABN: '',
  businessAddress: '',
  businessPhone: '',
  businessEmail: '',
  bankName: '',
  accountName: '',
  bsb: '',
  accountNumber: '',
  referenceNote: '',
  defaultDueDays: 30,
  paymentMethods: { stripe: false, bankTransfer: true, cash: true, cheque: false },
};

// ---------------------------------------------------------------------------------------------
// Internal: bookings hands a deposit flag change over to money (decision 32)
// ---------------------------------------------------------------------------------------------

/**
 * `PUT /internal/deposits/{bookingId}`: the spec's `PUT /api/bookings/{id}` with
 * `{payment_details: {deposit_paid}}` arrives at bookings, which hands it to money, the one
 * writer of payment facts. Setting the state it already has changes nothing (so a retry is
 * harmless).
 */
export const internalDepositRequestSchema = z.object({
  tenantId: uuid,
  depositPaid: z.boolean(),
  paymentMethod: z.enum(DEPOSIT_PAYMENT_METHODS).optional(),
  /** Who asked, for the audit entry. */
  actor: z
    .object({ id: z.string().nullable(), email: z.string().nullable(), role: z.string().nullable() })
    .optional(),
});
export type InternalDepositRequest = z.infer<typeof internalDepositRequestSchema>;

/** Money's answer: the booking's money after it, or the refusal to pass on to the person. */
export const internalDepositAnswerSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), bookingMoney: bookingMoneySchema }),
  z.object({ ok: z.literal(false), status: z.number().int(), message: z.string() }),
]);
export type InternalDepositAnswer = z.infer<typeof internalDepositAnswerSchema>;
