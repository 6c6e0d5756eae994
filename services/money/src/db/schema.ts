/**
 * Money's tables as Kysely sees them (decision 35). The columns are generated from
 * `services/money/migrations/*.sql` into `schema.generated.ts` (`node scripts/db-types.mjs`;
 * `npm test` fails while it is stale): a column a migration adds appears there, typed as the
 * kit's drivers return it (node-postgres and PGlite alike): bigint as a number (the kit's int8
 * parser; every cents column, `Cents`, stays far below 2^53), timestamptz as a Date, jsonb parsed,
 * numeric as its decimal text, date as `CalendarDate` (selected as text, `dateText(…)`, wherever
 * the code reads it, so both drivers agree). Here only what money knows better than the database:
 * the values its text columns hold (`Refine`, which keeps the database's say on null and
 * defaults) and the shapes of its jsonb. The kit's own tables (outbox, inbox, idempotency keys,
 * schema_migrations) are not money's to query and are not generated.
 */
import type { Json, Refine, RefineTables, SettingsCopyColumns } from '@venue/service-kit';
import type * as G from './schema.generated.ts';

export type InvoiceType = 'DEPOSIT' | 'FINAL' | 'BOND';
export type InvoiceStatus = 'DRAFT' | 'SENT' | 'PARTIAL' | 'PAID' | 'OVERDUE' | 'VOID' | 'REFUNDED';
export type PaymentMethod = 'Bank Transfer' | 'Card' | 'Cash' | 'Cheque';
export type BondStatus = 'HELD' | 'REFUNDED' | 'FORFEITED' | 'PARTIALLY_FORFEITED';
export type QuotationStatus = 'Draft' | 'Sent' | 'Accepting' | 'Accepted' | 'Declined';

/** Copy of bookings' booking.* events: what an invoice or a deposit needs of a booking. */
export type BookingCopyTable = G.BookingCopyTable;

/** Gap-free numbers: one row per tenant, series and year, locked by the transaction taking one. */
export type NumberCountersTable = Refine<
  G.NumberCountersTable,
  { series: 'invoice' | 'credit_note' | 'receipt' | 'quotation' }
>;

/**
 * `seller` is the seller as printed, fixed when the invoice is issued; `quotation_number` the
 * quotation's, copied when the invoice is made (migration 060); `customer_email_key`
 * lower(customer_email), stored: what the portal compares (migration 071).
 */
export type InvoicesTable = Refine<
  G.InvoicesTable,
  {
    type: InvoiceType;
    status: InvoiceStatus;
    seller: Json<Record<string, unknown>>;
    line_items: Json<unknown[]>;
    tax_type: 'inclusive' | 'exclusive';
  }
>;

/** Adjustment (credit) notes against an invoice. */
export type CreditNotesTable = G.CreditNotesTable;

/**
 * Every movement of money; never updated but for `reversed_at`, never deleted. `idempotency_key`
 * is the client's Idempotency-Key: one payment per key even past the kit's replay window.
 */
export type PaymentsTable = Refine<
  G.PaymentsTable,
  { kind: 'payment' | 'refund' | 'reversal'; payment_method: PaymentMethod }
>;

export type BondsTable = Refine<G.BondsTable, { status: BondStatus; payment_method: PaymentMethod }>;

/** One reminder step per open invoice (migration 025): days from the due date. */
export type InvoiceRemindersTable = G.InvoiceRemindersTable;

/**
 * `number` is `QUO-2026-00001`, given when first sent (migration 060), null on a Draft;
 * `deposit_value` numeric(14, 2), its decimal text; `accepted_snapshot` the quotation as accepted
 * (frozen); `decline_reason` what the customer said declining it in the portal and `answered_by`
 * who answered it, `customer:<address>` in the portal, else the staff member (migration 070).
 */
export type QuotationsTable = Refine<
  G.QuotationsTable,
  {
    tax_type: 'Inclusive' | 'Exclusive';
    deposit_type: 'None' | 'Fixed' | 'Percentage';
    status: QuotationStatus;
    accepted_snapshot: Json<Record<string, unknown>>;
    deposit_paid_method: 'Bank Transfer' | 'Cash' | 'Cheque';
  }
>;

/** One live link per invoice; only the token's SHA-256 is stored (migration 045). */
export type PaymentLinksTable = G.PaymentLinksTable;

/** Each Stripe event id handled once (migration 045); `outcome`: recorded | replayed | ignored | refused. */
export type StripeEventsTable = G.StripeEventsTable;

export type MoneyDb = RefineTables<
  G.DB,
  {
    tenant_settings: Refine<G.TenantSettingsTable, SettingsCopyColumns>;
    number_counters: NumberCountersTable;
    invoices: InvoicesTable;
    payments: PaymentsTable;
    bonds: BondsTable;
    quotations: QuotationsTable;
  }
>;
