/**
 * The pieces every money schema is built from: the fixed values (payment methods and kinds, bond
 * and settable invoice statuses), the messages the server answers with, and the field builders
 * (ids, days, text, cents, an amount sent as dollars or cents). schemas.ts exports the values and
 * messages; the field builders stay inside money-api.
 */
import { z } from 'zod';
import { oneLine } from '../api/fields.ts';
import { MAX_CENTS, toCents } from '../money/index.ts';

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

export const uuid = z.uuid({ error: 'Must be an id.' });
export const isoInstant = z.iso.datetime({ offset: true });
/** A calendar day, `YYYY-MM-DD` (the venue's day). */
export const day = z.iso.date({ error: 'Must be a date (YYYY-MM-DD).' });
export const text = (max: number) =>
  z.string({ error: 'Must be text.' }).trim().max(max, `At most ${max} characters.`);
/** A payment's reference is one line: receipts print it, accounting exports carry it (issue 24 item 15). */
export const reference = () => oneLine(text(200), 'Reference').optional();
export const cents = z.number().int().min(0);
export const dollars = z.number();

/**
 * An amount sent as dollars (the spec's `amount`, a JSON number such as 120.5) or as whole
 * cents (`amountCents`); the body schemas turn either into `amountCents`.
 */
export const dollarAmount = z
  .number({ error: 'Amount must be a number of dollars.' })
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= MAX_CENTS / 100, 'Amount must be a number of dollars.');
export const centsAmount = z
  .number({ error: 'Amount must be whole cents.' })
  .int('Amount must be whole cents.')
  .min(0, 'Amount must be whole cents.')
  .max(MAX_CENTS, 'Amount is too large.');

/** The amount in cents from `amount` (dollars) or `amountCents`; undefined when neither is sent. */
export function amountOf(
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
export function optionalAmount<T extends { amount?: number | undefined; amountCents?: number | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
): Omit<T, 'amount' | 'amountCents'> & { amountCents?: number } {
  const { amount: _a, amountCents: _c, ...rest } = v;
  const amountCents = amountOf(v, ctx);
  return amountCents === undefined ? rest : { ...rest, amountCents };
}

/** Adds `amountCents` (required: 400 naming `amount` when missing) in place of `amount` / `amountCents`. */
export function requiredAmount<T extends { amount?: number | undefined; amountCents?: number | undefined }>(
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
