/**
 * Export PDF and Download CSVs (spec 03 §2.10): the page's period and segments in, a file out.
 * The figures are read in one tenant transaction; the file is drawn after it closes, so a large
 * PDF never holds a database connection. The same PDF for comms' scheduled e-mail (internal).
 */
import type { Principal } from '@venue/contracts';
import {
  REPORT_EXPORT_PATHS,
  REPORTS_MESSAGES,
  internalReportPdfQuery,
  reportExportQuery,
} from '@venue/contracts/insights';
import {
  isUuid,
  notFound,
  parseQuery,
  requireAuth,
  requireInternal,
  requirePermission,
  requireTenantParam,
  type AppContext,
  type AppRouter,
} from '@venue/service-kit';
import { hasData } from './bundle.ts';
import { loadExport, type ExportChoice } from './export-data.ts';
import { reportPdf, reportPdfName } from './report-pdf.ts';
import { reportZip, reportZipName } from './report-zip.ts';

const guard = [requireAuth, requirePermission('reports'), requireTenantParam('hallOwnerId')] as const;

/** The caller's venue, or for a super admin the hall owner named (requireTenantParam checked it). */
function tenantFor(ctx: AppContext, hallOwnerId: string | undefined): string {
  const principal = ctx.state.principal as Principal;
  return principal.role === 'super_admin' && hallOwnerId ? hallOwnerId : principal.tenantId;
}

function exportData(ctx: AppContext, tenantId: string, choice: ExportChoice) {
  return ctx.kit.db.tenantRead(tenantId, (tx) => loadExport(tx, tenantId, choice));
}

export function reportExportRoutes(router: AppRouter): void {
  router.get(REPORT_EXPORT_PATHS.pdf, ...guard, async (ctx) => {
    const q = parseQuery(ctx, reportExportQuery);
    const { bundle, context } = await exportData(ctx, tenantFor(ctx, q.hallOwnerId), q);
    if (!hasData(bundle)) throw notFound(REPORTS_MESSAGES.nothingToExport);
    const bytes = await reportPdf(bundle, context);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${reportPdfName(context.today)}"`);
    ctx.body = bytes;
  });

  router.get(REPORT_EXPORT_PATHS.zip, ...guard, async (ctx) => {
    const q = parseQuery(ctx, reportExportQuery);
    const { bundle, context } = await exportData(ctx, tenantFor(ctx, q.hallOwnerId), q);
    if (!hasData(bundle)) throw notFound(REPORTS_MESSAGES.nothingToExport);
    ctx.type = 'application/zip';
    ctx.set('Content-Disposition', `attachment; filename="${reportZipName(context.today)}"`);
    ctx.body = reportZip(bundle, context);
  });

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
