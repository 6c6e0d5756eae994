/** Automatic e-mail switches, reminder lead time and send hour (issue 12 item 6), per tenant. */
import {
  AUTOMATIC_EMAIL_KINDS,
  COMMS_SETTINGS_DEFAULTS,
  SMS_CAPABLE_KINDS,
  type CommsSettings,
} from '@venue/contracts/comms';
import { type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import { ensureTenant } from '../templates/seed.ts';

export async function readCommsSettings(tx: Tx, tenantId: string): Promise<CommsSettings> {
  await ensureTenant(tx, tenantId);
  const r = await db(tx)
    .selectFrom('comms_settings')
    .select(['automatic', 'reminder_days_before', 'send_hour', 'channels'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return {
    // kinds added after the row was written are on, like the defaults
    automatic: Object.fromEntries(
      AUTOMATIC_EMAIL_KINDS.map((k) => [k, r.automatic?.[k] ?? COMMS_SETTINGS_DEFAULTS.automatic[k]]),
    ) as CommsSettings['automatic'],
    reminderDaysBefore: Number(r.reminder_days_before),
    sendHour: Number(r.send_hour),
    channels: Object.fromEntries(
      SMS_CAPABLE_KINDS.map((k) => [k, r.channels?.[k] ?? COMMS_SETTINGS_DEFAULTS.channels[k]]),
    ) as CommsSettings['channels'],
  };
}
