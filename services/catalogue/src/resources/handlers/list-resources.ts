import { operation } from '@venue/service-kit';
import { BOOKABLE_READERS, bookableOnly, tenantOf } from '../../shared/common.ts';
import { db } from '../../db/query.ts';
import { RESOURCE_COLUMNS, bookableView, toResource } from '../resource-model.ts';

/**
 * The resources, filtered and sorted. Also read by the booking form and the calendar: staff who
 * book see the active resources, in the bookable view, without the Resources page's key.
 */
export const listResources = operation(
  'get /api/resources',
  { guard: BOOKABLE_READERS },
  async ({ ctx, tx, query: q }) => {
    const bookable = bookableOnly(ctx);
    let query = db(tx)
      .selectFrom('resources')
      .select(RESOURCE_COLUMNS)
      .where('tenant_id', '=', tenantOf(ctx));
    if (bookable) query = query.where('status', '=', 'active');
    const search = q.search?.trim();
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
      query = query.where((eb) =>
        eb.or([
          eb('name', 'ilike', pattern),
          eb('code', 'ilike', pattern),
          eb(eb.ref('type').$castTo<string>(), 'ilike', pattern),
        ]),
      );
    }
    if (q.type) query = query.where('type', '=', q.type);
    // the bookable view is the active resources whatever the status filter says
    if (q.status && !bookable) query = query.where('status', '=', q.status);
    if (q.minCapacity !== undefined) query = query.where('capacity', '>=', q.minCapacity);
    const dir = q.order === 'desc' ? 'desc' : 'asc';
    query =
      q.sort === 'name'
        ? query.orderBy((eb) => eb.fn('lower', ['name']), dir)
        : query.orderBy(q.sort, dir).orderBy((eb) => eb.fn('lower', ['name']));
    const rows = await query.orderBy('code').execute();
    const list = rows.map(toResource);
    return bookable ? list.map(bookableView) : list;
  },
);
