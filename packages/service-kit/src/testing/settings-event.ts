import { randomUUID } from 'node:crypto';
import { TENANT_SETTINGS_CHANGED, type DomainEvent, type TenantSettingsSnapshot } from '@venue/contracts';

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
  return {
    id: randomUUID(),
    type: TENANT_SETTINGS_CHANGED,
    source: 'admin',
    tenantId,
    occurredAt: now,
    data: {
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
  };
}
