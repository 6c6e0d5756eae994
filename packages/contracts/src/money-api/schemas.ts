/**
 * The money API (spec 03 §2.1–2.2, §3, §4, §7; issue 13): invoices, payments, adjustment
 * (credit) notes, deposits and bonds. services/money validates every request with these
 * schemas and answers in these shapes; mfe-money infers its types from them
 * (`@venue/contracts/money-api`). Amounts are integer cents (`…Cents`, decision 4); the spec's
 * dollar fields (`total`, `paidAmount`, …) are repeated beside them for the screens the spec
 * describes, always derived from the cents.
 *
 * The schemas live by resource (invoices.ts, deposits-bonds.ts, money-events.ts,
 * payment-settings.ts, built from money-fields.ts); this file exports them all, as it always did.
 *
 * Changes after the first commit are additive only (new optional fields, new routes).
 */

// The constants screens import without the schemas live in paths.ts, which loads no zod.
export { INVOICE_STATUSES, INVOICE_TYPES, MONEY_PATHS } from './paths.ts';
export type { InvoiceStatus, InvoiceType } from './paths.ts';

// The fixed values and messages; the field builders beside them stay inside money-api.
export {
  BOND_STATUSES,
  DEPOSIT_PAYMENT_METHODS,
  MONEY_MESSAGES,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  REMINDER_STATUSES,
  SETTABLE_INVOICE_STATUSES,
} from './money-fields.ts';
export type { BondStatus, PaymentKind, PaymentMethod } from './money-fields.ts';

export * from './invoices.ts';
export * from './deposits-bonds.ts';
export * from './money-events.ts';
export * from './payment-settings.ts';
