/**
 * Export PDF, Download CSVs and Schedule Email (spec 03 §2.10): each call of the contract's table
 * a named handler in `handlers/` (`serveOperations`, issue 28 item 2), and the same PDF for
 * comms' scheduled e-mail, internal and so written here.
 */
import { INSIGHTS_ROUTES, REPORT_EXPORT_PATHS, internalReportPdfQuery } from '@venue/contracts/insights';
import {
  isUuid,
  notFound,
  parseQuery,
  requireInternal,
  serveOperations,
  type AppRouter,
} from '@venue/service-kit';
import { exportData } from './export-data.ts';
import { getReportPdf, getReportZip } from './handlers/exports.ts';
import {
  deleteReportSchedule,
  listReportSchedules,
  patchReportSchedule,
  postReportSchedule,
} from './handlers/schedules.ts';
import { reportPdf, reportPdfName } from './report-pdf.ts';

const paths = Object.values(REPORT_EXPORT_PATHS);
const EXPORT_ROUTES = INSIGHTS_ROUTES.filter((r) => paths.some((p) => r.path.startsWith(p)));

export function reportExportRoutes(router: AppRouter): void {
  serveOperations(router, EXPORT_ROUTES, [
    getReportPdf,
    getReportZip,
    listReportSchedules,
    postReportSchedule,
    patchReportSchedule,
    deleteReportSchedule,
  ]);

  // The scheduled e-mail's attachment, fetched by comms' worker when it sends (decision 30's
  // pattern). An empty period still makes a report: each panel says it has no data, which is
  // what the recipients should read rather than no e-mail at all.
  router.get('/internal/reports/:hallOwnerId/pdf', requireInternal, async (ctx) => {
    const tenantId = ctx.params.hallOwnerId ?? '';
    if (!isUuid(tenantId)) throw notFound('Venue not found');
    const q = parseQuery(ctx, internalReportPdfQuery);
    const { bundle, context } = await exportData(ctx, tenantId, q);
    const bytes = await reportPdf(bundle, context);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${reportPdfName(context.today)}"`);
    ctx.body = bytes;
  });
}
