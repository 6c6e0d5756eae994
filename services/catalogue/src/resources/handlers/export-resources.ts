import { badRequest, operation } from '@venue/service-kit';
import { isUuid, tenantOf } from '../../shared/common.ts';
import { db } from '../../db/query.ts';
import { resourcesCsv } from '../resource-csv.ts';
import { RESOURCE_COLUMNS, toResource } from '../resource-model.ts';

/** The resources as CSV: all of them, or the ids given. */
export const exportResources = operation('get /api/resources/export.csv', async ({ ctx, tx, query: q }) => {
  const ids = (q.ids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.some((id) => !isUuid(id)))
    throw badRequest('Unknown resource ids', {
      errors: [{ path: 'ids', message: 'Unknown resource ids' }],
    });
  let query = db(tx).selectFrom('resources').select(RESOURCE_COLUMNS).where('tenant_id', '=', tenantOf(ctx));
  if (ids.length) query = query.where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))));
  const rows = await query
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('code')
    .execute();
  ctx.set('content-type', 'text/csv; charset=utf-8');
  ctx.set(
    'content-disposition',
    `attachment; filename="resources_export_${new Date().toISOString().slice(0, 10)}.csv"`,
  );
  ctx.body = resourcesCsv(rows.map(toResource));
});
