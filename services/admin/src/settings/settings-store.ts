import { countryForTimezone, DEFAULT_USER_SETTINGS, isCountry, type UserSettings } from '@venue/contracts';
import { kyselyOf, type Tx } from '@venue/service-kit';
import { NOW } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';

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
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('user_settings')
    .select(['timezone', 'date_format', 'time_format', 'currency', 'tax_type', 'tax_rate', 'country'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row
    ? { settings: fromRow(row), stored: true }
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
  await kyselyOf<AdminDb>(tx)
    .insertInto('user_settings')
    .values({
      tenant_id: tenantId,
      timezone: after.timezone,
      date_format: after.dateFormat,
      time_format: after.timeFormat,
      currency: after.currency,
      tax_type: after.taxType,
      tax_rate: after.taxRate,
      updated_by: updatedBy,
      country: after.country,
    })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet((eb) => ({
        timezone: eb.ref('excluded.timezone'),
        date_format: eb.ref('excluded.date_format'),
        time_format: eb.ref('excluded.time_format'),
        currency: eb.ref('excluded.currency'),
        tax_type: eb.ref('excluded.tax_type'),
        tax_rate: eb.ref('excluded.tax_rate'),
        country: eb.ref('excluded.country'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: NOW,
      })),
    )
    .execute();
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const key of SETTINGS_KEYS) {
    if (before[key] !== after[key]) changes[key] = { old: before[key], new: after[key] };
  }
  return { settings: after, changes };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
