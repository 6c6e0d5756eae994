/**
 * The Reports page's nine calls (spec 03 §7, issue 14 item 3): each one read of the tenant on the
 * read model (decision 39), no call to another service. They differ only in what they compute
 * (REPORT_CALLS in load.ts), so each is the same handler made for its call.
 */
import { REPORTS_PATHS } from '@venue/contracts/insights';
import { operation, requireTenantParam } from '@venue/service-kit';
import type { Principal } from '@venue/contracts';
import { answerKey, keptAnswer } from '../../db/answers.ts';
import { inReportScope, loadReport, reportsClock, type ReportCall } from '../load.ts';
import { reportTenant } from '../report-tenant.ts';

function reportOperation(call: ReportCall) {
  return operation(
    `get ${REPORTS_PATHS[call]}`,
    { before: [requireTenantParam('hallOwnerId')], transaction: 'none' },
    ({ ctx, query }) => {
      const tenantId = reportTenant(ctx, query.hallOwnerId);
      const key = answerKey(tenantId, ctx.state.principal as Principal, call, query);
      const now = reportsClock.now();
      // The answer worked out at the read model's current version, if this process has it (answers.ts).
      return ctx.kit.db.tenantRead(tenantId, (tx) =>
        keptAnswer(tx, tenantId, key, now, () =>
          inReportScope(tx, tenantId, query, (s) => loadReport(tx, s, call), now),
        ),
      );
    },
  );
}

export const getExecutiveKpis = reportOperation('executiveKpis');
export const getHistoricalData = reportOperation('historical');
export const getPipelineData = reportOperation('pipeline');
export const getFunnelData = reportOperation('funnel');
export const getPaymentAnalysis = reportOperation('payments');
export const getResourceUtilisation = reportOperation('utilisation');
export const getCancellationReasons = reportOperation('cancellations');
export const getForecast = reportOperation('forecast');
export const getReportSummary = reportOperation('summary');

/** One handler per call of REPORT_CALLS (load.ts); the registrar serves them in the table's order. */
export const REPORT_OPERATIONS = [
  getExecutiveKpis,
  getHistoricalData,
  getPipelineData,
  getFunnelData,
  getPaymentAnalysis,
  getResourceUtilisation,
  getCancellationReasons,
  getForecast,
  getReportSummary,
];
