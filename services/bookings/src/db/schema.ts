/**
 * Bookings' tables as Kysely sees them (decision 35), written by hand from
 * `services/bookings/migrations/*.sql`: a table or column added there is added here.
 * Types are what the kit's drivers return (node-postgres and PGlite alike): bigint as a number
 * (the kit's int8 parser; cents stay far below 2^53), timestamptz as a Date, jsonb parsed,
 * numeric as its decimal text, a range as its text. Columns of type date are selected as text
 * (`to_char(…, 'YYYY-MM-DD')`) wherever the code reads them, so both drivers agree.
 * The kit's own tables (outbox, inbox, idempotency keys, audit, schema_migrations) are not
 * bookings' to query and stay out; `customer_emails` was dropped by migration 012.
 */
import type { OpeningHours } from '@venue/contracts';
import type { BookingSource, BookingStatus, CustomerTier, Priority } from '@venue/contracts/bookings';
import type {
  CalendarDate,
  Computed,
  DefaultTimestamp,
  Generated,
  Json,
  JsonWithDefault,
  NullableDate,
  NullableJson,
  NullableTimestamp,
  TenantSettingsTable,
  Timestamp,
} from '@venue/service-kit';

/** tstzrange: its text when read; written through `tstzrange(…)` in the sql tag. */
type Range = string;

/** Copy of the catalogue's resources (resource.* events, or a fetch from the catalogue). */
export interface ResourcesTable {
  tenant_id: string;
  id: string;
  name: string;
  capacity: Generated<number>;
  status: Generated<string>;
  setup_buffer_minutes: Generated<number>;
  packdown_buffer_minutes: Generated<number>;
  apply_buffers: Generated<boolean>;
  deleted: Generated<boolean>;
  updated_at: DefaultTimestamp;
  /** Opening hours per weekday from the catalogue's events (migration 021); null before the first. */
  hours: NullableJson<OpeningHours>;
}

/** Each tenant's number of bookings, kept by triggers on bookings (migration 015). */
export interface BookingTotalsTable {
  tenant_id: string;
  bookings: number;
}

/** Each tenant's number of customers per segment, VIP and not-for-profit, kept by triggers on customers (migration 018). */
export interface CustomerGroupsTable {
  tenant_id: string;
  segment: string;
  vip: boolean;
  nfp: boolean;
  /** bigint: text from the pg driver. */
  customers: number | string;
}

/** One row per tenant and year: the last booking code number taken. */
export interface BookingCountersTable {
  tenant_id: string;
  year: number;
  last: number;
}

export interface CustomersTable {
  tenant_id: string;
  /** CUST-… (spec 02 §3.4). */
  id: string;
  email_key: string;
  name: string;
  email: string;
  phone: Generated<string>;
  tier: Generated<string>;
  notes: Generated<string>;
  anonymised_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  // The stored figures (migration 005), written by customer_summary_refresh only.
  total_bookings: Generated<number>;
  cancelled_bookings: Generated<number>;
  lifetime_spend_cents: Generated<number>;
  first_booking_date: NullableDate;
  last_booking_date: NullableDate;
  /** '-infinity' when no booking is kept. */
  last_active_date: Generated<Date | string>;
  frequency_12m: Generated<number>;
  monetary_12m_cents: Generated<number>;
  clv_cents: Generated<number>;
  vip: Generated<boolean>;
  recency: Generated<number>;
  frequency: Generated<number>;
  monetary: Generated<number>;
  segment: Generated<string>;
  figures_as_of: NullableDate;
  summary_at: DefaultTimestamp;
  name_key: Computed<string>;
  rfm_sum: Computed<number>;
  last_active_key: Computed<number>;
  search_text: Computed<string>;
}

export interface BookingsTable {
  tenant_id: string;
  id: Generated<string>;
  booking_code: string;
  customer_id: string;
  customer_name: string;
  customer_email: string;
  /** lower(customer_email), stored (migration 022): the portal's list compares it with `=`. */
  customer_email_key: Computed<string>;
  customer_phone: string;
  event_type: string;
  guest_count: number | null;
  booking_date: CalendarDate;
  /** Venue-local HH:mm. */
  start_time: string;
  end_time: string;
  resource_id: string;
  resource_name: string;
  /** The table's CHECK holds it to the API's statuses. */
  status: BookingStatus;
  estimated_price_cents: number | null;
  calculated_price_cents: Generated<number>;
  price_details: JsonWithDefault<Record<string, unknown>>;
  add_ons: JsonWithDefault<{ id: string; name: string; quantity: number; priceCents: number }[]>;
  additional_description: Generated<string>;
  notes: Generated<string>;
  booking_source: Generated<BookingSource>;
  quotation_id: string | null;
  priority: Generated<Priority>;
  customer_tier: Generated<CustomerTier>;
  bond_required: Generated<boolean>;
  bond_cents: Generated<number>;
  bond_paid: Generated<boolean>;
  docs: JsonWithDefault<{ idVerified: boolean; insuranceVerified: boolean }>;
  hold_expires_at: NullableTimestamp;
  setup_buffer_minutes: Generated<number>;
  packdown_buffer_minutes: Generated<number>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** The event plus buffers: what it blocks. */
  slot: Range;
  payment_details: NullableJson<Record<string, unknown>>;
  cancelled_at: NullableTimestamp;
  cancellation_reason: string | null;
  change_request: NullableJson<{ message: string; at: string }>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  // The stored money figures (migration 007): all NULL together or all set.
  tax_type: string | null;
  tax_rate_bp: number | null;
  net_cents: number | null;
  gst_cents: number | null;
  total_cents: number | null;
  deposit_cents: number | null;
  final_due_cents: number | null;
  /** The recurring series (migration 009); null for a one-off booking. */
  series_id: string | null;
  /** Lower-cased search fields (migration 013). */
  search_text: Computed<string>;
  // A booking requested on the venue's booking page (migration 021); all null otherwise.
  online_answers: NullableJson<OnlineAnswer[]>;
  agreement_version: number | null;
  agreement_accepted_at: NullableTimestamp;
  client_address: string | null;
  online_request_id: string | null;
}

/** One answer to the venue's questions, with the question as it read when answered. */
export interface OnlineAnswer {
  questionId: string;
  label: string;
  answer: string;
}

/**
 * A request from the booking page waiting for its e-mail to be verified (migration 021): the
 * checked request, the SHA-256 of the link's token, and once the link is opened what it did.
 */
export interface OnlineRequestsTable {
  tenant_id: string;
  id: Generated<string>;
  token_hash: string;
  email: string;
  payload: Json<Record<string, unknown>>;
  client_address: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  verified_at: NullableTimestamp;
  outcome: NullableJson<Record<string, unknown>>;
}

/** Addresses verified for a venue by opening its link (migration 021). */
export interface VerifiedEmailsTable {
  tenant_id: string;
  email: string;
  verified_at: DefaultTimestamp;
}

/** A customer's ID or insurance document of a booking, the file in the row (migration 021). */
export interface BookingDocumentsTable {
  tenant_id: string;
  id: Generated<string>;
  booking_id: string;
  customer_email: string;
  kind: 'id' | 'insurance';
  file_name: string;
  content_type: string;
  size_bytes: number;
  data: Uint8Array;
  uploaded_at: DefaultTimestamp;
  verified_at: NullableTimestamp;
  verified_by: string | null;
}

/** Block-outs replicated from the catalogue, one row per resource. */
export interface BlockoutsTable {
  tenant_id: string;
  id: string;
  resource_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reason: Generated<string>;
  /** It holds its slot in resource_slots; false: kept as an alert until the time is free. */
  claimed: Generated<boolean>;
}

/** The guarantee: one row per blocking booking or claimed block-out, under the exclusion constraint. */
export interface ResourceSlotsTable {
  tenant_id: string;
  id: Generated<string>;
  resource_id: string;
  kind: 'booking' | 'blockout';
  booking_id: string | null;
  blockout_id: string | null;
  slot: Range;
}

/**
 * The last write bookings applied of each block-out the catalogue reserved (migration 020,
 * decision 55): writes of a block-out apply in revision order, and none after its release.
 */
export interface BlockoutRevisionsTable {
  tenant_id: string;
  blockout_id: string;
  revision: number;
  released: Generated<boolean>;
  updated_at: DefaultTimestamp;
}

/** The tenant's maxima the customers' scores are relative to (migration 005). */
export interface CustomerRfmStateTable {
  tenant_id: string;
  computed_for: CalendarDate;
  computed_at: Timestamp;
  max_recency: number;
  max_frequency: number;
  max_monetary: number;
}

export interface BookingsDb {
  resources: ResourcesTable;
  booking_counters: BookingCountersTable;
  booking_totals: BookingTotalsTable;
  customer_groups: CustomerGroupsTable;
  customers: CustomersTable;
  bookings: BookingsTable;
  blockouts: BlockoutsTable;
  blockout_revisions: BlockoutRevisionsTable;
  resource_slots: ResourceSlotsTable;
  tenant_settings: TenantSettingsTable;
  customer_rfm_state: CustomerRfmStateTable;
  online_requests: OnlineRequestsTable;
  verified_emails: VerifiedEmailsTable;
  booking_documents: BookingDocumentsTable;
}
