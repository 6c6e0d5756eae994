/**
 * Export PDF and Download CSVs (spec 03 §2.10): the page's period and segments in, a file out.
 * The figures are read in one read of the tenant (the caller's, or the hall owner a super admin
 * names: so the handler opens it, `transaction: 'none'`); the file is drawn after it closes, so
 * a large PDF never holds a database connection.
 */
import { REPORTS_MESSAGES, reportExportQuery } from '@venue/contracts/insights';
import { notFound, operation, requireTenantParam } from '@venue/service-kit';
import { reportTenant } from '../../reports/report-tenant.ts';
import { hasData } from '../bundle.ts';
import { exportData } from '../export-data.ts';
import { reportPdf, reportPdfName } from '../report-pdf.ts';
import { reportZip, reportZipName } from '../report-zip.ts';

const options = {
  query: reportExportQuery,
  before: [requireTenantParam('hallOwnerId')],
  transaction: 'none',
} as const;

export const getReportPdf = operation('get /api/reports/export/pdf', options, async ({ ctx, query }) => {
  const { bundle, context } = await exportData(ctx, reportTenant(ctx, query.hallOwnerId), query);
  if (!hasData(bundle)) throw notFound(REPORTS_MESSAGES.nothingToExport);
  const bytes = await reportPdf(bundle, context);
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${reportPdfName(context.today)}"`);
  ctx.body = bytes;
});

export const getReportZip = operation('get /api/reports/export/zip', options, async ({ ctx, query }) => {
  const { bundle, context } = await exportData(ctx, reportTenant(ctx, query.hallOwnerId), query);
  if (!hasData(bundle)) throw notFound(REPORTS_MESSAGES.nothingToExport);
  ctx.type = 'application/zip';
  ctx.set('Content-Disposition', `attachment; filename="${reportZipName(context.today)}"`);
  ctx.body = reportZip(bundle, context);
});
