/**
 * The Reports page's nine calls (spec 03 §7), each a named handler in `handlers/reports.ts`
 * served from the contract's table (`serveOperations`, issue 28 item 2).
 */
import { INSIGHTS_ROUTES, REPORTS_PATHS } from '@venue/contracts/insights';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { REPORT_OPERATIONS } from './handlers/reports.ts';

const paths = new Set<string>(Object.values(REPORTS_PATHS));
const REPORTS_ROUTES = INSIGHTS_ROUTES.filter((r) => paths.has(r.path));

export function reportsRoutes(router: AppRouter): void {
  serveOperations(router, REPORTS_ROUTES, REPORT_OPERATIONS);
}
