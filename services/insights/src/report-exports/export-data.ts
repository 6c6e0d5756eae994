/**
 * One read of everything an export shows, in one tenant transaction on the read model: the nine
 * Reports answers (loadReports: the page's own figures) and the venue's words for the title
 * page. No other service is asked (decision 39).
 */
import { DEFAULT_REPORT_PERIOD, type ReportPeriod, type ReportSegment } from '@venue/contracts/insights';
import { requireSettingsCopy, wallClock, type AppContext, type Tx } from '@venue/service-kit';
import { db, venueName } from '../db/query.ts';
import { loadReports } from '../reports/load.ts';
import type { ReportBundle, ReportContext } from './bundle.ts';
import { exportClock } from './clock.ts';

export interface ExportChoice {
  period?: ReportPeriod;
  segments?: ReportSegment[];
}

export async function loadExport(
  tx: Tx,
  tenantId: string,
  choice: ExportChoice,
): Promise<{ bundle: ReportBundle; context: ReportContext }> {
  const settings = await requireSettingsCopy(tx, tenantId, 'Reports');
  const named = await db(tx)
    .selectFrom('tenant_settings')
    .select((eb) => venueName(eb).as('name'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const period = choice.period ?? DEFAULT_REPORT_PERIOD;
  const segments = choice.segments?.length ? choice.segments : (['all'] as ReportSegment[]);
  const now = exportClock.now();
  // The page's own figures: spec 03 §9's 6 months of history, pipeline and forecast.
  const bundle = await loadReports(tx, tenantId, { period, segments, months: 6, periods: 6 }, now);
  const clock = wallClock(now, settings.timezone);
  return {
    bundle,
    context: {
      venueName: named?.name?.trim() || 'Your venue',
      timezone: settings.timezone,
      currency: settings.currency,
      period,
      segments,
      generatedAt: `${clock.date} ${clock.time}`,
      today: clock.date,
    },
  };
}

/** `loadExport` in a read of the tenant, for the export calls and comms' internal PDF. */
export function exportData(ctx: AppContext, tenantId: string, choice: ExportChoice) {
  return ctx.kit.db.tenantRead(tenantId, (tx) => loadExport(tx, tenantId, choice));
}
