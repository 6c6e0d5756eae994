/**
 * A service's read copy of admin's tenant settings (decision 9): admin publishes the whole
 * snapshot as `tenant.settings_changed`; bookings and catalogue store it in their own
 * `tenant_settings` table (same columns in each, see their migrations) and read it inside the
 * request's transaction. Without a copy they answer 503 instead of guessing a time zone or a
 * GST rate. Shared here so both services apply the same ordering rule.
 */
import {
  countryForTimezone,
  isCountry,
  tenantSettingsSnapshotSchema,
  type Country,
  type DomainEvent,
} from '@venue/contracts';
import type { Json } from './db/columns.ts';
import type { Tx } from './db/types.ts';
import type { Consumer } from './events/consume.ts';
import { HttpError } from './errors.ts';

/** The figures services use; `version` is admin's per-tenant counter. */
export interface SettingsCopy {
  version: number;
  timezone: string;
  dateFormat: string;
  timeFormat: string;
  currency: string;
  taxType: 'Inclusive' | 'Exclusive';
  taxRatePercent: number;
  holdExpiryHours: number;
  setupBufferMinutes: number;
  packdownBufferMinutes: number;
  /**
   * The venue's country (decision 28), kept in the stored snapshot's JSON (the copy's `snapshot`
   * column exists for fields added later); a snapshot from before it carries none, and its time
   * zone's country is what admin's migration gave the tenant too.
   */
  country: Country;
}

/**
 * What a service's schema.ts knows better than its generated `tenant_settings` table, which
 * this module writes: `snapshot` holds admin's snapshot as sent
 * (`tenant_settings: Refine<G.TenantSettingsTable, SettingsCopyColumns>`).
 */
export type SettingsCopyColumns = { snapshot: Json<Record<string, unknown>> };

/** The 503's message: `area` is how the venue knows the service ("Bookings", "the catalogue"). */
export const settingsNotReceivedMessage = (area: string) =>
  `This venue's settings have not reached ${area} yet. Try again in a minute.`;

/**
 * Consumer body of `tenant.settings_changed`: stores the snapshot unless the copy already holds
 * this version or a newer one (events may arrive late, twice, or out of order). Returns whether
 * the copy changed. Data that breaks the contract throws, so the sender keeps it and retries
 * visibly instead of the copy silently going stale.
 */
export async function storeSettingsSnapshot(tx: Tx, event: DomainEvent): Promise<boolean> {
  const s = tenantSettingsSnapshotSchema.parse(event.data);
  // ON CONFLICT … WHERE runs on the row as committed (locked), so two deliveries racing still
  // leave the higher version in place.
  const { rowCount } = await tx.query(
    `INSERT INTO tenant_settings (tenant_id, version, timezone, date_format, time_format, currency, tax_type,
        tax_rate_percent, hold_expiry_hours, setup_buffer_minutes, packdown_buffer_minutes, snapshot, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (tenant_id) DO UPDATE SET version = EXCLUDED.version, timezone = EXCLUDED.timezone,
        date_format = EXCLUDED.date_format, time_format = EXCLUDED.time_format, currency = EXCLUDED.currency,
        tax_type = EXCLUDED.tax_type, tax_rate_percent = EXCLUDED.tax_rate_percent,
        hold_expiry_hours = EXCLUDED.hold_expiry_hours, setup_buffer_minutes = EXCLUDED.setup_buffer_minutes,
        packdown_buffer_minutes = EXCLUDED.packdown_buffer_minutes, snapshot = EXCLUDED.snapshot,
        published_at = EXCLUDED.published_at, received_at = now()
      WHERE tenant_settings.version < EXCLUDED.version`,
    [
      s.tenantId,
      s.version,
      s.timezone,
      s.dateFormat,
      s.timeFormat,
      s.currency,
      s.taxType,
      s.taxRatePercent,
      s.holdExpiryHours,
      s.setupBufferMinutes,
      s.packdownBufferMinutes,
      JSON.stringify(s),
      s.updatedAt,
    ],
  );
  return rowCount > 0;
}

/** The consumer of `tenant.settings_changed` that keeps the copy (storeSettingsSnapshot). */
export const settingsCopyConsumer: Consumer<'tenant.settings_changed'> = async (event, tx) => {
  await storeSettingsSnapshot(tx, event);
};

interface Row {
  version: number;
  timezone: string;
  date_format: string;
  time_format: string;
  currency: string;
  tax_type: string;
  tax_rate_percent: string | number; // numeric: a string from node-postgres
  hold_expiry_hours: number;
  setup_buffer_minutes: number;
  packdown_buffer_minutes: number;
  country: string | null;
}

/** The tenant's copy, or null when no snapshot has arrived yet. */
export async function readSettingsCopy(tx: Tx, tenantId: string): Promise<SettingsCopy | null> {
  const { rows } = await tx.query<Row>(
    `SELECT version, timezone, date_format, time_format, currency, tax_type, tax_rate_percent,
            hold_expiry_hours, setup_buffer_minutes, packdown_buffer_minutes, snapshot->>'country' AS country
       FROM tenant_settings WHERE tenant_id = $1`,
    [tenantId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    version: Number(r.version),
    timezone: r.timezone,
    dateFormat: r.date_format,
    timeFormat: r.time_format,
    currency: r.currency,
    taxType: r.tax_type === 'Exclusive' ? 'Exclusive' : 'Inclusive',
    taxRatePercent: Number(r.tax_rate_percent),
    holdExpiryHours: Number(r.hold_expiry_hours),
    setupBufferMinutes: Number(r.setup_buffer_minutes),
    packdownBufferMinutes: Number(r.packdown_buffer_minutes),
    country: isCountry(r.country) ? r.country : countryForTimezone(r.timezone),
  };
}

/** The tenant's copy, or 503 with {@link settingsNotReceivedMessage} when it has none. */
export async function requireSettingsCopy(tx: Tx, tenantId: string, area: string): Promise<SettingsCopy> {
  const copy = await readSettingsCopy(tx, tenantId);
  if (!copy) throw new HttpError(503, settingsNotReceivedMessage(area), { reason: 'settings-not-received' });
  return copy;
}
