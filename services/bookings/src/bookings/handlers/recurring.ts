import { inRequestTx, operation } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import {
  localResource,
  resolveResource,
  upsertResource,
  usableResource,
} from '../../availability/resources.ts';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { tenantOf } from '../../shared/request.ts';
import { createSeries, occurrencesOf, ruleSummary, seriesOrFail } from '../recurring.ts';

/**
 * Every date of a weekly, fortnightly or monthly series, with what holds its time: the copies
 * read first, the catalogue asked with no transaction open, then the dates in a second one.
 */
export const checkSeries = (deps: Deps) =>
  operation('post /api/bookings/recurring/check', { transaction: 'none' }, async ({ ctx, body: b }) => {
    const resourceId = (b.resourceId ?? b.selectedHall)!;
    const tenantId = tenantOf(ctx);
    const series = seriesOrFail(b.bookingDate, b.repeat);
    const first = await inRequestTx(ctx, async (tx) => ({
      settings: await tenantSettings(tx, tenantId),
      known: await localResource(tx, resourceId),
    }));
    const { resource: found, fetched } = await resolveResource(
      deps.clients,
      tenantId,
      resourceId,
      first.known,
    );
    const resource = usableResource(found);
    return inRequestTx(ctx, async (tx) => {
      for (const r of fetched) await upsertResource(tx, tenantId, r);
      const occurrences = await occurrencesOf(tx, resource, b, series.dates, first.settings);
      return {
        ...ruleSummary(b.repeat, series.skipped),
        occurrences,
        freeCount: occurrences.filter((o) => o.free).length,
      };
    });
  });

/** Book the chosen dates of a series, all or none (createSeries opens its transactions). */
export const createRecurring = (deps: Deps) =>
  operation('post /api/bookings/recurring', { transaction: 'none' }, async ({ ctx, body }) => {
    const result = await createSeries(ctx, deps, body);
    ctx.status = 201;
    return result;
  });
