import {
  ICS_MAX,
  holidayExportQuery,
  holidayImportBody,
  holidayListQuery,
  holidaySyncInput,
} from '@venue/contracts/catalogue';
import {
  badRequest,
  conflict,
  notFound,
  parseBody,
  parseQuery,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import {
  RESOURCE_GUARDS,
  RESOURCE_LIST_GUARDS,
  conflictOnDuplicate,
  idParam,
  tenantOf,
  tx,
} from '../common.ts';
import { changes } from '../resources/resource-model.ts';
import { holidaysFromIcs, holidaysToIcs } from './holiday-ics.ts';
import {
  HOLIDAY_COLUMNS,
  holidayInput,
  insertHoliday,
  toHoliday,
  type Holiday,
  type HolidayInput,
} from './holiday-model.ts';
import { syncHolidays } from './holiday-sync.ts';

const NOT_FOUND = 'Holiday not found';
const DUPLICATE_MESSAGE = 'A holiday with this name already exists on that date';
// app.ts lifts the kit's text ceiling for an imported ICS file (at most ICS_MAX).
export { ICS_MAX };
const { read, write } = RESOURCE_GUARDS;

async function findHoliday(ctx: AppContext): Promise<Holiday> {
  const { rows } = await tx(ctx).query(`SELECT ${HOLIDAY_COLUMNS} FROM holidays WHERE id = $1`, [
    idParam(ctx, NOT_FOUND),
  ]);
  if (!rows[0]) throw notFound(NOT_FOUND);
  return toHoliday(rows[0] as Record<string, unknown>);
}

async function checkUnique(ctx: AppContext, h: HolidayInput, exceptId: string | null): Promise<void> {
  const { rows } = await tx(ctx).query(
    `SELECT 1 FROM holidays WHERE date = $1::date AND name = $2 AND id IS DISTINCT FROM $3`,
    [h.date, h.name, exceptId],
  );
  if (rows[0]) throw conflict(DUPLICATE_MESSAGE);
  if (h.substitutes) {
    if (h.substitutes === exceptId) throw badRequest('A holiday cannot substitute itself');
    const { rows: sub } = await tx(ctx).query(`SELECT 1 FROM holidays WHERE id = $1`, [h.substitutes]);
    if (!sub[0]) throw notFound('Substituted holiday not found');
  }
}

/** The file is the `ics` field (or the whole body): the 400 names it either way. */
const icsProblem = (message: string) => badRequest(message, { errors: [{ path: 'ics', message }] });

/** The body of an import: `{ics}` JSON, or the file itself as text/calendar. */
async function icsText(ctx: AppContext): Promise<string> {
  if (ctx.is('json', 'urlencoded')) {
    const { ics } = parseBody(ctx, holidayImportBody);
    return ics;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > ICS_MAX) throw icsProblem('The ICS file is too large (1 MB at most)');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) throw icsProblem('Please choose an ICS file');
  return text;
}

export function holidayRoutes(router: AppRouter): void {
  // Read also by whoever books (the Confirmed list's Public holiday filter), like the resources.
  router.get('/api/holidays', ...RESOURCE_LIST_GUARDS, async (ctx) => {
    const q = parseQuery(ctx, holidayListQuery);
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.year) where.push(`extract(year FROM date) = $${params.push(q.year)}`);
    if (q.search?.trim()) {
      where.push(`name ILIKE $${params.push(`%${q.search.trim().replace(/[\\%_]/g, '\\$&')}%`)}`);
    }
    if (q.scope?.length) where.push(`scope = ANY($${params.push(q.scope)}::text[])`);
    if (q.impact?.length) {
      const conds = q.impact.map((i) =>
        i === 'surcharge' ? 'surcharge_percent > 0' : i === 'blockout' ? 'block_out' : 'restricted_trading',
      );
      where.push(`(${conds.join(' OR ')})`);
    }
    const dir = q.order === 'desc' ? 'DESC' : 'ASC';
    const order =
      q.sort === 'name'
        ? `lower(name) ${dir}, date`
        : q.sort === 'scope'
          ? `scope ${dir}, date, name`
          : `date ${dir}, name`;
    const { rows } = await tx(ctx).query(
      `SELECT ${HOLIDAY_COLUMNS} FROM holidays ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order}`,
      params,
    );
    ctx.body = rows.map((r) => toHoliday(r as Record<string, unknown>));
  });

  router.get('/api/holidays/export.ics', ...read, async (ctx) => {
    const { year } = parseQuery(ctx, holidayExportQuery);
    const { rows } = await tx(ctx).query(
      `SELECT ${HOLIDAY_COLUMNS} FROM holidays ${year ? 'WHERE extract(year FROM date) = $1' : ''} ORDER BY date, name`,
      year ? [year] : [],
    );
    ctx.set('content-type', 'text/calendar; charset=utf-8');
    ctx.set('content-disposition', `attachment; filename="public_holidays${year ? `_${year}` : ''}.ics"`);
    ctx.body = holidaysToIcs(rows.map((r) => toHoliday(r as Record<string, unknown>)));
  });

  router.post('/api/holidays/sync', ...write, async (ctx) => {
    const { state, year } = parseBody(ctx, holidaySyncInput);
    const result = await syncHolidays(tx(ctx), tenantOf(ctx), state, year);
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'settings',
      target: 'Public holidays',
      targetLabel: 'Public holidays',
      additionalInfo: `Synced ${state} ${year} public holidays: ${result.added} added, ${result.updated} already present`,
    });
    ctx.body = result;
  });

  router.post('/api/holidays/import', ...write, async (ctx) => {
    const parsed = holidaysFromIcs(await icsText(ctx));
    if (!parsed) throw icsProblem('The file is not a valid iCalendar (.ics) file');
    let imported = 0;
    let skipped = 0;
    for (const raw of parsed) {
      const r = holidayInput.safeParse({ ...raw, substitutes: null });
      if (!r.success) {
        skipped++;
        continue;
      }
      const { rows } = await tx(ctx).query(`SELECT 1 FROM holidays WHERE date = $1::date AND name = $2`, [
        r.data.date,
        r.data.name,
      ]);
      if (rows[0]) {
        skipped++;
        continue;
      }
      await insertHoliday(tx(ctx), tenantOf(ctx), r.data);
      imported++;
    }
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'settings',
      target: 'Public holidays',
      targetLabel: 'Public holidays',
      additionalInfo: `Imported ${imported} holidays from an ICS file (${skipped} skipped)`,
    });
    ctx.body = { imported, skipped };
  });

  router.get('/api/holidays/:id', ...read, async (ctx) => {
    ctx.body = await findHoliday(ctx);
  });

  router.post('/api/holidays', ...write, async (ctx) => {
    const input = parseBody(ctx, holidayInput);
    await checkUnique(ctx, input, null);
    const created = await conflictOnDuplicate(DUPLICATE_MESSAGE, () =>
      insertHoliday(tx(ctx), tenantOf(ctx), input),
    );
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'settings',
      target: created.name,
      targetLabel: `Public holiday ${created.name} (${created.date})`,
      additionalInfo: `Added public holiday ${created.name} on ${created.date}`,
    });
    ctx.status = 201;
    ctx.body = created;
  });

  router.put('/api/holidays/:id', ...write, async (ctx) => {
    const before = await findHoliday(ctx);
    const input = parseBody(ctx, holidayInput);
    await checkUnique(ctx, input, before.id);
    const { rows } = await conflictOnDuplicate(DUPLICATE_MESSAGE, () =>
      tx(ctx).query(
        `UPDATE holidays SET name=$2, date=$3, scope=$4, state=$5, pricing_rule=$6, surcharge_percent=$7, block_out=$8,
         restricted_trading=$9, notes=$10, provenance=$11, source_url=$12, substitutes=$13, updated_at=now()
       WHERE id=$1 RETURNING ${HOLIDAY_COLUMNS}`,
        [
          before.id,
          input.name,
          input.date,
          input.scope,
          input.state,
          input.pricingRule,
          input.surchargePercent,
          input.blockOut,
          input.restrictedTrading,
          input.notes,
          input.provenance ?? before.provenance,
          input.sourceUrl,
          input.substitutes,
        ],
      ),
    );
    const after = toHoliday(rows[0] as Record<string, unknown>);
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'settings',
      target: after.name,
      targetLabel: `Public holiday ${after.name} (${after.date})`,
      additionalInfo: `Updated public holiday ${after.name}`,
      changes: changes(before, after),
    });
    ctx.body = after;
  });

  router.delete('/api/holidays/:id', ...write, async (ctx) => {
    const h = await findHoliday(ctx);
    await tx(ctx).query(`UPDATE holidays SET substitutes = NULL WHERE substitutes = $1`, [h.id]);
    await tx(ctx).query(`DELETE FROM holidays WHERE id = $1`, [h.id]);
    await tx(ctx).audit(ctx, {
      action: 'settings_updated',
      targetType: 'settings',
      target: h.name,
      targetLabel: `Public holiday ${h.name} (${h.date})`,
      additionalInfo: `Deleted public holiday ${h.name} on ${h.date}`,
    });
    ctx.status = 204;
  });
}
