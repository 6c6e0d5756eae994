/**
 * The tenant's settings as bookings knows them: its own copy of admin's snapshot
 * (`tenant.settings_changed`, decision 9), read inside the request's transaction. A tenant
 * whose snapshot has not arrived gets a 503, never Sydney time and 10 % GST by guess.
 */
import {
  readSettingsCopy,
  requireSettingsCopy,
  storeSettingsSnapshot,
  type Consumer,
  type SettingsCopy,
  type Tx,
} from '@venue/service-kit';

export type TenantSettings = SettingsCopy;

export const tenantSettingsEvent: Consumer<'tenant.settings_changed'> = async (event, tx) => {
  await storeSettingsSnapshot(tx, event);
};

/** The copy for `tenantId`, or 503 "This venue's settings have not reached Bookings yet…". */
export const tenantSettings = (tx: Tx, tenantId: string): Promise<TenantSettings> =>
  requireSettingsCopy(tx, tenantId, 'Bookings');

/** The copy, or null (for the sweeps, which skip a tenant without one rather than fail). */
export const readTenantSettings = (tx: Tx, tenantId: string): Promise<TenantSettings | null> =>
  readSettingsCopy(tx, tenantId);
