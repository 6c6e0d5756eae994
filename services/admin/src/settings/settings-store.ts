import { countryForTimezone, DEFAULT_USER_SETTINGS, isCountry, type UserSettings } from '@venue/contracts';
import type { Tx } from '@venue/service-kit';

interface SettingsRow {
  timezone: UserSettings['timezone'];
  date_format: UserSettings['dateFormat'];
  time_format: UserSettings['timeFormat'];
  currency: UserSettings['currency'];
  tax_type: UserSettings['taxType'];
  tax_rate: string | number; // numeric: a string from node-postgres
  country: string;
}

const SETTINGS_KEYS = Object.keys(DEFAULT_USER_SETTINGS) as Array<keyof UserSettings>;

function fromRow(row: SettingsRow): UserSettings {
  const taxRate = Number(row.tax_rate);
  return {
    timezone: row.timezone,
    dateFormat: row.date_format,
    timeFormat: row.time_format,
    currency: row.currency,
    taxType: row.tax_type,
    country: isCountry(row.country) ? row.country : countryForTimezone(row.timezone),
    // spec 01 §5: an invalid stored rate falls back to 10
    taxRate:
      Number.isFinite(taxRate) && taxRate >= 0 && taxRate <= 100 ? taxRate : DEFAULT_USER_SETTINGS.taxRate,
  };
}

/** The tenant's settings, or the spec defaults when none are stored yet. */
export async function readSettings(tx: Tx, tenantId: string): Promise<UserSettings> {
  return (await readStored(tx, tenantId)).settings;
}

async function readStored(tx: Tx, tenantId: string): Promise<{ settings: UserSettings; stored: boolean }> {
  const { rows } = await tx.query<SettingsRow>(
    `SELECT timezone, date_format, time_format, currency, tax_type, tax_rate, country FROM user_settings WHERE tenant_id = $1`,
    [tenantId],
  );
  return rows[0]
    ? { settings: fromRow(rows[0]), stored: true }
    : { settings: { ...DEFAULT_USER_SETTINGS }, stored: false };
}

/** Writes the full settings object (defaults filled in) and returns what changed. */
export async function writeSettings(
  tx: Tx,
  tenantId: string,
  update: Partial<UserSettings>,
  updatedBy: string | null,
): Promise<{ settings: UserSettings; changes: Record<string, { old: unknown; new: unknown }> }> {
  const { settings: before, stored } = await readStored(tx, tenantId);
  const after: UserSettings = { ...before, ...stripUndefined(update) };
  // A tenant saving for the first time without naming a country gets its time zone's.
  if (!stored && update.country === undefined) after.country = countryForTimezone(after.timezone);
  await tx.query(
    `INSERT INTO user_settings (tenant_id, timezone, date_format, time_format, currency, tax_type, tax_rate, updated_by, country)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (tenant_id) DO UPDATE SET
       timezone = EXCLUDED.timezone, date_format = EXCLUDED.date_format, time_format = EXCLUDED.time_format,
       currency = EXCLUDED.currency, tax_type = EXCLUDED.tax_type, tax_rate = EXCLUDED.tax_rate,
       country = EXCLUDED.country, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [
      tenantId,
      after.timezone,
      after.dateFormat,
      after.timeFormat,
      after.currency,
      after.taxType,
      after.taxRate,
      updatedBy,
      after.country,
    ],
  );
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const key of SETTINGS_KEYS) {
    if (before[key] !== after[key]) changes[key] = { old: before[key], new: after[key] };
  }
  return { settings: after, changes };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
