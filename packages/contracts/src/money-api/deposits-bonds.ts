/**
 * Deposits and bonds (spec 03 §2.2, §7): the Deposits screen's rows and the bonds held, the
 * Mark Paid / Mark Unpaid and bond requests, and the internal call by which bookings hands a
 * deposit flag change over to money (decision 32).
 */
import { z } from 'zod';
import { invoiceSchema } from './invoices.ts';
import { bookingMoneySchema } from './money-events.ts';
import {
  BOND_STATUSES,
  cents,
  centsAmount,
  day,
  DEPOSIT_PAYMENT_METHODS,
  dollarAmount,
  dollars,
  isoInstant,
  PAYMENT_METHODS,
  reference,
  requiredAmount,
  text,
  uuid,
} from './money-fields.ts';

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

// Requests

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
