import { operation } from '@venue/service-kit';
import { RESOURCES_OWNER, tenantOf } from '../../shared/common.ts';
import { holidaysFromIcs } from '../holiday-ics.ts';
import { holidayInput, insertHoliday } from '../holiday-model.ts';
import { icsFileAsBody, icsProblem, sameDayAndName } from '../holiday-store.ts';
import { syncHolidays } from '../holiday-sync.ts';

const PUBLIC_HOLIDAYS = {
  targetType: 'settings',
  target: 'Public holidays',
  targetLabel: 'Public holidays',
} as const;

export const syncStateHolidays = operation(
  'post /api/holidays/sync',
  { guard: RESOURCES_OWNER },
  async ({ ctx, tx, body: { state, year } }) => {
    const result = await syncHolidays(tx, tenantOf(ctx), state, year);
    await tx.audit(ctx, {
      action: 'settings_updated',
      ...PUBLIC_HOLIDAYS,
      additionalInfo: `Synced ${state} ${year} public holidays: ${result.added} added, ${result.updated} already present`,
    });
    return result;
  },
);

export const importHolidays = operation(
  'post /api/holidays/import',
  { guard: RESOURCES_OWNER, before: [icsFileAsBody] },
  async ({ ctx, tx, body }) => {
    const parsed = holidaysFromIcs(body.ics);
    if (!parsed) throw icsProblem('The file is not a valid iCalendar (.ics) file');
    let imported = 0;
    let skipped = 0;
    for (const raw of parsed) {
      const r = holidayInput.safeParse({ ...raw, substitutes: null });
      if (!r.success || (await sameDayAndName(tx, r.data.date, r.data.name, null))) {
        skipped++;
        continue;
      }
      await insertHoliday(tx, tenantOf(ctx), r.data);
      imported++;
    }
    await tx.audit(ctx, {
      action: 'settings_updated',
      ...PUBLIC_HOLIDAYS,
      additionalInfo: `Imported ${imported} holidays from an ICS file (${skipped} skipped)`,
    });
    return { imported, skipped };
  },
);
