/**
 * Column types every service's Kysely tables use (decision 35), as the kit's drivers return
 * them on node-postgres and PGlite alike: bigint as a number (the kit's int8 parser; cents are
 * capped by the contracts), timestamptz as a Date, date as a Date or its text (services cast it
 * to text where they select it), jsonb written as JSON text (node-postgres would turn a JS array
 * into a PostgreSQL array) and read parsed.
 */
import type { ColumnType, Generated } from 'kysely';

/** uuid filled by `gen_random_uuid()` when not given. */
export type GeneratedId = Generated<string>;
/** timestamptz: a Date read; a Date or an ISO string written. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** timestamptz with a `now()` default. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** date: written as yyyy-MM-dd. */
export type CalendarDate = ColumnType<Date | string, string, string>;
export type NullableDate = ColumnType<Date | string | null, string | null | undefined, string | null>;
/** jsonb written as JSON text. */
export type Json<T = unknown> = ColumnType<T, string, string>;
export type JsonWithDefault<T = unknown> = ColumnType<T, string | undefined, string>;
export type NullableJson<T = unknown> = ColumnType<T | null, string | null | undefined, string | null>;
/** numeric: read as its decimal text (both drivers), written as a number or text. */
export type Numeric = ColumnType<string, string | number, string | number>;
/** bigint cents. */
export type Cents = number;
export type DefaultCents = Generated<number>;
/** Filled by the database alone (a generated column, a trigger): never written by the code. */
export type Computed<T> = ColumnType<T, never, never>;

/**
 * The copy of admin's settings each service keeps per tenant (`tenant.settings_changed`),
 * written by the kit's settings copy (`settings-copy.ts`); same columns in every service.
 */
export interface TenantSettingsTable {
  tenant_id: string;
  version: number;
  timezone: string;
  date_format: string;
  time_format: string;
  currency: string;
  tax_type: string;
  /** numeric(5, 2): the decimal text. */
  tax_rate_percent: ColumnType<string, string | number, string | number>;
  hold_expiry_hours: number;
  setup_buffer_minutes: number;
  packdown_buffer_minutes: number;
  snapshot: Json<Record<string, unknown>>;
  published_at: Timestamp;
  received_at: DefaultTimestamp;
}
