import {
  defineConsumers,
  notImplemented,
  requireAuth,
  requirePermission,
  requireTenantParam,
  type AppMiddleware,
  type ServiceOptions,
} from '@venue/service-kit';
import {
  auditConsumer,
  blockoutConsumer,
  bondConsumer,
  bookingConsumer,
  creditNoteConsumer,
  customerAnonymisedConsumer,
  invoiceConsumer,
  paymentConsumer,
  resourceConsumer,
  settingsConsumer,
} from './consumers/consumers.ts';
import { dashboardRoutes } from './dashboard/dashboard-routes.ts';
import { rebuildRoutes } from './rebuild/rebuild.ts';

/**
 * The endpoint exists with its real guards (token, page permission, own tenant), but the
 * feature is not built yet: say so instead of inventing data.
 */
function notYet(area: string): AppMiddleware {
  return async () => {
    throw notImplemented(`${area} is not available yet.`);
  };
}

/** Each owner's events kept in the read model (SUBSCRIPTIONS.insights). */
const consumers = defineConsumers('insights', {
  'tenant.settings_changed': settingsConsumer,
  'resource.*': resourceConsumer,
  'blockout.*': blockoutConsumer,
  'booking.created': bookingConsumer,
  'booking.updated': bookingConsumer,
  'booking.status_changed': bookingConsumer,
  'customer.anonymised': customerAnonymisedConsumer,
  'invoice.issued': invoiceConsumer,
  'invoice.status_changed': invoiceConsumer,
  'payment.recorded': paymentConsumer,
  'credit_note.issued': creditNoteConsumer,
  'bond.*': bondConsumer,
  'audit.recorded': auditConsumer,
});

/**
 * services/insights: Dashboard figures and reports, a pure read model (decision 39) fed by the
 * owners' events. Shared by main.ts and the tests.
 */
export const insightsService: ServiceOptions = {
  name: 'insights',
  migrationsDir: new URL('../migrations/', import.meta.url),
  routes(router, kit) {
    rebuildRoutes(router, kit, () => consumers);
    dashboardRoutes(router);
    router.get(
      '/api/reports/executive-kpis',
      requireAuth,
      requirePermission('reports'),
      requireTenantParam('hallOwnerId'),
      notYet('Reports'),
    );
  },
  consumers,
};
