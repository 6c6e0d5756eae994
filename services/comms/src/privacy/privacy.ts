/**
 * Personal data comms holds (its booking copy, the messages it sent, bounces, captured mail):
 * erased when bookings anonymises a customer, and included in the tenant's data export.
 */
import {
  isUuid,
  notFound,
  requireInternal,
  type AppRouter,
  type EventOf,
  type ServiceKit,
  type Tx,
} from '@venue/service-kit';

const ERASED = 'Customer data erased';

/** `customer.anonymised` (bookings): the customer's addresses, names and message texts go. */
export async function customerAnonymised(event: EventOf<'customer.anonymised'>, tx: Tx): Promise<void> {
  const tenantId = event.tenantId;
  if (!tenantId) return;
  const { rows } = await tx.query<{ email: string }>(
    `SELECT DISTINCT lower(customer_email) AS email FROM booking_copies
      WHERE tenant_id = $1 AND customer_id = $2 AND customer_email LIKE '%@%'`,
    [tenantId, event.data.id],
  );
  await tx.query(
    `UPDATE booking_copies SET customer_name = 'Anonymous', customer_email = '' WHERE tenant_id = $1 AND customer_id = $2`,
    [tenantId, event.data.id],
  );
  for (const { email } of rows) {
    // A message still waiting is not sent any more: its recipient asked to be forgotten.
    const { rows: gone } = await tx.query<{ id: string }>(
      `UPDATE emails SET to_email = 'anonymised@invalid', to_name = 'Anonymous', subject = $3, body_text = '',
              body_html = '', status = CASE WHEN status IN ('pending', 'sending') THEN 'failed' ELSE status END,
              last_error = CASE WHEN status IN ('pending', 'sending') THEN $3 ELSE last_error END, claim_token = NULL
        WHERE tenant_id = $1 AND lower(to_email) = $2 RETURNING id`,
      [tenantId, email, ERASED],
    );
    if (gone.length)
      await tx.query(`DELETE FROM email_attachments WHERE tenant_id = $1 AND email_id = ANY($2::uuid[])`, [
        tenantId,
        gone.map((g) => g.id),
      ]);
    await tx.query(`DELETE FROM bounces WHERE tenant_id = $1 AND email = $2`, [tenantId, email]);
    await tx.query(
      `DELETE FROM captured_mail WHERE tenant_id = $1 AND lower(to_addr) LIKE '%' || $2 || '%'`,
      [tenantId, email],
    );
  }
}

/** Admin's Data & Privacy export asks every service for its part. */
export function privacyRoutes(router: AppRouter, kit: ServiceKit): void {
  router.get('/internal/tenant-export/:tenantId', requireInternal, async (ctx) => {
    const tenantId = ctx.params.tenantId ?? '';
    if (!isUuid(tenantId)) throw notFound('No such tenant.');
    ctx.body = await kit.db.tenantTx(tenantId, async (tx) => ({
      emailTemplates: (
        await tx.query(`SELECT * FROM email_templates WHERE tenant_id = $1 ORDER BY created_at`, [tenantId])
      ).rows,
      emails: (
        await tx.query(
          `SELECT id, message_id, kind, booking_id, template_name, to_email, to_name, subject, body_text, status,
                  attempts, last_error, sent_at, created_at,
                  (SELECT coalesce(json_agg(json_build_object('filename', a.filename, 'contentType', a.content_type,
                          'size', a.size)), '[]'::json)
                     FROM email_attachments a WHERE a.tenant_id = e.tenant_id AND a.email_id = e.id) AS attachments
             FROM emails e WHERE e.tenant_id = $1 ORDER BY created_at`,
          [tenantId],
        )
      ).rows,
      bounces: (
        await tx.query(`SELECT email, reason, bounced_at FROM bounces WHERE tenant_id = $1`, [tenantId])
      ).rows,
      emailSettings:
        (await tx.query(`SELECT * FROM comms_settings WHERE tenant_id = $1`, [tenantId])).rows[0] ?? null,
    }));
  });
}
