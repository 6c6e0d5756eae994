/** What the holiday handlers share: the lookup, the uniqueness checks and an import's file. */
import { ICS_MAX } from '@venue/contracts/catalogue';
import { badRequest, conflict, notFound, type AppMiddleware, type Tx } from '@venue/service-kit';
import { rowId } from '../shared/common.ts';
import { db, tenantIdOf } from '../db/query.ts';
import { holidayColumns, toHoliday, type Holiday, type HolidayInput } from './holiday-model.ts';

const NOT_FOUND = 'Holiday not found';
export const DUPLICATE_MESSAGE = 'A holiday with this name already exists on that date';

/** The holiday a path names, or 404 (an id that is no uuid names none). */
export async function findHoliday(tx: Tx, id: string): Promise<Holiday> {
  const row = await db(tx)
    .selectFrom('holidays')
    .select(holidayColumns)
    .where('tenant_id', '=', tenantIdOf(tx))
    .where('id', '=', rowId(id, NOT_FOUND))
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return toHoliday(row);
}

/** A holiday of this name on this date, if there is one. */
export async function sameDayAndName(tx: Tx, date: string, name: string, exceptId: string | null) {
  let query = db(tx)
    .selectFrom('holidays')
    .select('id')
    .where('tenant_id', '=', tenantIdOf(tx))
    .where('date', '=', date)
    .where('name', '=', name);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function checkUnique(tx: Tx, h: HolidayInput, exceptId: string | null): Promise<void> {
  if (await sameDayAndName(tx, h.date, h.name, exceptId)) throw conflict(DUPLICATE_MESSAGE);
  if (h.substitutes) {
    if (h.substitutes === exceptId) throw badRequest('A holiday cannot substitute itself');
    const sub = await db(tx)
      .selectFrom('holidays')
      .select('id')
      .where('tenant_id', '=', tenantIdOf(tx))
      .where('id', '=', h.substitutes)
      .executeTakeFirst();
    if (!sub) throw notFound('Substituted holiday not found');
  }
}

/** `extract(year FROM date) = year` as a range of days, the same rows. */
export const yearRange = (year: number) => [`${year}-01-01`, `${year + 1}-01-01`] as const;

/** The file is the `ics` field (or the whole body): the 400 names it either way. */
export const icsProblem = (message: string) => badRequest(message, { errors: [{ path: 'ics', message }] });

/**
 * The body of an import is `{ics}` JSON, or the file itself as text/calendar, which the kit's
 * JSON parsing does not read: read here, before the table's schema (`holidayImportBody`) is
 * applied, as the `{ics}` it would have been.
 */
export const icsFileAsBody: AppMiddleware = async (ctx, next) => {
  if (!ctx.is('json', 'urlencoded')) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > ICS_MAX) throw icsProblem('The ICS file is too large (1 MB at most)');
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text.trim()) throw icsProblem('Please choose an ICS file');
    ctx.request.body = { ics: text };
  }
  await next();
};
