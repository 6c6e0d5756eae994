/**
 * Insights' tables as Kysely sees them (decision 35), written by hand from
 * `services/insights/migrations/*.sql`: a table or column added there is added here.
 * Types are what the kit's drivers return (node-postgres and PGlite alike): bigint as a number
 * (the kit's int8 parser; cents are capped by the contracts), timestamptz as a Date, jsonb
 * parsed (the code still accepts its text), numeric as its decimal text, arrays as arrays.
 * The kit's own tables (outbox, inbox, idempotency keys, audit, schema_migrations) are not
 * insights' to query and stay out.
 */
import type { OpeningHours } from '@venue/contracts';
import type { ReportFrequency, ReportSchedule } from '@venue/contracts/insights';
import type {
  CalendarDate,
  Cents,
  ColumnType,
  DefaultCents,
  DefaultTimestamp,
  Generated,
  GeneratedId,
  Json,
  NullableDate,
  NullableTimestamp,
  TenantSettingsTable as KitSettingsTable,
  Timestamp,
} from '@venue/service-kit';

/** The kit's settings copy, its snapshot typed as far as insights reads it (the venue's name). */
export interface TenantSettingsTable extends Omit<KitSettingsTable, 'snapshot'> {
  snapshot: Json<SettingsSnapshot>;
}

/** The part of the settings snapshot insights reads (jsonb, parsed by the driver). */
export interface SettingsSnapshot {
  payment?: { businessName?: string | null };
  [key: string]: unknown;
}

/** The catalogue's resources (resource.*); a deleted one keeps its row. */
export interface ResourcesTable {
  tenant_id: string;
  id: string;
  name: string;
  status: string;
  /** jsonb; the code still accepts its text. */
  hours: ColumnType<OpeningHours | string | null, string | null, string | null>;
  deleted: Generated<boolean>;
  version_at: Timestamp;
  setup_buffer_minutes: Generated<number>;
  packdown_buffer_minutes: Generated<number>;
}

/** The catalogue's block-outs (blockout.*) with their resources. */
export interface BlockoutsTable {
  tenant_id: string;
  id: string;
  resource_ids: string[];
  starts_at: Timestamp;
  ends_at: Timestamp;
  reason: string | null;
  deleted: Generated<boolean>;
  version_at: Timestamp;
}

/** Bookings (booking.*): the whole booking as the Dashboard and Reports need it. */
export interface BookingsTable {
  tenant_id: string;
  id: string;
  booking_code: string;
  customer_id: string | null;
  customer_name: string;
  customer_email: string;
  resource_id: string;
  resource_name: string;
  title: string;
  status: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  hold_expires_at: NullableTimestamp;
  last_hold_expires_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  id_verified: Generated<boolean>;
  insurance_verified: Generated<boolean>;
  bond_required: Generated<boolean>;
  bond_cents: DefaultCents;
  bond_paid: Generated<boolean>;
  total_cents: DefaultCents;
  created_at: Timestamp;
  version_at: Timestamp;
  customer_tier: Generated<string>;
  booking_source: Generated<string>;
  quotation_id: string | null;
  cancellation_reason: string | null;
  setup_buffer_minutes: Generated<number>;
  packdown_buffer_minutes: Generated<number>;
  /** smallint, only grows: 0 request, 1 held, 2 confirmed, 3 completed. */
  furthest_stage: Generated<number>;
}

/** Money's invoices (invoice.*, payment.recorded). */
export interface InvoicesTable {
  tenant_id: string;
  id: string;
  invoice_number: string | null;
  type: string;
  status: string;
  booking_id: string | null;
  booking_code: string | null;
  customer_name: string;
  customer_email: string;
  issue_date: NullableDate;
  due_date: CalendarDate;
  total_cents: Cents;
  paid_cents: Cents;
  credited_cents: Cents;
  balance_cents: Cents;
  version_at: Timestamp;
}

/** Money's payments, refunds and reversals (payment.recorded). */
export interface PaymentsTable {
  tenant_id: string;
  id: string;
  invoice_id: string;
  kind: string;
  amount_cents: Cents;
  method: string;
  processed_at: Timestamp;
}

/** Money's adjustment notes (credit_note.issued). */
export interface CreditNotesTable {
  tenant_id: string;
  id: string;
  invoice_id: string;
  amount_cents: Cents;
  created_at: Timestamp;
}

/** Bonds on record (bond.*). */
export interface BondsTable {
  tenant_id: string;
  id: string;
  booking_id: string;
  status: string;
  version_at: Timestamp;
}

/** Audit entries (audit.recorded): Recent Activity. */
export interface ActivityTable {
  tenant_id: string;
  event_id: string;
  at: Timestamp;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  action: string;
  target_type: string;
  target: string | null;
  target_label: string | null;
}

/** Resolve and Dismiss on Alerts & Tasks, per user. */
export interface AlertActionsTable {
  tenant_id: string;
  user_id: string;
  alert_key: string;
  action: 'resolved' | 'dismissed';
  at: DefaultTimestamp;
}

/** Money's quotations as their e-mail events describe them (quotation.sent|declined). */
export interface QuotationsTable {
  tenant_id: string;
  id: string;
  status: string;
  total_cents: Cents;
  sent_at: NullableTimestamp;
  declined_at: NullableTimestamp;
  version_at: Timestamp;
}

/** E-mails and SMS comms gave up on (email.failed). */
export interface FailedEmailsTable {
  tenant_id: string;
  email_id: string;
  /** `sms` when the event's recipient was an E.164 number (migration 022). */
  channel: Generated<'email' | 'sms'>;
  /** The e-mail address, or the SMS's E.164 number. */
  to_email: string;
  to_name: string;
  subject: string;
  reason: string;
  bounced: boolean;
  booking_id: string | null;
  failed_at: Timestamp;
}

/** Scheduled report e-mails (Schedule Email). */
export interface ReportSchedulesTable {
  tenant_id: string;
  id: GeneratedId;
  frequency: ReportFrequency;
  recipients: string[];
  /** smallint, 0–23 at the venue. */
  send_hour: number;
  period: ReportSchedule['period'];
  segments: ReportSchedule['segments'];
  anchor_date: CalendarDate;
  next_send_date: CalendarDate;
  next_send_at: Timestamp;
  last_due_date: NullableDate;
  last_sent_at: NullableTimestamp;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface InsightsDb {
  tenant_settings: TenantSettingsTable;
  resources: ResourcesTable;
  blockouts: BlockoutsTable;
  bookings: BookingsTable;
  invoices: InvoicesTable;
  payments: PaymentsTable;
  credit_notes: CreditNotesTable;
  bonds: BondsTable;
  activity: ActivityTable;
  alert_actions: AlertActionsTable;
  quotations: QuotationsTable;
  failed_emails: FailedEmailsTable;
  report_schedules: ReportSchedulesTable;
}
