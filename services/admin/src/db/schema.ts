/**
 * Admin's tables as Kysely sees them (decision 35). The columns are generated from
 * `services/admin/migrations/*.sql` into `schema.generated.ts` (`node scripts/db-types.mjs`;
 * `npm test` fails while it is stale), each as the kit's drivers return it (bigint as a number
 * through the kit's int8 parser; timestamptz as a Date; numeric as a string; jsonb parsed; bytea
 * as bytes, a Buffer from node-postgres and a Uint8Array from PGlite), insert-optional where the
 * database fills it in, never written where it alone does or the service's role may not
 * (audit_log is append-only). Here only what admin knows better than the database: the values
 * its text columns hold, and the columns its triggers fill (`Refine` keeps the database's say on
 * null and defaults). The kit's own tables (outbox, inbox, idempotency keys, schema_migrations)
 * are not generated: only the kit queries them.
 *
 *   const q = kyselyOf<AdminDb>(tx);
 */
import type { Role, SessionEndReason, UserSettings } from '@venue/contracts';
import type { Computed, Refine, RefineTables, Selectable } from '@venue/service-kit';
import type * as G from './schema.generated.ts';

/** `tenant_id` is the user's own id for hall owners and super admins, the parent's for sub-users. */
export type UsersTable = Refine<G.UsersTable, { role: Role; status: 'active' | 'inactive' }>;

/** `family_id` is the session's id (sessions.id). */
export type RefreshTokensTable = G.RefreshTokensTable;

/** `ip` is the address as counted (IPv6 by its /64). */
export type LoginAttemptsTable = G.LoginAttemptsTable;

/** The format columns hold the contract's values: only writeSettings writes them, validated. */
export type UserSettingsTable = Refine<
  G.UserSettingsTable,
  {
    timezone: UserSettings['timezone'];
    date_format: UserSettings['dateFormat'];
    time_format: UserSettings['timeFormat'];
    currency: UserSettings['currency'];
    tax_type: UserSettings['taxType'];
  }
>;

/** The hash chain: set by the audit_log_link trigger (migration 003). */
export type AuditLogTable = Refine<
  G.AuditLogTable,
  { seq: Computed<number>; prev_hash: Computed<string>; hash: Computed<string> }
>;

/** Written only by the audit_log_link trigger. */
export type AuditChainHeadsTable = Refine<
  G.AuditChainHeadsTable,
  { last_seq: Computed<number>; last_hash: Computed<string> }
>;

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

export type TenantSettingsTable = Refine<G.TenantSettingsTable, { section: SettingsSection }>;

export type ProfilePicturesTable = G.ProfilePicturesTable;

/** `shape`: the snapshot shape last published (SNAPSHOT_SHAPE). */
export type SettingsPublishedTable = G.SettingsPublishedTable;

export type SessionsTable = Refine<G.SessionsTable, { end_reason: SessionEndReason }>;

export type ApiKeysTable = G.ApiKeysTable;

/** Settings → Online bookings (migration 013; decision 56). */
export type OnlineBookingsTable = Refine<G.OnlineBookingsTable, { mode: 'request' | 'hold' }>;

export type OnlineAgreementsTable = G.OnlineAgreementsTable;

/** A venue's customer: one venue, one e-mail (lower-cased). */
export type CustomersTable = G.CustomersTable;

/** `token_hash`: hex SHA-256 of the single-use token. */
export type PortalLinksTable = G.PortalLinksTable;

export type CustomerSessionsTable = Refine<
  G.CustomerSessionsTable,
  { end_reason: 'signed_out' | 'replayed' }
>;

export type CustomerRefreshTokensTable = G.CustomerRefreshTokensTable;

/** A venue's webhook (migration 014, decision 60); the secrets are AES-GCM sealed (webhooks/secrets.ts). */
export type WebhooksTable = Refine<G.WebhooksTable, { status: 'active' | 'paused' | 'disabled' }>;

/**
 * `seq` (identity) orders the deliveries, per aggregate and in the log; `body` is the exact JSON
 * sent (the signature is over these bytes).
 */
export type WebhookDeliveriesTable = Refine<
  G.WebhookDeliveriesTable,
  { state: 'pending' | 'delivered' | 'failed' }
>;

export type WebhookAttemptsTable = G.WebhookAttemptsTable;

export type AdminDb = RefineTables<
  G.DB,
  {
    users: UsersTable;
    user_settings: UserSettingsTable;
    audit_log: AuditLogTable;
    audit_chain_heads: AuditChainHeadsTable;
    tenant_settings: TenantSettingsTable;
    sessions: SessionsTable;
    online_bookings: OnlineBookingsTable;
    customer_sessions: CustomerSessionsTable;
    webhooks: WebhooksTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
>;

/** A row of `users` as a query of every column returns it. */
export type UserRecord = Selectable<UsersTable>;
