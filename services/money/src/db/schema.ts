/**
 * Money's tables as Kysely sees them (decision 35), written by hand from
 * `services/money/migrations/*.sql`: a table or column added there is added here.
 * Types are what the kit's drivers return (node-postgres and PGlite alike): bigint as a number
 * (the kit's int8 parser; every cents column stays far below 2^53), timestamptz as a Date, jsonb
 * parsed, numeric as its decimal text. Columns of type date are selected as text
 * (`dateText(…)`, to_char 'YYYY-MM-DD') wherever the code reads them, so both drivers agree.
 * The kit's own tables (outbox, inbox, idempotency keys, audit, schema_migrations) are not
 * money's to query and stay out.
 */
import type {
  CalendarDate,
  Cents,
  ColumnType,
  Computed,
  DefaultCents,
  DefaultTimestamp,
  Generated,
  GeneratedId,
  Json,
  NullableDate,
  NullableJson,
  NullableTimestamp,
  TenantSettingsTable,
  Timestamp,
} from '@venue/service-kit';

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

export type InvoiceType = 'DEPOSIT' | 'FINAL' | 'BOND';
export type InvoiceStatus = 'DRAFT' | 'SENT' | 'PARTIAL' | 'PAID' | 'OVERDUE' | 'VOID' | 'REFUNDED';
export type PaymentMethod = 'Bank Transfer' | 'Card' | 'Cash' | 'Cheque';
export type BondStatus = 'HELD' | 'REFUNDED' | 'FORFEITED' | 'PARTIALLY_FORFEITED';
export type QuotationStatus = 'Draft' | 'Sent' | 'Accepting' | 'Accepted' | 'Declined';

/** Copy of bookings' booking.* events: what an invoice or a deposit needs of a booking. */
export interface BookingCopyTable {
  tenant_id: string;
  booking_id: string;
  booking_code: string;
  status: string;
  customer_name: string;
  customer_email: string;
  event_type: string;
  booking_date: CalendarDate;
  start_time: string;
  end_time: string;
  resource_name: string;
  booking_source: string;
  quotation_id: NullableText;
  tax_type: NullableText;
  tax_rate_bp: ColumnType<number | null, number | null | undefined, number | null>;
  total_cents: ColumnType<Cents | null, Cents | null | undefined, Cents | null>;
  deposit_cents: ColumnType<Cents | null, Cents | null | undefined, Cents | null>;
  deposit_type: Generated<string>;
  price_cents: DefaultCents;
  booking_updated_at: Timestamp;
  received_at: DefaultTimestamp;
}

/** Gap-free numbers: one row per tenant, series and year, locked by the transaction taking one. */
export interface NumberCountersTable {
  tenant_id: string;
  series: 'invoice' | 'credit_note' | 'receipt' | 'quotation';
  year: number;
  last: number;
}

export interface InvoicesTable {
  tenant_id: string;
  id: GeneratedId;
  invoice_number: NullableText;
  type: InvoiceType;
  status: Generated<InvoiceStatus>;
  booking_id: NullableText;
  booking_code: NullableText;
  booking_source: Generated<string>;
  quotation_id: NullableText;
  /** The quotation's number, copied when the invoice is made (migration 060). */
  quotation_number: NullableText;
  resource_name: NullableText;
  event_type: NullableText;
  event_date: NullableDate;
  customer_name: string;
  customer_email: string;
  customer_abn: NullableText;
  issue_date: NullableDate;
  due_date: CalendarDate;
  description: string;
  notes: Generated<string>;
  /** The seller as printed, fixed when the invoice is issued. */
  seller: NullableJson<Record<string, unknown>>;
  line_items: Json<unknown[]>;
  tax_type: 'inclusive' | 'exclusive';
  tax_rate_bp: number;
  subtotal_cents: Cents;
  gst_cents: Cents;
  total_cents: Cents;
  full_amount_cents: Cents;
  deposit_applied_cents: DefaultCents;
  credited_cents: DefaultCents;
  paid_cents: DefaultCents;
  created_by: NullableText;
  created_at: DefaultTimestamp;
  sent_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  voided_at: NullableTimestamp;
  updated_at: DefaultTimestamp;
  /** lower(customer_email), stored: what the portal compares (migration 071). */
  customer_email_key: Computed<string>;
}

/** Adjustment (credit) notes against an invoice. */
export interface CreditNotesTable {
  tenant_id: string;
  id: GeneratedId;
  invoice_id: string;
  credit_note_number: string;
  issue_date: CalendarDate;
  reason: string;
  amount_cents: Cents;
  gst_cents: Cents;
  refunded_cents: DefaultCents;
  created_by: NullableText;
  created_at: DefaultTimestamp;
}

/** Every movement of money; never updated but for `reversed_at`, never deleted. */
export interface PaymentsTable {
  tenant_id: string;
  id: GeneratedId;
  invoice_id: string;
  kind: 'payment' | 'refund' | 'reversal';
  payment_method: PaymentMethod;
  amount_cents: Cents;
  reference: Generated<string>;
  notes: Generated<string>;
  credit_note_id: NullableText;
  reverses_payment_id: NullableText;
  reversed_at: NullableTimestamp;
  receipt_number: string;
  /** The client's Idempotency-Key: one payment per key even past the kit's replay window. */
  idempotency_key: NullableText;
  created_by: NullableText;
  processed_at: DefaultTimestamp;
}

export interface BondsTable {
  tenant_id: string;
  id: GeneratedId;
  booking_id: string;
  status: Generated<BondStatus>;
  amount_cents: Cents;
  payment_method: PaymentMethod;
  reference: Generated<string>;
  received_at: DefaultTimestamp;
  refunded_cents: DefaultCents;
  forfeited_cents: DefaultCents;
  forfeited_gst_cents: DefaultCents;
  forfeit_reason: NullableText;
  forfeit_invoice_id: NullableText;
  settled_at: NullableTimestamp;
  created_by: NullableText;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** One reminder step per open invoice (migration 025): days from the due date. */
export interface InvoiceRemindersTable {
  tenant_id: string;
  invoice_id: string;
  days_from_due: number;
  sent_at: DefaultTimestamp;
}

export interface QuotationsTable {
  tenant_id: string;
  id: GeneratedId;
  /** `QUO-2026-00001`, given when first sent (migration 060); null on a Draft. */
  number: NullableText;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  event_type: string;
  resource: string;
  resource_name: string;
  event_date: CalendarDate;
  start_time: string;
  end_time: string;
  guest_count: ColumnType<number | null, number | null | undefined, number | null>;
  total_cents: Cents;
  tax_type: 'Inclusive' | 'Exclusive';
  tax_rate_bp: number;
  deposit_type: 'None' | 'Fixed' | 'Percentage';
  /** numeric(14, 2): the decimal text. */
  deposit_value: ColumnType<string, string | number | undefined, string | number>;
  deposit_cents: DefaultCents;
  deposit_paid: Generated<boolean>;
  valid_until: CalendarDate;
  notes: Generated<string>;
  status: Generated<QuotationStatus>;
  booking_id: NullableText;
  /** The code of the booking the acceptance made (migration 060). */
  booking_code: NullableText;
  /** The quotation as accepted (frozen). */
  accepted_snapshot: NullableJson<Record<string, unknown>>;
  accepted_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  created_by: NullableText;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deposit_paid_at: NullableTimestamp;
  deposit_paid_method: ColumnType<
    'Bank Transfer' | 'Cash' | 'Cheque' | null,
    'Bank Transfer' | 'Cash' | 'Cheque' | null | undefined,
    'Bank Transfer' | 'Cash' | 'Cheque' | null
  >;
  /** What the customer said declining it in the portal (migration 070). */
  decline_reason: NullableText;
  /** Who answered it: `customer:<address>` in the portal, else the staff member (migration 070). */
  answered_by: NullableText;
  /** lower(customer_email), stored: what the portal compares (migration 071). */
  customer_email_key: Computed<string>;
}

/** One live link per invoice; only the token's SHA-256 is stored (migration 045). */
export interface PaymentLinksTable {
  tenant_id: string;
  id: GeneratedId;
  invoice_id: string;
  nonce: string;
  token_hash: string;
  created_by: NullableText;
  created_at: DefaultTimestamp;
  revoked_at: NullableTimestamp;
}

/** Each Stripe event id handled once (migration 045). */
export interface StripeEventsTable {
  tenant_id: string;
  event_id: string;
  type: string;
  invoice_id: NullableText;
  payment_intent: NullableText;
  /** recorded | replayed | ignored | refused */
  outcome: string;
  detail: Generated<string>;
  received_at: DefaultTimestamp;
}

export interface MoneyDb {
  tenant_settings: TenantSettingsTable;
  booking_copy: BookingCopyTable;
  number_counters: NumberCountersTable;
  invoices: InvoicesTable;
  credit_notes: CreditNotesTable;
  payments: PaymentsTable;
  bonds: BondsTable;
  invoice_reminders: InvoiceRemindersTable;
  quotations: QuotationsTable;
  payment_links: PaymentLinksTable;
  stripe_events: StripeEventsTable;
}
