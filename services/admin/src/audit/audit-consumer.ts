import { kyselyOf, type EventOf, type Tx } from '@venue/service-kit';
import type { AdminDb } from '../db/schema.ts';

/** Entries without a tenant (platform-level actions) are filed under the nil uuid. */
export const PLATFORM_TENANT = '00000000-0000-0000-0000-000000000000';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Labels are one line for a table cell: blank → none, anything past 300 characters cut. */
const LABEL_MAX = 300;
function targetLabel(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const one = v.replace(/\s+/g, ' ').trim();
  return one ? one.slice(0, LABEL_MAX) : null;
}

/**
 * Stores one `audit.recorded` event; a redelivered event id is ignored. The row is linked into
 * its tenant's hash chain by the `audit_log_link` trigger (migration 003), inside this
 * transaction and under a per-tenant advisory lock, so concurrent consumers cannot fork it; the
 * trigger also skips an event already stored (migration 015), so this is one statement.
 */
export async function recordAuditEvent(event: EventOf<'audit.recorded'>, tx: Tx): Promise<void> {
  const d = event.data;
  const tenantId = event.tenantId && UUID_RE.test(event.tenantId) ? event.tenantId : PLATFORM_TENANT;
  await kyselyOf<AdminDb>(tx)
    .insertInto('audit_log')
    .values({
      tenant_id: tenantId,
      event_id: event.id,
      source: event.source,
      occurred_at: event.occurredAt,
      actor_id: d.actorId && UUID_RE.test(d.actorId) ? d.actorId : null,
      actor_email: d.actorEmail,
      actor_role: d.actorRole,
      action: d.action,
      target_type: d.targetType,
      target: d.target,
      ip_address: d.ipAddress,
      additional_info: d.additionalInfo,
      changes: d.changes === null || d.changes === undefined ? null : JSON.stringify(d.changes),
      target_label: targetLabel(d.targetLabel),
    })
    .execute();
}
