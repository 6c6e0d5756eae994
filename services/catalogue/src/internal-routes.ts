import {
  parseBody,
  pathTenant,
  tenantExportRoute,
  type AppRouter,
  type ServiceKit,
} from '@venue/service-kit';
import { z } from 'zod';
import { requireInternal } from '@venue/service-kit';
import { listBlockouts } from './blockouts/blockout-store.ts';
import { db } from './db/query.ts';
import { holidayColumns, toHoliday } from './holidays/holiday-model.ts';
import { quoteFor, quoteRequest } from './pricing/price-quote.ts';
import { RESOURCE_COLUMNS, toResource } from './resources/resource-model.ts';

/**
 * Made once: zod compiles a schema's parser on its first parse, so a schema built per request
 * (an `.extend()` in the handler) cost every booking create ~1 ms of CPU compiling it again.
 */
const internalQuoteRequest = quoteRequest.extend({ tenantId: z.uuid({ error: 'tenantId is required' }) });

/** Service-to-service routes (bookings, quotations, privacy export); never routed by the gateway. */
export function internalRoutes(router: AppRouter, kit: ServiceKit): void {
  router.get('/internal/resources/:tenantId', requireInternal, async (ctx) => {
    const tenantId = pathTenant(ctx);
    ctx.body = await kit.db.tenantRead(tenantId, async (t) => {
      const rows = await db(t)
        .selectFrom('resources')
        .select(RESOURCE_COLUMNS)
        .where('tenant_id', '=', tenantId)
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('code')
        .execute();
      return rows.map(toResource);
    });
  });

  router.post('/internal/price-quote', requireInternal, async (ctx) => {
    const { tenantId, ...req } = parseBody(ctx, internalQuoteRequest);
    ctx.body = await kit.db.tenantRead(tenantId, (t) => quoteFor(t, req));
  });

  /** Everything the catalogue holds for a tenant, for the data-export request. */
  tenantExportRoute(router, kit, async (t, tenantId) => {
    const q = db(t);
    const resources = (
      await q
        .selectFrom('resources')
        .select(RESOURCE_COLUMNS)
        .where('tenant_id', '=', tenantId)
        .orderBy('code')
        .execute()
    ).map(toResource);
    const pricing = await q
      .selectFrom('pricing')
      .select([
        'id',
        'resource_id as resourceId',
        'rate_type as rateType',
        'weekday_rate_cents as weekdayRateCents',
        'weekend_rate_cents as weekendRateCents',
        'description',
      ])
      .where('tenant_id', '=', tenantId)
      .orderBy('resource_id')
      .execute();
    const addons = await q
      .selectFrom('addons')
      .select(['id', 'name', 'price_cents as priceCents', 'description'])
      .where('tenant_id', '=', tenantId)
      .orderBy('name')
      .execute();
    const holidays = (
      await q
        .selectFrom('holidays')
        .select(holidayColumns)
        .where('tenant_id', '=', tenantId)
        .orderBy('date')
        .orderBy('name')
        .execute()
    ).map(toHoliday);
    return { resources, pricing, addons, holidays, blockouts: await listBlockouts(t) };
  });
}
