/**
 * A tenant's first contact with comms (first read of templates or settings, first booking event):
 * its settings row and default templates, created once. The settings row is the claim: of two
 * transactions racing, the second's insert waits for the first's row and then inserts nothing,
 * so the templates are seeded exactly once, in the same transaction as the claim.
 */
import { COMMS_SETTINGS_DEFAULTS } from '@venue/contracts/comms';
import { sql, type Tx } from '@venue/service-kit';
import { db, NOW } from '../db/query.ts';
import { DEFAULT_TEMPLATES } from './defaults.ts';

export async function ensureTenant(tx: Tx, tenantId: string): Promise<void> {
  const claimed = await db(tx)
    .insertInto('comms_settings')
    .values({
      tenant_id: tenantId,
      automatic: JSON.stringify(COMMS_SETTINGS_DEFAULTS.automatic),
      reminder_days_before: COMMS_SETTINGS_DEFAULTS.reminderDaysBefore,
      send_hour: COMMS_SETTINGS_DEFAULTS.sendHour,
    })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .returning('tenant_id')
    .execute();
  if (claimed.length === 0) return;
  for (const [i, t] of DEFAULT_TEMPLATES.entries())
    await db(tx)
      .insertInto('email_templates')
      .values({
        tenant_id: tenantId,
        name: t.name,
        type: t.type ?? 'email',
        subject: t.subject,
        body: t.body,
        kind: t.kind,
        // created_at spaced by a millisecond so the list keeps this order
        // sql: make_interval's named argument (secs =>), which the builder's function calls cannot pass
        created_at: sql<Date>`now() + make_interval(secs => ${i}::int / 1000.0)`,
        updated_at: NOW,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/**
 * The venue's automatic e-mail switches and send hour, its settings row (and default templates)
 * made on first contact. Read first: after a venue's first event the row is there, and claiming
 * it again on every event was an INSERT for nothing (issue 27).
 */
export async function sendingSettings(tx: Tx, tenantId: string) {
  const read = () =>
    db(tx)
      .selectFrom('comms_settings')
      .select(['automatic', 'send_hour'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
  const found = await read();
  if (found) return found;
  await ensureTenant(tx, tenantId);
  return read();
}
