import { defineConsumers, storeSettingsSnapshot, type ServiceOptions } from '@venue/service-kit';
import { bondRoutes } from './bonds/routes.ts';
import { bookingEvent } from './copies/booking-copy.ts';
import { depositRoutes } from './deposits/routes.ts';
import { overdueJob } from './invoices/overdue-job.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { quotationRoutes } from './quotations/routes.ts';

export interface MoneyServiceOptions {
  /** The clock of the overdue sweep (tests move it). */
  now?: () => Date;
}

/** services/money: invoices, payments, credit notes, deposits, bonds and quotations. Shared by main.ts and the tests. */
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
      quotationRoutes(router);
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
