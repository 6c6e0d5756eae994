/**
 * The Reports page's nine calls (spec 03 §7, issue 14 item 3): each one read transaction of the
 * tenant on the read model (decision 39), no call to another service. The tenant is the
 * caller's, or for a super admin the hall owner named by `hallOwnerId`.
 */
import type { Principal } from '@venue/contracts';
import { REPORTS_PATHS, reportsQuery } from '@venue/contracts/insights';
import {
  parseQuery,
  requireAuth,
  requirePermission,
  requireTenantParam,
  type AppRouter,
} from '@venue/service-kit';
import { REPORT_CALLS, inReportScope, loadReport, type ReportCall } from './load.ts';

const guards = [requireAuth, requirePermission('reports'), requireTenantParam('hallOwnerId')] as const;

export function reportsRoutes(router: AppRouter): void {
  for (const call of Object.keys(REPORT_CALLS) as ReportCall[]) {
    router.get(REPORTS_PATHS[call], ...guards, async (ctx) => {
      const query = parseQuery(ctx, reportsQuery);
      const principal = ctx.state.principal as Principal;
      const tenantId =
        principal.role === 'super_admin' && query.hallOwnerId ? query.hallOwnerId : principal.tenantId;
      ctx.body = await ctx.kit.db.tenantRead(tenantId, (tx) =>
        inReportScope(tx, tenantId, query, (s) => loadReport(tx, s, call)),
      );
    });
  }
}
