/** services/comms: e-mail templates, sending, the outbox worker, history and automatic e-mails (issue 12). */
import { defineConsumers, settingsCopyConsumer, type ServiceOptions } from '@venue/service-kit';
import { bondConsumers } from './automatic/bond-events.ts';
import { bookingEventConsumer } from './automatic/booking-events.ts';
import { moneyConsumers } from './automatic/money-events.ts';
import { quotationConsumers } from './automatic/quotation-events.ts';
import { reportConsumers } from './automatic/report-events.ts';
import { webhookConsumers } from './automatic/webhook-events.ts';
import { queueScheduled } from './automatic/scheduled.ts';
import { defaultBackoff, publicOriginFromEnv, type CommsDeps } from './deps.ts';
import { demoRoutes } from './demo/demo-emails.ts';
import { doorConsumers } from './door/door-mail.ts';
import { historyRoutes } from './history/routes.ts';
import { fetchPayLinkFromMoney } from './send/pay-link.ts';
import { fetchSenderFromAdmin } from './mail/sender.ts';
import { SEND_CONCURRENCY, smtpTransport } from './mail/transport.ts';
import { customerAnonymised, privacyRoutes } from './privacy/privacy.ts';
import { DELIVER_MAIL_JOB } from './mail/queue.ts';
import { deliverDue } from './mail/worker.ts';
import { sendRoutes } from './send/routes.ts';
import { settingsRoutes } from './settings/routes.ts';
import { smsRoutes } from './sms/routes.ts';
import { smsConfigFromEnv } from './sms/transport.ts';
import { templateRoutes } from './templates/routes.ts';

/** Production defaults: SMTP_URL (else the embedded capture, wired by main.ts), admin for the sender. */
export function defaultDeps(overrides: Partial<CommsDeps> = {}): CommsDeps {
  const smtpUrl = process.env.SMTP_URL;
  let transport: ReturnType<typeof smtpTransport> | undefined;
  return {
    now: () => new Date(),
    mailer: {
      transport: () => {
        if (!smtpUrl) throw new Error('no SMTP_URL and no embedded mail server started');
        transport ??= smtpTransport(smtpUrl);
        return transport;
      },
      mailFrom: process.env.MAIL_FROM ?? 'bookings@venuedesk.local',
      capturing: !smtpUrl,
    },
    sms: smsConfigFromEnv(),
    // A dead worker's message is sent again within a minute: claims are renewed every 10 s, so one
    // not renewed for 45 s is a dead worker's, and the next round (every 5 s) takes it over.
    claimTimeoutMs: 45_000,
    heartbeatMs: 10_000,
    // Longer than any SMTP timeout (mail/transport.ts) so that they speak first, for a real
    // stall; this one is for a server that keeps trickling.
    sendDeadlineMs: 120_000,
    sendConcurrency: SEND_CONCURRENCY,
    idlePollMs: 1_000,
    backoffMs: defaultBackoff,
    batchSize: 200,
    fetchSender: fetchSenderFromAdmin,
    // money makes the link (its PAY_LINK_BASE names the public address)
    fetchPayLink: fetchPayLinkFromMoney,
    publicOrigin: publicOriginFromEnv(),
    ...overrides,
  };
}

export function createCommsService(deps: CommsDeps = defaultDeps()): ServiceOptions {
  const bookingEvent = bookingEventConsumer(deps);
  const money = moneyConsumers(deps);
  return {
    name: 'comms',
    migrationsDir: new URL('../migrations/', import.meta.url),
    routes(router, kit) {
      privacyRoutes(router, kit);
      templateRoutes(router);
      sendRoutes(router, deps);
      historyRoutes(router, deps);
      settingsRoutes(router);
      smsRoutes(router, deps);
      demoRoutes(router, kit);
    },
    consumers: defineConsumers('comms', {
      'tenant.settings_changed': settingsCopyConsumer,
      'booking.created': bookingEvent,
      'booking.updated': bookingEvent,
      'booking.status_changed': bookingEvent,
      'customer.anonymised': customerAnonymised,
      ...money,
      ...bondConsumers(deps),
      ...quotationConsumers(deps),
      ...reportConsumers(deps),
      ...doorConsumers(deps),
      // the owner's e-mail when admin switches a failing webhook off (decision 60)
      ...webhookConsumers(deps),
    }),
    jobs: [
      // The worker: woken by each message queued (queueEmail), and every five seconds for what
      // comes due later (retries, scheduled mail) or was queued by another replica.
      { name: DELIVER_MAIL_JOB, cron: '*/5 * * * * *', run: (kit) => deliverDue(kit, deps).then(() => {}) },
      {
        name: 'scheduled-mail',
        cron: '0 */5 * * * *',
        run: (kit) => queueScheduled(kit, deps).then(() => {}),
      },
    ],
  };
}

/** The service as main.ts and the generic tests start it. */
export const commsService: ServiceOptions = createCommsService();
