import { notFound, operation } from '@venue/service-kit';
import { RESOURCES_OWNER, tenantOf } from '../../shared/common.ts';
import { db } from '../../db/query.ts';
import { findResource } from '../resource-model.ts';
import { RESOURCE_NOT_FOUND, loadResource, setStatus } from '../resource-write.ts';

export const bulkArchiveResources = operation(
  'post /api/resources/bulk-archive',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, body: { ids } }) => {
    const rows = await db(tx)
      .selectFrom('resources')
      .select('id')
      .where('tenant_id', '=', tenantOf(ctx))
      .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
      .execute();
    if (rows.length !== new Set(ids).size) throw notFound(RESOURCE_NOT_FOUND);
    const archived = await setStatus(ctx, tx, ids, 'archived');
    return { archived: archived.length };
  },
);

export const archiveResource = operation(
  'post /api/resources/{id}/archive',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, params }) => {
    const r = await loadResource(tx, params.id);
    await setStatus(ctx, tx, [r.id], 'archived');
    return findResource(tx, r.id);
  },
);

export const restoreResource = operation(
  'post /api/resources/{id}/restore',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, params }) => {
    const r = await loadResource(tx, params.id);
    await setStatus(ctx, tx, [r.id], 'active');
    return findResource(tx, r.id);
  },
);
