/**
 * The Dashboard's calls (spec 01 §7, issue 14): six reads and the alerts with Resolve and
 * Dismiss. Each read is one tenant transaction on the read model (decision 39): no call to
 * another service on a dashboard request. The venue's time zone comes from the settings copy;
 * without it the answer is 503 rather than figures on a guessed clock (decision 21).
 */
import {
  DEFAULT_SCHEDULE_FILTERS,
  alertActionSchema,
  dashboardActivitySchema,
  dashboardAlertsSchema,
  dashboardHoldsSchema,
  dashboardPaymentsDueSchema,
  dashboardQuery,
  dashboardResourcesSchema,
  dashboardScheduleSchema,
  dashboardStatsSchema,
  paymentsDueQuery,
  type DashboardQuery,
} from '@venue/contracts/insights';
import {
  parseQuery,
  requireAuth,
  requirePermission,
  requireTenantParam,
  venueIso,
  venueToday,
  type AppContext,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import type { Principal } from '@venue/contracts';
import type { z } from 'zod';
import { afterVenueZone, withVenueZone } from '../db/zone.ts';
import { activeAlerts, checkAlertKey, recordAlertAction } from './alerts.ts';
import { dashboardKpis } from './kpis.ts';
import {
  DUE_SOON_DAYS,
  holdsExpiring,
  paymentsDue,
  recentActivity,
  resourceChoices,
  schedule,
} from './lists.ts';

/**
 * The dashboard's clock. Tests set `now` to a fixed instant so every figure can be worked out
 * by hand; nothing else changes it.
 */
export const dashboardClock = { now: (): Date => new Date() };

interface DashboardScope {
  tenantId: string;
  principal: Principal;
  zone: string;
  now: Date;
  /** The day looked at (the filter's date, else the venue's today). */
  day: string;
  today: string;
  resourceId: string | null;
  query: z.output<typeof dashboardQuery>;
}

/**
 * Reads the filters, then runs `fn` for the tenant: the caller's, or for a super admin the hall
 * owner named by `hallOwnerId` (requireTenantParam checked it already). A `fn` that only reads
 * runs as a read (`tenantRead`) on the zone last read, together with the settings copy
 * (zone.ts); one that `writes` runs in a transaction, once, after the copy is read.
 */
async function readDashboard<T>(
  ctx: AppContext,
  fn: (tx: Tx, scope: DashboardScope) => Promise<T>,
  writes = false,
): Promise<T> {
  const query = parseQuery(ctx, dashboardQuery);
  const principal = ctx.state.principal as Principal;
  const tenantId =
    principal.role === 'super_admin' && query.hallOwnerId ? query.hallOwnerId : principal.tenantId;
  const now = dashboardClock.now();
  // A read costs one round trip fewer than a transaction (no COMMIT): kit Driver.read.
  const open = writes ? ctx.kit.db.tenantTx : ctx.kit.db.tenantRead;
  return open(tenantId, (tx) =>
    (writes ? afterVenueZone : withVenueZone)(tx, tenantId, 'the Dashboard', (zone) => {
      const today = venueToday(now, zone);
      return fn(tx, {
        tenantId,
        principal,
        zone,
        now,
        day: query.date ?? today,
        today,
        resourceId: query.resourceId ?? null,
        query,
      });
    }),
  );
}

const guards = [requireAuth, requirePermission('dashboard'), requireTenantParam('hallOwnerId')] as const;

export function dashboardRoutes(router: AppRouter): void {
  router.get('/api/dashboard/stats', ...guards, async (ctx) => {
    ctx.body = await readDashboard(ctx, async (tx, s) =>
      dashboardStatsSchema.parse({
        date: s.day,
        timezone: s.zone,
        generatedAt: venueIso(s.now, s.zone),
        kpis: await dashboardKpis(tx, s),
      }),
    );
  });

  router.get('/api/dashboard/schedule', ...guards, async (ctx) => {
    ctx.body = await readDashboard(ctx, async (tx, s) =>
      dashboardScheduleSchema.parse({
        date: s.day,
        schedule: await schedule(tx, s, s.query.status ?? DEFAULT_SCHEDULE_FILTERS),
      }),
    );
  });

  router.get('/api/dashboard/payments-due', ...guards, async (ctx) => {
    ctx.body = await readDashboard(ctx, async (tx, s) =>
      dashboardPaymentsDueSchema.parse({
        date: s.day,
        horizonDays: DUE_SOON_DAYS,
        ...(await paymentsDue(tx, s, parseQuery(ctx, paymentsDueQuery))),
        // Every issued invoice has a payment link (money, decision 43); comms e-mails it.
        paymentLinks: true,
      }),
    );
  });

  router.get('/api/dashboard/holds-expiring', ...guards, async (ctx) => {
    ctx.body = await readDashboard(ctx, async (tx, s) =>
      dashboardHoldsSchema.parse({ holds: await holdsExpiring(tx, s) }),
    );
  });

  router.get('/api/dashboard/activity', ...guards, async (ctx) => {
    ctx.body = await readDashboard(ctx, async (tx, s) =>
      dashboardActivitySchema.parse({
        activities: await recentActivity(tx, {
          tenantId: s.tenantId,
          zone: s.zone,
          // Staff see their own entries, as on the Audit Log.
          onlyActor: s.principal.role === 'sub_user' ? s.principal.userId : null,
        }),
      }),
    );
  });

  router.get('/api/dashboard/resources', ...guards, async (ctx) => {
    ctx.body = await readDashboard(ctx, async (tx, s) =>
      dashboardResourcesSchema.parse({ resources: await resourceChoices(tx, s.tenantId) }),
    );
  });

  router.get('/api/dashboard/alerts', ...guards, async (ctx) => {
    ctx.body = await readDashboard(ctx, async (tx, s) =>
      dashboardAlertsSchema.parse({
        alerts: await activeAlerts(tx, {
          tenantId: s.tenantId,
          userId: s.principal.userId,
          zone: s.zone,
          today: s.today,
          now: s.now,
        }),
      }),
    );
  });

  for (const [verb, action] of [
    ['resolve', 'resolved'],
    ['dismiss', 'dismissed'],
  ] as const) {
    router.post(`/api/dashboard/alerts/:key/${verb}`, ...guards, async (ctx) => {
      const key = checkAlertKey(String(ctx.params.key ?? ''));
      ctx.body = await readDashboard(
        ctx,
        async (tx, s) => {
          const done = await recordAlertAction(tx, {
            tenantId: s.tenantId,
            userId: s.principal.userId,
            key,
            action,
          });
          return alertActionSchema.parse({ ...done, at: venueIso(done.at, s.zone) });
        },
        true,
      );
    });
  }
}

export type { DashboardQuery };
