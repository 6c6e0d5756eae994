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
import { db } from '../db/query.ts';
import {
  holidayColumns,
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
  const row = await db(tx(ctx))
    .selectFrom('holidays')
    .select(holidayColumns)
    .where('tenant_id', '=', tenantOf(ctx))
    .where('id', '=', idParam(ctx, NOT_FOUND))
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return toHoliday(row);
}

/** A holiday of this name on this date, if there is one. */
async function sameDayAndName(ctx: AppContext, date: string, name: string, exceptId: string | null) {
  let query = db(tx(ctx))
    .selectFrom('holidays')
    .select('id')
    .where('tenant_id', '=', tenantOf(ctx))
    .where('date', '=', date)
    .where('name', '=', name);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

async function checkUnique(ctx: AppContext, h: HolidayInput, exceptId: string | null): Promise<void> {
  if (await sameDayAndName(ctx, h.date, h.name, exceptId)) throw conflict(DUPLICATE_MESSAGE);
  if (h.substitutes) {
    if (h.substitutes === exceptId) throw badRequest('A holiday cannot substitute itself');
    const sub = await db(tx(ctx))
      .selectFrom('holidays')
      .select('id')
      .where('tenant_id', '=', tenantOf(ctx))
      .where('id', '=', h.substitutes)
      .executeTakeFirst();
    if (!sub) throw notFound('Substituted holiday not found');
  }
}

/** `extract(year FROM date) = year` as a range of days, the same rows. */
const yearRange = (year: number) => [`${year}-01-01`, `${year + 1}-01-01`] as const;

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
    let query = db(tx(ctx))
      .selectFrom('holidays')
      .select(holidayColumns)
      .where('tenant_id', '=', tenantOf(ctx));
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
    ctx.body = rows.map(toHoliday);
  });

  router.get('/api/holidays/export.ics', ...read, async (ctx) => {
    const { year } = parseQuery(ctx, holidayExportQuery);
    let query = db(tx(ctx))
      .selectFrom('holidays')
      .select(holidayColumns)
      .where('tenant_id', '=', tenantOf(ctx));
    if (year) {
      const [from, to] = yearRange(year);
      query = query.where('date', '>=', from).where('date', '<', to);
    }
    const rows = await query.orderBy('date').orderBy('name').execute();
    ctx.set('content-type', 'text/calendar; charset=utf-8');
    ctx.set('content-disposition', `attachment; filename="public_holidays${year ? `_${year}` : ''}.ics"`);
    ctx.body = holidaysToIcs(rows.map(toHoliday));
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
      if (await sameDayAndName(ctx, r.data.date, r.data.name, null)) {
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
    const after = toHoliday(
      await conflictOnDuplicate(DUPLICATE_MESSAGE, () =>
        db(tx(ctx))
          .updateTable('holidays')
          .set((eb) => ({
            name: input.name,
            date: input.date,
            scope: input.scope,
            state: input.state,
            pricing_rule: input.pricingRule,
            surcharge_percent: input.surchargePercent,
            block_out: input.blockOut,
            restricted_trading: input.restrictedTrading,
            notes: input.notes,
            provenance: input.provenance ?? before.provenance,
            source_url: input.sourceUrl,
            substitutes: input.substitutes,
            updated_at: eb.fn<Date>('now'),
          }))
          .where('tenant_id', '=', tenantOf(ctx))
          .where('id', '=', before.id)
          .returning(holidayColumns)
          .executeTakeFirstOrThrow(),
      ),
    );
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
    const q = db(tx(ctx));
    await q
      .updateTable('holidays')
      .set({ substitutes: null })
      .where('tenant_id', '=', tenantOf(ctx))
      .where('substitutes', '=', h.id)
      .execute();
    await q.deleteFrom('holidays').where('tenant_id', '=', tenantOf(ctx)).where('id', '=', h.id).execute();
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
