/** The Automatic e-mails settings: read with the comms page key, changed by the venue's owner. */
import { AUTOMATIC_EMAIL_KINDS, SMS_CAPABLE_KINDS } from '@venue/contracts/comms';
import { operation, requireAuth, requirePermission, requireRole, type Selectable } from '@venue/service-kit';
import { db, NOW } from '../../db/query.ts';
import type { CommsSettingsTable } from '../../db/schema.ts';
import { tenantOf } from '../../shared/request.ts';
import { readCommsSettings } from '../comms-settings.ts';

export const getCommsSettings = operation('get /api/email-comms/settings', async ({ ctx, tx }) => ({
  settings: await readCommsSettings(tx, tenantOf(ctx)),
}));

/** A venue's settings: its owner's to change (as every Settings page). */
export const putCommsSettings = operation(
  'put /api/email-comms/settings',
  { guard: [requireAuth, requirePermission('comms'), requireRole('hall_owner', 'super_admin')] },
  async ({ ctx, tx, body: b }) => {
    const tenantId = tenantOf(ctx);
    const before = await readCommsSettings(tx, tenantId);
    const automatic = Object.fromEntries(
      Object.entries(b.automatic ?? {}).filter(([, v]) => v !== undefined),
    ) as Record<string, boolean>;
    const channels = Object.fromEntries(
      Object.entries(b.channels ?? {}).filter(([, v]) => v !== undefined),
    ) as Record<string, 'email' | 'sms' | 'both'>;
    // Merged in the statement (jsonb ||), so two owners switching different kinds both stick.
    await db(tx)
      .updateTable('comms_settings')
      .set((eb) => ({
        automatic: eb(
          eb.ref('automatic'),
          '||',
          eb.cast<Selectable<CommsSettingsTable>['automatic']>(eb.val(JSON.stringify(automatic)), 'jsonb'),
        ).$castTo<string>(),
        reminder_days_before: eb.fn.coalesce(
          eb.val(b.reminderDaysBefore ?? null),
          eb.ref('reminder_days_before'),
        ),
        send_hour: eb.fn.coalesce(eb.val(b.sendHour ?? null), eb.ref('send_hour')),
        channels: eb(
          eb.ref('channels'),
          '||',
          eb.cast<Selectable<CommsSettingsTable>['channels']>(eb.val(JSON.stringify(channels)), 'jsonb'),
        ).$castTo<string>(),
        updated_at: NOW,
      }))
      .where('tenant_id', '=', tenantId)
      .execute();
    const after = await readCommsSettings(tx, tenantId);
    const changes: Record<string, { old: unknown; new: unknown }> = {};
    for (const k of AUTOMATIC_EMAIL_KINDS)
      if (before.automatic[k] !== after.automatic[k])
        changes[`automatic.${k}`] = { old: before.automatic[k], new: after.automatic[k] };
    if (before.reminderDaysBefore !== after.reminderDaysBefore)
      changes.reminderDaysBefore = { old: before.reminderDaysBefore, new: after.reminderDaysBefore };
    for (const k of SMS_CAPABLE_KINDS)
      if (before.channels[k] !== after.channels[k])
        changes[`channels.${k}`] = { old: before.channels[k], new: after.channels[k] };
    if (before.sendHour !== after.sendHour) changes.sendHour = { old: before.sendHour, new: after.sendHour };
    if (Object.keys(changes).length)
      await tx.audit(ctx, {
        action: 'email_settings_updated',
        targetType: 'settings',
        target: 'Automatic e-mails',
        changes,
      });
    ctx.body = { settings: after, message: 'Email settings saved.' };
  },
);
