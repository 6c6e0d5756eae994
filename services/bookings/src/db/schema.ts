/**
 * Bookings' tables as Kysely sees them (decision 35). The columns are generated from
 * `services/bookings/migrations/*.sql` into `schema.generated.ts` (`node scripts/db-types.mjs`;
 * `npm test` fails while it is stale), each as the kit's drivers return it (node-postgres and
 * PGlite alike): bigint as a number (the kit's int8 parser; cents stay far below 2^53),
 * timestamptz as a Date, jsonb parsed, numeric as its decimal text, a range as its text (written
 * through `tstzrange(…)` in the sql tag), date as `CalendarDate` (selected as text,
 * `to_char(…, 'YYYY-MM-DD')`, wherever the code reads it, so both drivers agree). Here only what
 * bookings knows better than the database: the values its text columns hold and the shapes of its
 * jsonb (`Refine` keeps the database's say on null and defaults). The kit's own tables (outbox,
 * inbox, idempotency keys, schema_migrations) are not bookings' to query and are not generated,
 * nor is booking_search, which the service's role reaches only through booking_search_ids().
 */
import type { OpeningHours } from '@venue/contracts';
import type { BookingSource, BookingStatus, CustomerTier, Priority } from '@venue/contracts/bookings';
import type { Json, Refine, RefineTables, SettingsCopyColumns } from '@venue/service-kit';
import type * as G from './schema.generated.ts';

/**
 * Copy of the catalogue's resources (resource.* events, or a fetch from the catalogue); `hours`
 * are the opening hours per weekday from its events (migration 021), null before the first.
 */
export type ResourcesTable = Refine<G.ResourcesTable, { hours: Json<OpeningHours> }>;

/** Each tenant's number of bookings, kept by triggers on bookings (migration 015). */
export type BookingTotalsTable = G.BookingTotalsTable;

/** Each tenant's number of customers per segment, VIP and not-for-profit, kept by triggers on customers (migration 018). */
export type CustomerGroupsTable = G.CustomerGroupsTable;

/** One row per tenant and year: the last booking code number taken. */
export type BookingCountersTable = G.BookingCountersTable;

/**
 * `id` is CUST-… (spec 02 §3.4). The stored figures (migration 005) are written by
 * customer_summary_refresh only; `last_active_date` is '-infinity' when no booking is kept.
 */
export type CustomersTable = G.CustomersTable;

/**
 * `status` is held to the API's statuses by the table's CHECK. `slot` is the event plus buffers:
 * what it blocks. The stored money figures (migration 007) are all NULL together or all set;
 * `series_id` is the recurring series (migration 009), null for a one-off booking; the online_*,
 * agreement_* and client_address columns are set for a booking requested on the venue's booking
 * page (migration 021), null otherwise.
 */
export type BookingsTable = Refine<
  G.BookingsTable,
  {
    status: BookingStatus;
    price_details: Json<Record<string, unknown>>;
    add_ons: Json<{ id: string; name: string; quantity: number; priceCents: number }[]>;
    booking_source: BookingSource;
    priority: Priority;
    customer_tier: CustomerTier;
    docs: Json<{ idVerified: boolean; insuranceVerified: boolean }>;
    payment_details: Json<Record<string, unknown>>;
    change_request: Json<{ message: string; at: string }>;
    online_answers: Json<OnlineAnswer[]>;
  }
>;

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
export type OnlineRequestsTable = Refine<
  G.OnlineRequestsTable,
  { payload: Json<Record<string, unknown>>; outcome: Json<Record<string, unknown>> }
>;

/** Addresses verified for a venue by opening its link (migration 021). */
export type VerifiedEmailsTable = G.VerifiedEmailsTable;

/** A customer's ID or insurance document of a booking, the file in the row (migration 021). */
export type BookingDocumentsTable = Refine<G.BookingDocumentsTable, { kind: 'id' | 'insurance' }>;

/**
 * Block-outs replicated from the catalogue, one row per resource. `claimed`: it holds its slot in
 * resource_slots; false: kept as an alert until the time is free.
 */
export type BlockoutsTable = G.BlockoutsTable;

/** The guarantee: one row per blocking booking or claimed block-out, under the exclusion constraint. */
export type ResourceSlotsTable = Refine<G.ResourceSlotsTable, { kind: 'booking' | 'blockout' }>;

/**
 * The last write bookings applied of each block-out the catalogue reserved (migration 020,
 * decision 55): writes of a block-out apply in revision order, and none after its release.
 */
export type BlockoutRevisionsTable = G.BlockoutRevisionsTable;

/** The tenant's maxima the customers' scores are relative to (migration 005). */
export type CustomerRfmStateTable = G.CustomerRfmStateTable;

export type BookingsDb = RefineTables<
  G.DB,
  {
    resources: ResourcesTable;
    bookings: BookingsTable;
    online_requests: OnlineRequestsTable;
    booking_documents: BookingDocumentsTable;
    resource_slots: ResourceSlotsTable;
    tenant_settings: Refine<G.TenantSettingsTable, SettingsCopyColumns>;
  }
>;
