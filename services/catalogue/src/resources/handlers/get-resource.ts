import { operation } from '@venue/service-kit';
import { loadResource } from '../resource-write.ts';

/** One resource. */
export const getResource = operation('get /api/resources/{id}', ({ tx, params }) =>
  loadResource(tx, params.id),
);
