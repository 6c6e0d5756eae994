/** Automatic e-mail switches, reminder lead time and send hour (issue 12 item 6), per tenant. */
import {
  AUTOMATIC_EMAIL_KINDS,
  COMMS_SETTINGS_DEFAULTS,
  commsSettingsUpdateSchema,
  SMS_CAPABLE_KINDS,
  type CommsSettings,
} from '@venue/contracts/comms';
import {
  parseBody,
  requireAuth,
  requirePermission,
  requireRole,
  withTx,
  type AppRouter,
  type Selectable,
  type Tx,
} from '@venue/service-kit';
import { commsGuard, tenantOf } from '../shared.ts';
import { db, dbNow } from '../db/query.ts';
import type { CommsSettingsTable } from '../db/schema.ts';
import { ensureTenant } from '../templates/seed.ts';

async function readCommsSettings(tx: Tx, tenantId: string): Promise<CommsSettings> {
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

export function settingsRoutes(router: AppRouter): void {
  router.get('/api/email-comms/settings', ...commsGuard, async (ctx) => {
    ctx.body = { settings: await readCommsSettings(ctx.state.tx, tenantOf(ctx)) };
  });

  // A venue's settings: its owner's to change (as every Settings page).
  router.put(
    '/api/email-comms/settings',
    requireAuth,
    requirePermission('comms'),
    requireRole('hall_owner', 'super_admin'),
    withTx,
    async (ctx) => {
      const b = parseBody(ctx, commsSettingsUpdateSchema);
      const tenantId = tenantOf(ctx);
      const tx = ctx.state.tx;
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
          updated_at: dbNow(),
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
      if (before.sendHour !== after.sendHour)
        changes.sendHour = { old: before.sendHour, new: after.sendHour };
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
}
