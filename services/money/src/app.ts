import { defineConsumers, settingsCopyConsumer, type ServiceOptions } from '@venue/service-kit';
import { bondRoutes } from './bonds/routes.ts';
import { bookingEvent } from './copies/booking-copy.ts';
import { csvExportRoutes } from './csv/routes.ts';
import { demoRoutes } from './demo/demo-routes.ts';
import { depositRoutes } from './deposits/routes.ts';
import { exportRoutes } from './export/tenant-export.ts';
import { accountingExportRoutes } from './exports/routes.ts';
import { overdueJob } from './invoices/overdue-job.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { paylinkConfigFromEnv, type PaylinkConfig } from './paylinks/config.ts';
import { paylinkRoutes } from './paylinks/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { portalRoutes } from './portal/routes.ts';
import { quotationDepositRoutes } from './quotations/deposit-routes.ts';
import { quotationRoutes } from './quotations/routes.ts';

export interface MoneyServiceOptions {
  /** The clock of the overdue sweep (tests move it). */
  now?: () => Date;
  /** Payment links and Stripe (decision 43); default from the environment. */
  paylinks?: PaylinkConfig;
}

/** services/money: invoices, payments, credit notes, deposits, bonds and quotations. Shared by main.ts and the tests. */
export function createMoneyService(opts: MoneyServiceOptions = {}): ServiceOptions {
  return {
    name: 'money',
    migrationsDir: new URL('../migrations/', import.meta.url),
    routes(router, kit) {
      const paylinks = opts.paylinks ?? paylinkConfigFromEnv();
      demoRoutes(router, kit, opts.now);
      // Before the invoice and quotation routes: export.csv is not an :id.
      csvExportRoutes(router);
      // Xero and MYOB files (issue 26 item 4): export/xero is no :id either.
      accountingExportRoutes(router);
      invoiceRoutes(router);
      paymentRoutes(router);
      // Bonds first: /api/deposits/bonds/... would otherwise meet /api/deposits/:bookingId/...
      bondRoutes(router);
      // Before depositRoutes, beside the bonds: /api/deposits/quotations/... is its own path.
      quotationDepositRoutes(router);
      depositRoutes(router);
      quotationRoutes(router);
      exportRoutes(router);
      paylinkRoutes(router, paylinks);
      // The customer's portal (issue 25, decision 56): /api/portal/…, customers only.
      portalRoutes(router, paylinks);
    },
    consumers: defineConsumers('money', {
      'tenant.settings_changed': settingsCopyConsumer,
      'booking.created': bookingEvent,
      'booking.updated': bookingEvent,
      'booking.status_changed': bookingEvent,
    }),
    jobs: [overdueJob(opts.now)],
  };
}

export const moneyService: ServiceOptions = createMoneyService();
