/**
 * A tenant's first contact with comms (first read of templates or settings, first booking event):
 * its settings row and default templates, created once. The settings row is the claim: of two
 * transactions racing, the second's insert waits for the first's row and then inserts nothing,
 * so the templates are seeded exactly once, in the same transaction as the claim.
 */
import { COMMS_SETTINGS_DEFAULTS } from '@venue/contracts/comms';
import type { Tx } from '@venue/service-kit';
import { DEFAULT_TEMPLATES } from './defaults.ts';

export async function ensureTenant(tx: Tx, tenantId: string): Promise<void> {
  const claimed = await tx.query(
    `INSERT INTO comms_settings (tenant_id, automatic, reminder_days_before, send_hour)
     VALUES ($1, $2, $3, $4) ON CONFLICT (tenant_id) DO NOTHING RETURNING tenant_id`,
    [
      tenantId,
      JSON.stringify(COMMS_SETTINGS_DEFAULTS.automatic),
      COMMS_SETTINGS_DEFAULTS.reminderDaysBefore,
      COMMS_SETTINGS_DEFAULTS.sendHour,
    ],
  );
  if (claimed.rowCount === 0) return;
  for (const [i, t] of DEFAULT_TEMPLATES.entries())
    await tx.query(
      // created_at spaced by a millisecond so the list keeps this order
      `INSERT INTO email_templates (tenant_id, name, type, subject, body, kind, created_at, updated_at)
       VALUES ($1, $2, 'email', $3, $4, $5, now() + make_interval(secs => $6::int / 1000.0), now())
       ON CONFLICT DO NOTHING`,
      [tenantId, t.name, t.subject, t.body, t.kind, i],
    );
}
