import type { EventOf, Tx } from '@venue/service-kit';

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
 * transaction and under a per-tenant advisory lock, so concurrent consumers cannot fork it.
 */
export async function recordAuditEvent(event: EventOf<'audit.recorded'>, tx: Tx): Promise<void> {
  const d = event.data;
  const tenantId = event.tenantId && UUID_RE.test(event.tenantId) ? event.tenantId : PLATFORM_TENANT;
  // Checked first rather than ON CONFLICT DO NOTHING: the link trigger runs before a conflict
  // would be detected and would advance the chain head for a row that is never stored.
  const seen = await tx.query(`SELECT 1 FROM audit_log WHERE tenant_id = $1 AND event_id = $2`, [
    tenantId,
    event.id,
  ]);
  if (seen.rowCount > 0) return;
  await tx.query(
    `INSERT INTO audit_log (tenant_id, event_id, source, occurred_at, actor_id, actor_email, actor_role, action,
        target_type, target, ip_address, additional_info, changes, target_label)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      tenantId,
      event.id,
      event.source,
      event.occurredAt,
      d.actorId && UUID_RE.test(d.actorId) ? d.actorId : null,
      d.actorEmail,
      d.actorRole,
      d.action,
      d.targetType,
      d.target,
      d.ipAddress,
      d.additionalInfo,
      d.changes === null || d.changes === undefined ? null : JSON.stringify(d.changes),
      targetLabel(d.targetLabel),
    ],
  );
}
