/** The catalogue's block-out calls (decision 55: a write is stored once bookings holds its time). */
import { z } from 'zod';
import { idParams } from '../api/common.ts';
import type { ApiResponse, RouteTable } from '../api/route-table.ts';
import { blockoutBulkInput, blockoutInput, blockoutListQuery } from './requests.ts';
import { blockoutBulkResultSchema, blockoutSchema } from './responses.ts';
import { blockouts, blockoutsOwner, created, gone, missing, ok } from './route-parts.ts';

/**
 * A block-out write is stored only once bookings holds its time (decision 55): 409 when bookings
 * hold part of it (`code` blockout_over_bookings, `clashes` names them; send `overBookings: true`
 * to block out over them), when another edit of the block-out is under way, or when it changed
 * meanwhile; 503 when bookings could not confirm it (nothing stored).
 */
const throughBookings: Record<number, ApiResponse> = {
  409: {
    description:
      'Bookings hold part of the time (`code` blockout_over_bookings, `clashes` lists them), or the block-out is being changed or was changed meanwhile. Nothing is stored.',
  },
  503: { description: 'Bookings could not confirm the block-out; nothing is stored.' },
};

export const BLOCKOUT_ROUTES = [
  {
    ...blockouts,
    method: 'get',
    path: '/api/blockouts',
    summary: 'Block-outs, by resource and period',
    query: blockoutListQuery,
    responses: ok(z.array(blockoutSchema)),
  },
  {
    ...blockouts,
    method: 'get',
    path: '/api/blockouts/{id}',
    summary: 'One block-out',
    params: idParams,
    responses: { ...ok(blockoutSchema), ...missing('block-out') },
  },
  {
    ...blockoutsOwner,
    method: 'post',
    path: '/api/blockouts',
    summary: 'Create one block-out period',
    body: blockoutInput,
    responses: { ...created(blockoutSchema), ...missing('resource'), ...throughBookings },
  },
  {
    ...blockoutsOwner,
    method: 'post',
    path: '/api/blockouts/bulk',
    summary:
      'Block out several resources: one block-out per day for the hours given, or one continuous period',
    body: blockoutBulkInput,
    responses: { ...created(blockoutBulkResultSchema), ...missing('resource'), ...throughBookings },
  },
  {
    ...blockoutsOwner,
    method: 'put',
    path: '/api/blockouts/{id}',
    summary: 'Edit a block-out',
    params: idParams,
    body: blockoutInput,
    responses: { ...ok(blockoutSchema), ...missing('block-out'), ...throughBookings },
  },
  {
    ...blockoutsOwner,
    method: 'delete',
    path: '/api/blockouts/{id}',
    summary: 'Delete a block-out',
    params: idParams,
    responses: gone('block-out'),
  },
] as const satisfies RouteTable;
