import { inRequestTx, notFound, operation } from '@venue/service-kit';
import { RESOURCES_OWNER, rowId, tenantOf } from '../../shared/common.ts';
import { db } from '../../db/query.ts';
import { blockoutEventData, findBlockout } from '../blockout-store.ts';
import {
  BLOCKOUT_NOT_FOUND,
  createBlockout,
  createDaily,
  editIntent,
  writeThroughBookings,
} from '../blockout-write.ts';
import type { BookingsSlots } from '../bookings-slots.ts';

const steps = { guard: RESOURCES_OWNER, transaction: 'none' } as const;

export const postBlockout = (slots: BookingsSlots) =>
  operation('post /api/blockouts', { ...steps }, async ({ ctx, body }) => {
    const [created] = await createBlockout(ctx, slots, body);
    ctx.status = 201;
    return created;
  });

/** Answers `{blockouts}`: every block-out made, one per day or the one period. */
export const postBlockoutBulk = (slots: BookingsSlots) =>
  operation('post /api/blockouts/bulk', { ...steps }, async ({ ctx, body }) => {
    const blockouts =
      body.span === 'daily' && body.dateTo !== body.dateFrom
        ? await createDaily(ctx, slots, body)
        : await createBlockout(ctx, slots, body);
    ctx.status = 201;
    return { blockouts };
  });

export const putBlockout = (slots: BookingsSlots) =>
  operation('put /api/blockouts/{id}', { ...steps }, async ({ ctx, params, body }) => {
    const id = rowId(params.id, BLOCKOUT_NOT_FOUND);
    const [after] = await writeThroughBookings(ctx, slots, (tx) => editIntent(ctx, tx, id, body));
    return after;
  });

/**
 * Deleted here first: a block-out's time freed late in bookings only blocks bookings a little
 * longer, never lets one in. Bookings is told at once (its `blockout.deleted` event is the
 * fallback when it is down); an edit of the block-out under way is refused its store.
 */
export const deleteBlockout = (slots: BookingsSlots) =>
  operation('delete /api/blockouts/{id}', steps, async ({ ctx, params }) => {
    const id = rowId(params.id, BLOCKOUT_NOT_FOUND);
    await inRequestTx(ctx, async (tx) => {
      const b = await findBlockout(tx, id);
      if (!b) throw notFound(BLOCKOUT_NOT_FOUND);
      await db(tx)
        .deleteFrom('blockouts')
        .where('tenant_id', '=', tenantOf(ctx))
        .where('id', '=', b.id)
        .execute();
      await tx.publish('blockout.deleted', blockoutEventData(tenantOf(ctx), b));
      const names = b.resources.map((r) => r.name).join(', ');
      await tx.audit(ctx, {
        action: 'settings_updated',
        targetType: 'resource',
        target: names,
        targetLabel: `Block-out (${b.reason}) — ${names}`,
        additionalInfo: `Deleted block-out (${b.reason}) ${b.dateFrom} ${b.timeFrom} to ${b.dateTo} ${b.timeTo}`,
      });
    });
    await slots.release({ tenantId: tenantOf(ctx), ids: [id] });
    ctx.status = 204;
  });
