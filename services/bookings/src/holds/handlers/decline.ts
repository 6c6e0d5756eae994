import { operation } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { tenantOf } from '../../shared/request.ts';
import { bulk } from '../bulk.ts';
import { decline, declineReason } from '../decline.ts';

/** Decline a request, with one of the listed reasons. */
export const declineBooking = (deps: Deps) =>
  operation('post /api/bookings/{id}/decline', async ({ ctx, tx, params, body }) => {
    const reason = declineReason(body);
    return {
      booking: await decline(ctx, tx, deps, await tenantSettings(tx, tenantOf(ctx)), params.id, reason),
    };
  });

/** Decline several, with one reason. */
export const bulkDecline = (deps: Deps) =>
  operation('post /api/bookings/bulk/decline', async ({ ctx, tx, body }) => {
    const reason = declineReason(body);
    const settings = await tenantSettings(tx, tenantOf(ctx));
    return bulk(body.ids, (id) => decline(ctx, tx, deps, settings, id, reason));
  });
