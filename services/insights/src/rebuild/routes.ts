/** `POST /internal/rebuild/:tenantId` (the rebuild command calls it) and `GET /internal/tenants`: internal, so written by hand. */
import {
  notFound,
  requireInternal,
  type AppRouter,
  type ConsumerMap,
  type ServiceKit,
} from '@venue/service-kit';
import { z } from 'zod';
import { db } from '../db/query.ts';
import { fetchOwnerData, rebuildTenant } from './rebuild.ts';

export function rebuildRoutes(router: AppRouter, kit: ServiceKit, consumers: () => ConsumerMap): void {
  router.post('/internal/rebuild/:tenantId', requireInternal, async (ctx) => {
    const tenantId = ctx.params.tenantId ?? '';
    if (!z.uuid().safeParse(tenantId).success) throw notFound('No such tenant.');
    const data = await fetchOwnerData(tenantId);
    ctx.body = await rebuildTenant(kit, consumers(), tenantId, data);
  });

  /** The tenants insights knows (its settings copies), for `rebuild --all`. */
  router.get('/internal/tenants', requireInternal, async (ctx) => {
    const rows = await kit.db.systemTx((tx) =>
      db(tx).selectFrom('tenant_settings').select('tenant_id').orderBy('tenant_id').execute(),
    );
    ctx.body = { tenants: rows.map((r) => r.tenant_id) };
  });
}
