import { requireSettingsCopy, storeSettingsSnapshot, type Consumer, type Tx } from '@venue/service-kit';

/**
 * The venue's IANA time zone from the catalogue's copy of admin's settings
 * (`tenant.settings_changed`, decision 9), read in the request's transaction. A tenant whose
 * settings have not arrived gets a 503: a block-out placed on a guessed clock would block the
 * wrong hours.
 */
export async function venueTimeZone(tx: Tx, tenantId: string): Promise<string> {
  return (await requireSettingsCopy(tx, tenantId, 'the catalogue')).timezone;
}

/** Keeps the copy: the newest version per tenant, whatever order events arrive in. */
export const tenantSettingsEvent: Consumer<'tenant.settings_changed'> = async (event, tx) => {
  await storeSettingsSnapshot(tx, event);
};
