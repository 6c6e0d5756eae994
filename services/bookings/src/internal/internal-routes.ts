/** Service-to-service routes (never routed by the gateway). */
import { notFound, requireInternal, type AppRouter, type ServiceKit } from '@venue/service-kit';
import { isUuid } from '../shared/request.ts';

export function internalRoutes(router: AppRouter, kit: ServiceKit): void {
  /** Busy times of one resource (ICS feed of the catalogue): blocking bookings without personal data. */
  router.get('/internal/resources/:resourceId/busy', requireInternal, async (ctx) => {
    const tenantId = String(ctx.query.tenantId ?? '');
    const resourceId = ctx.params.resourceId ?? '';
    if (!isUuid(tenantId) || !isUuid(resourceId)) throw notFound('No such resource.');
    ctx.body = await kit.db.tenantTx(tenantId, async (tx) => {
      const { rows } = await tx.query<{
        id: string;
        starts_at: Date | string;
        ends_at: Date | string;
        status: string;
        event_type: string;
      }>(
        `SELECT id, starts_at, ends_at, status, event_type FROM bookings
          WHERE resource_id = $1 AND status IN ('pending','tentative','confirmed') AND ends_at > now() - interval '90 days'
          ORDER BY starts_at LIMIT 5000`,
        [resourceId],
      );
      return {
        busy: rows.map((r) => ({
          id: r.id,
          start: new Date(r.starts_at).toISOString(),
          end: new Date(r.ends_at).toISOString(),
          status: r.status,
          summary: r.event_type,
        })),
      };
    });
  });

  /** Everything this service holds for a tenant (data portability). */
  router.get('/internal/tenant-export/:tenantId', requireInternal, async (ctx) => {
    const tenantId = ctx.params.tenantId ?? '';
    if (!isUuid(tenantId)) throw notFound('No such tenant.');
    ctx.body = await kit.db.tenantTx(tenantId, async (tx) => ({
      bookings: (await tx.query(`SELECT * FROM bookings ORDER BY created_at`)).rows,
      customers: (await tx.query(`SELECT * FROM customers ORDER BY created_at`)).rows,
      customerEmails: (await tx.query(`SELECT * FROM customer_emails ORDER BY created_at`)).rows,
    }));
  });
}
