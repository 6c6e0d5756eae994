import type { PrincipalLookup } from '@venue/contracts';
import { defineConsumers, type ServiceKit, type ServiceOptions } from '@venue/service-kit';
import { recordAuditEvent } from './audit/audit-consumer.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { pruneSessions } from './auth/housekeeping.ts';
import { lookupPrincipal } from './auth/sessions.ts';
import { internalRoutes } from './internal-routes.ts';
import { portalRoutes } from './customers/routes.ts';
import { onlineBookingsRoutes } from './online/routes.ts';
import { seedDemo } from './demo/seed.ts';
import { auditRoutes } from './audit/routes.ts';
import { pictureRoutes } from './pictures/routes.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { publishMissingSnapshots } from './settings/settings-events.ts';
import { tenantSettingsRoutes } from './settings/routes.ts';
import { accountAdminRoutes } from './users/account-admin.ts';
import { accountRoutes, subUserRoutes } from './users/routes.ts';
import { webhookDepsFromEnv, type WebhookDeps } from './webhooks/config.ts';
import { webhookConsumers } from './webhooks/consumer.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { DELIVERY_JOB } from './webhooks/store.ts';
import { PRUNE_JOB, deliverDue, pruneDeliveries } from './webhooks/worker.ts';

/** Admin is the identity provider: it answers principal look-ups from its own database. */
export function resolvePrincipal(
  userId: string,
  kit: ServiceKit,
  sessionId?: string,
): Promise<PrincipalLookup> {
  return kit.db.systemTx((tx) => lookupPrincipal(tx, userId, sessionId ?? ''));
}

/** What admin takes from its surroundings beyond the kit's (tests replace parts). */
export interface AdminDeps {
  webhooks: WebhookDeps;
}

/** The options of services/admin, shared by main.ts and the tests. */
export function createAdminService(
  deps: AdminDeps = { webhooks: webhookDepsFromEnv() },
): ServiceOptions & { migrationsDir: URL } {
  return {
    name: 'admin',
    migrationsDir: new URL('../migrations/', import.meta.url),
    routes(router, kit) {
      internalRoutes(router, kit);
      authRoutes(router, kit);
      accountRoutes(router);
      tenantSettingsRoutes(router);
      pictureRoutes(router);
      privacyRoutes(router);
      subUserRoutes(router);
      apiKeyRoutes(router, kit);
      webhookRoutes(router, deps.webhooks);
      auditRoutes(router);
      onlineBookingsRoutes(router, kit);
      portalRoutes(router, kit);
      // last: /api/users/:id must not shadow the fixed /api/users/* paths above
      accountAdminRoutes(router);
    },
    consumers: defineConsumers('admin', {
      'audit.recorded': recordAuditEvent,
      // the venue's webhooks (decision 60): queued here, sent by the job below
      ...webhookConsumers,
    }),
    resolvePrincipal,
    async seed(kit) {
      await seedDemo(kit);
      // After the seed, so demo tenants get their first settings snapshot too.
      await publishMissingSnapshots(kit);
    },
    jobs: [
      { name: 'prune-sessions', cron: '17 * * * *', run: pruneSessions },
      // Woken by each delivery queued, a resume and a Send again; every ten seconds for the
      // retries (the first after 10 s) and what another replica queued. It ran every two seconds,
      // a third of an idle product's statements (issue 27).
      {
        name: DELIVERY_JOB,
        cron: '*/10 * * * * *',
        run: (kit) => deliverDue(kit, deps.webhooks).then(() => {}),
      },
      { name: PRUNE_JOB, cron: '41 3 * * *', run: (kit) => pruneDeliveries(kit, deps.webhooks) },
    ],
  };
}

/** The service as main.ts and most tests start it. */
export const adminService = createAdminService();
