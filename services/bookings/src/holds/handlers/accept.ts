import { operation } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { tenantOf } from '../../shared/request.ts';
import { transition } from '../../status/transition.ts';
import { bulk } from '../bulk.ts';

/** Accept a request as a tentative hold. */
export const acceptBooking = (deps: Deps) =>
  operation('post /api/bookings/{id}/accept', async ({ ctx, tx, params, body }) => {
    const settings = await tenantSettings(tx, tenantOf(ctx));
    const booking = await transition(
      ctx,
      deps,
      params.id,
      'tentative',
      { holdHours: body.holdHours, settings },
      tx,
    );
    return { booking };
  });

/** Accept several; the contract refuses an empty list ("Select at least one booking.") and other hold lengths. */
export const bulkAccept = (deps: Deps) =>
  operation('post /api/bookings/bulk/accept', async ({ ctx, tx, body }) => {
    const { ids, holdHours } = body;
    const settings = await tenantSettings(tx, tenantOf(ctx));
    return bulk(ids, (id) => transition(ctx, deps, id, 'tentative', { holdHours, settings }, tx));
  });
