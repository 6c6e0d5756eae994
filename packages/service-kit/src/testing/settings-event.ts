import { TENANT_SETTINGS_CHANGED, type DomainEvent, type TenantSettingsSnapshot } from '@venue/contracts';
import { testEvent } from './domain-event.ts';

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
      ...over,
    },
    now,
  );
}
