import { inRequestRead, inRequestTx, operation } from '@venue/service-kit';
import type { Deps } from '../../deps.ts';
import { findConflicts } from '../../availability/conflicts.ts';
import { spanFor } from '../../availability/resource-slots.ts';
import {
  localResource,
  resolveResource,
  upsertResource,
  usableResource,
} from '../../availability/resources.ts';
import { tenantSettings } from '../../remote/tenant-settings.ts';
import { isUuid, tenantOf } from '../../shared/request.ts';

/**
 * The form's live check: conflicts, block-outs and the price quote. Types, the real calendar,
 * HH:mm and end after start: a 400 naming the field (the contract's checkBody).
 */
export const checkBooking = (deps: Deps) =>
  operation('post /api/bookings/check', { transaction: 'none' }, async ({ ctx, body: b }) => {
    const resourceId = (b.resourceId ?? b.selectedHall)!;
    const when = { bookingDate: b.bookingDate, startTime: b.startTime, endTime: b.endTime };
    const tenantId = tenantOf(ctx);
    const excludeId = isUuid(b.excludeId) ? b.excludeId : null;
    // Bookings' own copies first (503 without the venue's settings), then the catalogue with no
    // transaction open, then the conflicts in a second short read.
    const first = await inRequestRead(ctx, async (tx) => ({
      settings: await tenantSettings(tx, tenantId),
      known: await localResource(tx, resourceId),
    }));
    const { addOnIds, addOns } = b;
    const quote = await deps.clients.priceQuote(tenantId, {
      resourceId,
      date: when.bookingDate,
      startTime: when.startTime,
      endTime: when.endTime,
      ...(addOnIds ? { addOnIds } : {}),
      ...(addOns ? { addOns } : {}),
    });
    const { resource: found, fetched } = await resolveResource(
      deps.clients,
      tenantId,
      resourceId,
      first.known,
    );
    const resource = usableResource(found);
    return inRequestTx(ctx, async (tx) => {
      for (const r of fetched) await upsertResource(tx, tenantId, r);
      const span = spanFor(when, resource, first.settings);
      const clashes = await findConflicts(tx, resource.id, span, excludeId);
      return { ...clashes, quote, quoteUnavailable: quote === null };
    });
  });
