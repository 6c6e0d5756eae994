import Holidays from 'date-holidays';
import type { Tx } from '@venue/service-kit';
import type { STATES } from './holiday-model.ts';
import { HOLIDAY_COLUMNS, defaultSurcharge, toHoliday, type Holiday } from './holiday-model.ts';

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
  for (const h of official) {
    const { rows } = await tx.query<{ id: string; inserted: boolean }>(
      `INSERT INTO holidays (tenant_id, name, date, scope, state, pricing_rule, surcharge_percent, provenance, source_url)
       VALUES ($1, $2, $3, 'statewide', $4, 'PH-Std', $5, 'official', $6)
       ON CONFLICT (tenant_id, date, name) DO UPDATE
         SET provenance = 'official',
             state = COALESCE(holidays.state, EXCLUDED.state),
             source_url = COALESCE(holidays.source_url, EXCLUDED.source_url),
             updated_at = CASE WHEN holidays.provenance = 'official' AND holidays.state IS NOT NULL
                               AND holidays.source_url IS NOT NULL THEN holidays.updated_at ELSE now() END
       RETURNING id, (xmax = 0) AS inserted`,
      [tenantId, h.name, h.date, state, defaultSurcharge('PH-Std'), SOURCE_URL],
    );
    const row = rows[0]!;
    ids.set(h.name, row.id);
    if (row.inserted) added++;
    else updated++;
  }
  // Link substitute days to the holiday they replace when both are in the tenant's list.
  for (const h of official) {
    if (!h.substituteFor || !ids.has(h.substituteFor)) continue;
    await tx.query(`UPDATE holidays SET substitutes = $2 WHERE id = $1 AND substitutes IS NULL`, [
      ids.get(h.name),
      ids.get(h.substituteFor),
    ]);
  }
  const { rows } = await tx.query(
    `SELECT ${HOLIDAY_COLUMNS} FROM holidays WHERE id = ANY($1::uuid[]) ORDER BY date, name`,
    [[...ids.values()]],
  );
  return { added, updated, holidays: rows.map((r) => toHoliday(r as Record<string, unknown>)) };
}
