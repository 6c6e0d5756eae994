import {
  notImplemented,
  requireAuth,
  requirePermission,
  requireTenantParam,
  type AppMiddleware,
  type ServiceOptions,
} from '@venue/service-kit';

/**
 * The endpoint exists with its real guards (token, page permission, own tenant), but the
 * feature is not built yet: say so instead of inventing data.
 */
function notYet(area: string): AppMiddleware {
  return async () => {
    throw notImplemented(`${area} is not available yet.`);
  };
}

/** services/insights: Dashboard figures and reports (the read side fed by other services' events). Shared by main.ts and the tests. */
export const insightsService: ServiceOptions = {
  name: 'insights',
  migrationsDir: new URL('../migrations/', import.meta.url),
  routes(router) {
    router.get(
      '/api/dashboard/stats',
      requireAuth,
      requirePermission('dashboard'),
      requireTenantParam('hallOwnerId'),
      notYet('Dashboard'),
    );
    router.get(
      '/api/reports/executive-kpis',
      requireAuth,
      requirePermission('reports'),
      requireTenantParam('hallOwnerId'),
      notYet('Reports'),
    );
  },
};
