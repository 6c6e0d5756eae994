import {
  defineConsumers,
  notImplemented,
  requireAuth,
  requirePermission,
  storeSettingsSnapshot,
  type AppRouter,
  type ServiceOptions,
} from '@venue/service-kit';
import { bondRoutes } from './bonds/routes.ts';
import { bookingEvent } from './copies/booking-copy.ts';
import { depositRoutes } from './deposits/routes.ts';
import { overdueJob } from './invoices/overdue-job.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { paymentRoutes } from './payments/routes.ts';

export interface MoneyServiceOptions {
  /** The clock of the overdue sweep (tests move it). */
  now?: () => Date;
}

/** services/money: invoices, payments, credit notes, deposits and bonds. Shared by main.ts and the tests. */
export function createMoneyService(opts: MoneyServiceOptions = {}): ServiceOptions {
  return {
    name: 'money',
    migrationsDir: new URL('../migrations/', import.meta.url),
    routes(router) {
      invoiceRoutes(router);
      paymentRoutes(router);
      // Bonds first: /api/deposits/bonds/... would otherwise meet /api/deposits/:bookingId/...
      bondRoutes(router);
      depositRoutes(router);
      quotationStubs(router);
    },
    consumers: defineConsumers('money', {
      'tenant.settings_changed': async (event, tx) => {
        await storeSettingsSnapshot(tx, event);
      },
      'booking.created': bookingEvent,
      'booking.updated': bookingEvent,
      'booking.status_changed': bookingEvent,
    }),
    jobs: [overdueJob(opts.now)],
  };
}

export const moneyService: ServiceOptions = createMoneyService();

/**
 * Quotations (spec 03 §2.3) are not built yet: their calls exist with their real guards and say
 * so (501) instead of inventing data.
 */
function quotationStubs(router: AppRouter) {
  const notYet = async () => {
    throw notImplemented('Quotations is not available yet.');
  };
  const guard = [requireAuth, requirePermission('quotations')] as const;
  router.post('/api/quotations', ...guard, notYet);
  router.get('/api/quotations/my-quotations', ...guard, notYet);
  router.get('/api/quotations/:id', ...guard, notYet);
  router.put('/api/quotations/:id', ...guard, notYet);
  router.put('/api/quotations/:id/status', ...guard, notYet);
  router.delete('/api/quotations/:id', ...guard, notYet);
  router.get('/api/quotations/:id/pdf', ...guard, notYet);
}
