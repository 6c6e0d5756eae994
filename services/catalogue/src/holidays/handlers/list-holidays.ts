import { operation } from '@venue/service-kit';
import { BOOKABLE_READERS, tenantOf } from '../../shared/common.ts';
import { db } from '../../db/query.ts';
import { holidaysToIcs } from '../holiday-ics.ts';
import { holidayColumns, toHoliday } from '../holiday-model.ts';
import { findHoliday, yearRange } from '../holiday-store.ts';

/** Read also by whoever books (the Confirmed list's Public holiday filter), like the resources. */
export const listHolidays = operation(
  'get /api/holidays',
  { guard: BOOKABLE_READERS },
  async ({ ctx, tx, query: q }) => {
    let query = db(tx).selectFrom('holidays').select(holidayColumns).where('tenant_id', '=', tenantOf(ctx));
    if (q.year) {
      const [from, to] = yearRange(q.year);
      query = query.where('date', '>=', from).where('date', '<', to);
    }
    const search = q.search?.trim();
    if (search) query = query.where('name', 'ilike', `%${search.replace(/[\\%_]/g, '\\$&')}%`);
    const scopes = q.scope;
    if (scopes?.length) query = query.where((eb) => eb('scope', '=', eb.fn.any(eb.val(scopes))));
    const impact = q.impact;
    if (impact?.length) {
      query = query.where((eb) =>
        eb.or(
          impact.map((i) =>
            i === 'surcharge'
              ? eb('surcharge_percent', '>', 0)
              : i === 'blockout'
                ? eb('block_out', '=', true)
                : eb('restricted_trading', '=', true),
          ),
        ),
      );
    }
    const dir = q.order === 'desc' ? 'desc' : 'asc';
    const rows = await (
      q.sort === 'name'
        ? query.orderBy((eb) => eb.fn('lower', ['name']), dir).orderBy('date')
        : q.sort === 'scope'
          ? query.orderBy('scope', dir).orderBy('date').orderBy('name')
          : query.orderBy('date', dir).orderBy('name')
    ).execute();
    return rows.map(toHoliday);
  },
);

export const exportHolidays = operation(
  'get /api/holidays/export.ics',
  async ({ ctx, tx, query: { year } }) => {
    let query = db(tx).selectFrom('holidays').select(holidayColumns).where('tenant_id', '=', tenantOf(ctx));
    if (year) {
      const [from, to] = yearRange(year);
      query = query.where('date', '>=', from).where('date', '<', to);
    }
    const rows = await query.orderBy('date').orderBy('name').execute();
    ctx.set('content-type', 'text/calendar; charset=utf-8');
    ctx.set('content-disposition', `attachment; filename="public_holidays${year ? `_${year}` : ''}.ics"`);
    ctx.body = holidaysToIcs(rows.map(toHoliday));
  },
);

export const getHoliday = operation('get /api/holidays/{id}', ({ tx, params }) => findHoliday(tx, params.id));
