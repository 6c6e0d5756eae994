/**
 * Admin's tables as Kysely sees them (decision 35), written by hand from `migrations/*.sql`:
 * each column as the kit's drivers return it (bigint as a number while it fits, else its decimal
 * string; timestamptz as a Date; numeric as a string; jsonb parsed; bytea as bytes), `Generated`
 * where the database fills it in. The kit's own tables (outbox, inbox, idempotency keys,
 * schema_migrations) are not here: only the kit queries them.
 *
 *   const q = kyselyOf<AdminDb>(tx);
 */
import type { Role, SessionEndReason, UserSettings } from '@venue/contracts';
import type {
  ColumnType,
  Computed as ReadOnly,
  Generated,
  Json,
  JsonWithDefault,
  Selectable,
  Timestamp,
} from '@venue/service-kit';

/** bigint through the kit's int8 parser (db/int8.ts). */
type Int8 = number | string;

export interface UsersTable {
  id: Generated<string>;
  /** own id for hall owners and super admins, the parent's for sub-users */
  tenant_id: string;
  email: string;
  password_hash: string;
  role: Role;
  name: string | null;
  hall_name: string | null;
  contact_number: string | null;
  address_line1: string | null;
  address_line2: string | null;
  postcode: string | null;
  state: string | null;
  parent_user_id: string | null;
  permissions: Generated<string[]>;
  status: Generated<'active' | 'inactive'>;
  token_version: Generated<number>;
  profile_picture: string | null;
  deleted_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  password_changed_at: Timestamp | null;
  deactivated_with_owner: Generated<boolean>;
}

export interface RefreshTokensTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  /** the session's id (sessions.id) */
  family_id: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  replaced_by: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface LoginAttemptsTable {
  /** GENERATED ALWAYS AS IDENTITY */
  id: ReadOnly<Int8>;
  email: string;
  /** the address as counted (IPv6 by its /64) */
  ip: string | null;
  at: Generated<Date>;
  success: boolean;
}

/** The format columns hold the contract's values: only writeSettings writes them, validated. */
export interface UserSettingsTable {
  tenant_id: string;
  timezone: Generated<UserSettings['timezone']>;
  date_format: Generated<UserSettings['dateFormat']>;
  time_format: Generated<UserSettings['timeFormat']>;
  currency: Generated<UserSettings['currency']>;
  tax_type: Generated<UserSettings['taxType']>;
  /** numeric(5,2): a string from both drivers */
  tax_rate: ColumnType<string, number | string | undefined, number | string>;
  updated_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  country: Generated<string>;
}

export interface AuditLogTable {
  tenant_id: string;
  id: Generated<string>;
  event_id: string;
  source: string;
  occurred_at: Timestamp;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  action: string;
  target_type: string;
  target: string | null;
  ip_address: string | null;
  additional_info: string | null;
  changes: ColumnType<unknown, string | null, never>;
  target_label: string | null;
  /** The hash chain: set by the audit_log_link trigger (migration 003). */
  seq: ReadOnly<Int8 | null>;
  prev_hash: ReadOnly<string | null>;
  hash: ReadOnly<string | null>;
}

/** Written only by the audit_log_link trigger. */
export interface AuditChainHeadsTable {
  tenant_id: string;
  last_seq: ReadOnly<Int8>;
  last_hash: ReadOnly<string>;
}

export type SettingsSection =
  | 'stripe_account'
  | 'payment_methods'
  | 'bank_details'
  | 'invoice'
  | 'business'
  | 'terms'
  | 'availability'
  | 'policies'
  | 'privacy';

export interface TenantSettingsTable {
  tenant_id: string;
  section: SettingsSection;
  value: Json;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface ProfilePicturesTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  mime_type: Generated<string>;
  /** bytea: a Buffer from node-postgres, a Uint8Array from PGlite */
  data: Uint8Array;
  width: number;
  height: number;
  created_at: Generated<Date>;
}

export interface SettingsPublishedTable {
  tenant_id: string;
  version: number;
  published_at: Generated<Date>;
  /** smallint: the snapshot shape last published (SNAPSHOT_SHAPE) */
  shape: Generated<number>;
}

export interface SessionsTable {
  tenant_id: string;
  id: string;
  user_id: string;
  created_at: Generated<Date>;
  ended_at: Timestamp | null;
  end_reason: SessionEndReason | null;
}

export interface ApiKeysTable {
  tenant_id: string;
  id: Generated<string>;
  public_id: string;
  key_hash: string;
  name: string;
  permissions: string[];
  created_by: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
}

/** Settings → Online bookings (migration 013; decision 56). */
export interface OnlineBookingsTable {
  tenant_id: string;
  enabled: Generated<boolean>;
  slug: string | null;
  resource_ids: Generated<string[]>;
  min_notice_hours: Generated<number>;
  window_days: Generated<number>;
  mode: Generated<'request' | 'hold'>;
  verify_email: Generated<boolean>;
  questions: JsonWithDefault<unknown>;
  agreement_version: Generated<number>;
  agreement_text: Generated<string>;
  cancellation_terms: Generated<string>;
  agreement_updated_at: Generated<Date>;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface OnlineAgreementsTable {
  tenant_id: string;
  version: number;
  text: string;
  cancellation_terms: string;
  created_at: Generated<Date>;
  created_by: string | null;
}

/** A venue's customer: one venue, one e-mail (lower-cased). */
export interface CustomersTable {
  tenant_id: string;
  id: Generated<string>;
  email: string;
  created_at: Generated<Date>;
  last_signed_in_at: Timestamp | null;
}

export interface PortalLinksTable {
  tenant_id: string;
  id: Generated<string>;
  email: string;
  /** hex SHA-256 of the single-use token */
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  ip: string | null;
}

export interface CustomerSessionsTable {
  tenant_id: string;
  id: string;
  customer_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: 'signed_out' | 'replayed' | null;
}

export interface CustomerRefreshTokensTable {
  tenant_id: string;
  id: string;
  session_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  replaced_by: string | null;
}

/** A venue's webhook (migration 014, decision 60); the secrets are AES-GCM sealed (webhooks/secrets.ts). */
export interface WebhooksTable {
  tenant_id: string;
  id: Generated<string>;
  url: string;
  events: string[];
  description: string | null;
  status: Generated<'active' | 'paused' | 'disabled'>;
  secret_enc: string;
  secret_created_at: Generated<Date>;
  previous_secret_enc: string | null;
  previous_secret_expires_at: Timestamp | null;
  failing_since: Timestamp | null;
  last_success_at: Timestamp | null;
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WebhookDeliveriesTable {
  tenant_id: string;
  id: Generated<string>;
  webhook_id: string;
  /** identity column: the order of deliveries (per aggregate, and the log's) */
  seq: ReadOnly<Int8>;
  event_id: string;
  type: string;
  aggregate_key: string;
  occurred_at: Timestamp;
  /** the exact JSON sent (the signature is over these bytes) */
  body: string;
  state: Generated<'pending' | 'delivered' | 'failed'>;
  attempt_count: Generated<number>;
  next_attempt_at: Timestamp | null;
  created_at: Generated<Date>;
  delivered_at: Timestamp | null;
  last_status_code: number | null;
}

export interface WebhookAttemptsTable {
  tenant_id: string;
  id: Generated<string>;
  delivery_id: string;
  attempted_at: Generated<Date>;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  answer: Generated<string>;
  answer_truncated: Generated<boolean>;
}

export interface AdminDb {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  login_attempts: LoginAttemptsTable;
  user_settings: UserSettingsTable;
  audit_log: AuditLogTable;
  audit_chain_heads: AuditChainHeadsTable;
  tenant_settings: TenantSettingsTable;
  profile_pictures: ProfilePicturesTable;
  settings_published: SettingsPublishedTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  online_bookings: OnlineBookingsTable;
  online_agreements: OnlineAgreementsTable;
  customers: CustomersTable;
  portal_links: PortalLinksTable;
  customer_sessions: CustomerSessionsTable;
  customer_refresh_tokens: CustomerRefreshTokensTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

/** A row of `users` as a query of every column returns it. */
export type UserRecord = Selectable<UsersTable>;
