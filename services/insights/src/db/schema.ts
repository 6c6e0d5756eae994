/**
 * Insights' tables as Kysely sees them (decision 35). The columns are generated from
 * `services/insights/migrations/*.sql` into `schema.generated.ts` (`node scripts/db-types.mjs`;
 * `npm test` fails while it is stale), each as the kit's drivers return it (node-postgres and
 * PGlite alike): bigint as a number (the kit's int8 parser; cents are capped by the contracts),
 * timestamptz as a Date, jsonb parsed, numeric as its decimal text, arrays as arrays, date as
 * `CalendarDate`. Here only what insights knows better than the database: the values its text
 * columns hold and the shapes of its jsonb (`Refine` keeps the database's say on null and
 * defaults). The kit's own tables (outbox, inbox, idempotency keys, schema_migrations) are not
 * insights' to query and are not generated.
 */
import type { OpeningHours } from '@venue/contracts';
import type { ReportFrequency, ReportSchedule } from '@venue/contracts/insights';
import type { ColumnType, Json, Refine, RefineTables } from '@venue/service-kit';
import type * as G from './schema.generated.ts';

/** The kit's settings copy, its snapshot typed as far as insights reads it (the venue's name). */
export type TenantSettingsTable = Refine<G.TenantSettingsTable, { snapshot: Json<SettingsSnapshot> }>;

/** The part of the settings snapshot insights reads (jsonb, parsed by the driver). */
export interface SettingsSnapshot {
  payment?: { businessName?: string | null };
  [key: string]: unknown;
}

/** The catalogue's resources (resource.*); a deleted one keeps its row. `hours`: the code still accepts its text. */
export type ResourcesTable = Refine<
  G.ResourcesTable,
  { hours: ColumnType<OpeningHours | string, string, string> }
>;

/** The catalogue's block-outs (blockout.*) with their resources. */
export type BlockoutsTable = G.BlockoutsTable;

/**
 * Bookings (booking.*): the whole booking as the Dashboard and Reports need it.
 * `furthest_stage` (smallint) only grows: 0 request, 1 held, 2 confirmed, 3 completed.
 */
export type BookingsTable = G.BookingsTable;

/** Money's invoices (invoice.*, payment.recorded). */
export type InvoicesTable = G.InvoicesTable;

/** Money's payments, refunds and reversals (payment.recorded). */
export type PaymentsTable = G.PaymentsTable;

/** Money's adjustment notes (credit_note.issued). */
export type CreditNotesTable = G.CreditNotesTable;

/** Bonds on record (bond.*). */
export type BondsTable = G.BondsTable;

/** Audit entries (audit.recorded): Recent Activity. */
export type ActivityTable = G.ActivityTable;

/** Resolve and Dismiss on Alerts & Tasks, per user. */
export type AlertActionsTable = Refine<G.AlertActionsTable, { action: 'resolved' | 'dismissed' }>;

/** Money's quotations as their e-mail events describe them (quotation.sent|declined). */
export type QuotationsTable = G.QuotationsTable;

/**
 * E-mails and SMS comms gave up on (email.failed). `channel` is `sms` when the event's recipient
 * was an E.164 number (migration 022); `to_email` is then that number.
 */
export type FailedEmailsTable = Refine<G.FailedEmailsTable, { channel: 'email' | 'sms' }>;

/** Scheduled report e-mails (Schedule Email); `send_hour` (smallint) 0–23 at the venue. */
export type ReportSchedulesTable = Refine<
  G.ReportSchedulesTable,
  {
    frequency: ReportFrequency;
    period: ReportSchedule['period'];
    segments: ReportSchedule['segments'];
  }
>;

export type InsightsDb = RefineTables<
  G.DB,
  {
    tenant_settings: TenantSettingsTable;
    resources: ResourcesTable;
    alert_actions: AlertActionsTable;
    failed_emails: FailedEmailsTable;
    report_schedules: ReportSchedulesTable;
  }
>;
