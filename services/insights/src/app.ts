import { defineConsumers, type ServiceOptions } from '@venue/service-kit';
import {
  auditConsumer,
  blockoutConsumer,
  bondConsumer,
  bookingConsumer,
  creditNoteConsumer,
  customerAnonymisedConsumer,
  emailFailedConsumer,
  invoiceConsumer,
  paymentConsumer,
  quotationConsumer,
  resourceConsumer,
  settingsConsumer,
} from './consumers/consumers.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { rebuildRoutes } from './rebuild/routes.ts';
import { reportExportRoutes } from './report-exports/routes.ts';
import { sweepReportSchedules } from './report-exports/sweep.ts';
import { reportsRoutes } from './reports/routes.ts';

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
  'quotation.sent': quotationConsumer,
  'quotation.declined': quotationConsumer,
  'email.failed': emailFailedConsumer,
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
    reportsRoutes(router);
    reportExportRoutes(router);
  },
  consumers,
  // Scheduled report e-mails: due ones handed to comms once (report-exports/sweep.ts).
  jobs: [
    {
      name: 'report-schedules',
      cron: '30 * * * * *',
      run: (kit) => sweepReportSchedules(kit).then(() => {}),
    },
  ],
};
