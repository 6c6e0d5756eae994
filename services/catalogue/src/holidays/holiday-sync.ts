import Holidays from 'date-holidays';
import { sql, type Tx } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { STATES } from './holiday-model.ts';
import { defaultSurcharge, holidayColumns, toHoliday, type Holiday } from './holiday-model.ts';

export interface OfficialHoliday {
  name: string;
  date: string;
  /** Name of the holiday this one stands in for (a Monday after a weekend holiday). */
  substituteFor: string | null;
}

const SUBSTITUTE_SUFFIX = / \(substitute day\)$/i;

/** Public holidays (national and the state's) from the offline `date-holidays` data. */
export function officialHolidays(state: (typeof STATES)[number], year: number): OfficialHoliday[] {
  const hd = new Holidays('AU', state, { languages: ['en'], types: ['public'] });
  const seen = new Set<string>();
  const out: OfficialHoliday[] = [];
  for (const h of hd.getHolidays(year)) {
    if (h.type !== 'public') continue;
    const date = h.date.slice(0, 10);
    const key = `${date}|${h.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      name: h.name,
      date,
      substituteFor: h.substitute ? h.name.replace(SUBSTITUTE_SUFFIX, '') : null,
    });
  }
  return out;
}

export const SOURCE_URL = 'https://github.com/commenthol/date-holidays';

/**
 * Fills in the official holidays, idempotent by (tenant, date, name): a re-sync marks existing
 * rows official and fills a missing state, but keeps the owner's rule, surcharge and notes.
 */
export async function syncHolidays(
  tx: Tx,
  tenantId: string,
  state: (typeof STATES)[number],
  year: number,
): Promise<{ added: number; updated: number; holidays: Holiday[] }> {
  const official = officialHolidays(state, year);
  let added = 0;
  let updated = 0;
  const ids = new Map<string, string>();
  const q = db(tx);
  for (const h of official) {
    const row = await q
      .insertInto('holidays')
      .values({
        tenant_id: tenantId,
        name: h.name,
        date: h.date,
        scope: 'statewide',
        state,
        pricing_rule: 'PH-Std',
        surcharge_percent: defaultSurcharge('PH-Std'),
        provenance: 'official',
        source_url: SOURCE_URL,
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'date', 'name']).doUpdateSet((eb) => ({
          provenance: 'official',
          state: eb.fn.coalesce('holidays.state', 'excluded.state'),
          source_url: eb.fn.coalesce('holidays.source_url', 'excluded.source_url'),
          // untouched when the row was already official, with its state and source
          updated_at: eb
            .case()
            .when(
              eb.and([
                eb('holidays.provenance', '=', 'official'),
                eb('holidays.state', 'is not', null),
                eb('holidays.source_url', 'is not', null),
              ]),
            )
            .then(eb.ref('holidays.updated_at'))
            .else(eb.fn<Date>('now'))
            .end(),
        })),
      )
      // xmax is a system column (0 on a row this statement inserted), which the builder's
      // typed tables do not declare.
      .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
      .executeTakeFirstOrThrow();
    ids.set(h.name, row.id);
    if (row.inserted) added++;
    else updated++;
  }
  // Link substitute days to the holiday they replace when both are in the tenant's list.
  for (const h of official) {
    if (!h.substituteFor || !ids.has(h.substituteFor)) continue;
    await q
      .updateTable('holidays')
      .set({ substitutes: ids.get(h.substituteFor)! })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', ids.get(h.name)!)
      .where('substitutes', 'is', null)
      .execute();
  }
  const listed = [...ids.values()];
  const rows = await q
    .selectFrom('holidays')
    .select(holidayColumns)
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb('id', '=', eb.fn.any(eb.val(listed))))
    .orderBy('date')
    .orderBy('name')
    .execute();
  return { added, updated, holidays: rows.map(toHoliday) };
}
