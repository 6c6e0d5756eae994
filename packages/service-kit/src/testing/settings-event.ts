import { TENANT_SETTINGS_CHANGED, type DomainEvent, type TenantSettingsSnapshot } from '@venue/contracts';
import type { SettingsCopy } from '../settings-copy.ts';
import { testEvent } from './domain-event.ts';

/** The spec's settings of a new venue, as admin publishes them in its snapshot. */
const NEW_VENUE_SETTINGS = {
  timezone: 'Australia/Sydney',
  dateFormat: 'DD/MM/YYYY',
  timeFormat: '12h',
  currency: 'AUD',
  taxType: 'Inclusive',
  taxRatePercent: 10,
  invoiceGstRatePercent: 10,
  holdExpiryHours: 48,
  setupBufferMinutes: 15,
  packdownBufferMinutes: 15,
} as const satisfies Partial<TenantSettingsSnapshot>;

/**
 * Admin's `tenant.settings_changed` as it publishes it for a new tenant (the spec's defaults:
 * Australia/Sydney, 10 % GST inclusive, 48 h holds, 15-minute buffers), changed by `over`.
 * Service tests deliver it with `kit.handleEvent` to seed their settings copy.
 */
export function settingsChangedEvent(
  tenantId: string,
  version: number,
  over: Partial<TenantSettingsSnapshot> = {},
): DomainEvent<TenantSettingsSnapshot> {
  const now = new Date().toISOString();
  return testEvent<TenantSettingsSnapshot>(
    TENANT_SETTINGS_CHANGED,
    'admin',
    tenantId,
    {
      schemaVersion: 1,
      tenantId,
      version,
      updatedAt: now,
      ...NEW_VENUE_SETTINGS,
      ...over,
    },
    now,
  );
}

/**
 * A venue's settings copy as a service reads it (`readSettingsCopy`) once admin's first snapshot
 * has arrived, changed by `over`: for a unit test of code that takes the copy.
 */
export function settingsCopy(over: Partial<SettingsCopy> = {}): SettingsCopy {
  const { invoiceGstRatePercent: _, ...settings } = NEW_VENUE_SETTINGS;
  return { version: 1, ...settings, country: 'AU', ...over };
}
