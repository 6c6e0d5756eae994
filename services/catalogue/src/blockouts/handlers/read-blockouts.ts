import { notFound, operation } from '@venue/service-kit';
import { rowId } from '../../shared/common.ts';
import { findBlockout, listBlockouts } from '../blockout-store.ts';
import { BLOCKOUT_NOT_FOUND } from '../blockout-write.ts';

export const listBlockoutsOp = operation('get /api/blockouts', ({ tx, query }) => listBlockouts(tx, query));

export const getBlockout = operation('get /api/blockouts/{id}', async ({ tx, params }) => {
  const b = await findBlockout(tx, rowId(params.id, BLOCKOUT_NOT_FOUND));
  if (!b) throw notFound(BLOCKOUT_NOT_FOUND);
  return b;
});
