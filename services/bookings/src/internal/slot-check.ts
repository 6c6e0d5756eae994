/**
 * POST /internal/bookings/slot-check (issue 24 item 2, decision 57): money asks before it sends a
 * quotation whether its slot is free of bookings, holds and block-outs on that resource, buffers
 * counted exactly as a booking of that slot would count them. Always 200 (the kit's client drops
 * a refusal's body): `free`, or `conflict` with the clash in the venue's words and the clashing
 * booking (null for a block-out). Nothing is held: Accept still goes through from-quote, where
 * the exclusion constraint has the final word.
 */
import { quotationSlotCheckSchema, type QuotationSlotCheckAnswer } from '@venue/contracts/money-api';
import { parseBody, requireInternal, type AppRouter, type ServiceKit } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { findConflicts } from '../availability/conflicts.ts';
import { localResource, resolveResource, upsertResource, usableResource } from '../availability/resources.ts';
import { spanFor } from '../availability/resource-slots.ts';
import { tenantSettings } from '../remote/tenant-settings.ts';

export function slotCheckRoute(router: AppRouter, kit: ServiceKit, deps: Deps): void {
  router.post('/internal/bookings/slot-check', requireInternal, async (ctx) => {
    const q = parseBody(ctx, quotationSlotCheckSchema);
    const when = { bookingDate: q.eventDate, startTime: q.startTime, endTime: q.endTime };
    // Bookings' own copies first (503 without the venue's settings), then the catalogue with no
    // transaction open, then the conflicts in a second short read.
    const first = await kit.db.tenantTx(q.tenantId, async (tx) => ({
      settings: await tenantSettings(tx, q.tenantId),
      known: await localResource(tx, q.resource),
    }));
    const { resource: found, fetched } = await resolveResource(
      deps.clients,
      q.tenantId,
      q.resource,
      first.known,
    );
    const resource = usableResource(found);
    ctx.body = await kit.db.tenantTx(q.tenantId, async (tx): Promise<QuotationSlotCheckAnswer> => {
      for (const r of fetched) await upsertResource(tx, q.tenantId, r);
      const span = spanFor(when, resource, first.settings);
      const { conflicts, blockouts } = await findConflicts(tx, resource.id, span, null);
      const booking = conflicts[0];
      if (booking)
        return {
          outcome: 'conflict',
          message: booking.explanation,
          conflict: {
            bookingId: booking.id,
            bookingCode: booking.bookingCode,
            customerName: booking.customer,
          },
        };
      const blockout = blockouts[0];
      if (blockout) return { outcome: 'conflict', message: blockout.explanation, conflict: null };
      return { outcome: 'free' };
    });
  });
}
