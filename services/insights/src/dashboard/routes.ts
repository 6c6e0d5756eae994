/**
 * The Dashboard's calls (spec 01 §7, issue 14): six reads and the alerts with Resolve and
 * Dismiss, each one named handler in `handlers/` served from the contract's table
 * (`serveOperations`, issue 28 item 2).
 */
import { INSIGHTS_ROUTES } from '@venue/contracts/insights';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import { dismissAlert, getAlerts, resolveAlert } from './handlers/alerts.ts';
import {
  getActivity,
  getDashboardSchedule,
  getHoldsExpiring,
  getPaymentsDue,
  getResourceChoices,
} from './handlers/lists.ts';
import { getDashboardStats } from './handlers/stats.ts';

const DASHBOARD_ROUTES = INSIGHTS_ROUTES.filter((r) => r.path.startsWith('/api/dashboard/'));

export function dashboardRoutes(router: AppRouter): void {
  serveOperations(router, DASHBOARD_ROUTES, [
    getDashboardStats,
    getDashboardSchedule,
    getPaymentsDue,
    getHoldsExpiring,
    getActivity,
    getResourceChoices,
    getAlerts,
    resolveAlert,
    dismissAlert,
  ]);
}
