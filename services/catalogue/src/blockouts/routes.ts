/**
 * Block-outs (spec 03 §7, decision 55): each call of the contract's table one named handler in
 * `handlers/`, served by the kit with the table's guard and parsing (issue 28 item 2). The writes
 * take bookings' slots, where a block-out reserves its time.
 */
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { catalogueTable } from '../shared/common.ts';
import type { BookingsSlots } from './bookings-slots.ts';
import { getBlockout, listBlockoutsOp } from './handlers/read-blockouts.ts';
import { deleteBlockout, postBlockout, postBlockoutBulk, putBlockout } from './handlers/write-blockouts.ts';

export function blockoutRoutes(router: AppRouter, slots: BookingsSlots): void {
  serveOperations(router, catalogueTable(/^\/api\/blockouts/), [
    listBlockoutsOp,
    getBlockout,
    postBlockout(slots),
    postBlockoutBulk(slots),
    putBlockout(slots),
    deleteBlockout(slots),
  ]);
}
