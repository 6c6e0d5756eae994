import { notFound, parseBody, type AppRouter, type ServiceKit } from '@venue/service-kit';
import { z } from 'zod';
import { requireInternal } from '@venue/service-kit';
import { isUuid } from './common.ts';
import { listBlockouts } from './blockouts/blockout-store.ts';
import { HOLIDAY_COLUMNS, toHoliday } from './holidays/holiday-model.ts';
import { quoteFor, quoteRequest } from './pricing/price-quote.ts';
import { RESOURCE_COLUMNS, toResource } from './resources/resource-model.ts';

/** Service-to-service routes (bookings, quotations, privacy export); never routed by the gateway. */
export function internalRoutes(router: AppRouter, kit: ServiceKit): void {
  router.get('/internal/resources/:tenantId', requireInternal, async (ctx) => {
    const tenantId = ctx.params.tenantId;
    if (!isUuid(tenantId)) throw notFound('No such tenant.');
    ctx.body = await kit.db.tenantTx(tenantId, async (t) => {
      const { rows } = await t.query(`SELECT ${RESOURCE_COLUMNS} FROM resources ORDER BY lower(name), code`);
      return rows.map((r) => toResource(r as Record<string, unknown>));
    });
  });

  router.post('/internal/price-quote', requireInternal, async (ctx) => {
    const { tenantId, ...req } = parseBody(
      ctx,
      quoteRequest.extend({ tenantId: z.uuid({ error: 'tenantId is required' }) }),
    );
    ctx.body = await kit.db.tenantTx(tenantId, (t) => quoteFor(t, req));
  });

  /** Everything the catalogue holds for a tenant, for the data-export request. */
  router.get('/internal/tenant-export/:tenantId', requireInternal, async (ctx) => {
    const tenantId = ctx.params.tenantId;
    if (!isUuid(tenantId)) throw notFound('No such tenant.');
    ctx.body = await kit.db.tenantTx(tenantId, async (t) => {
      const resources = (await t.query(`SELECT ${RESOURCE_COLUMNS} FROM resources ORDER BY code`)).rows.map(
        (r) => toResource(r as Record<string, unknown>),
      );
      const pricing = (
        await t.query(
          `SELECT id, resource_id AS "resourceId", rate_type AS "rateType", weekday_rate_cents AS "weekdayRateCents",
             weekend_rate_cents AS "weekendRateCents", description FROM pricing ORDER BY resource_id`,
        )
      ).rows;
      const addons = (
        await t.query(`SELECT id, name, price_cents AS "priceCents", description FROM addons ORDER BY name`)
      ).rows;
      const holidays = (
        await t.query(`SELECT ${HOLIDAY_COLUMNS} FROM holidays ORDER BY date, name`)
      ).rows.map((r) => toHoliday(r as Record<string, unknown>));
      return { resources, pricing, addons, holidays, blockouts: await listBlockouts(t) };
    });
  });
}
