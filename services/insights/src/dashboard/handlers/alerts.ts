/** Alerts & Tasks: the caller's open alerts, and Resolve and Dismiss (stored per user). */
import { alertActionSchema, dashboardAlertsSchema, dashboardQuery } from '@venue/contracts/insights';
import { operation, parseQuery, requireTenantParam, venueIso, type AppContext } from '@venue/service-kit';
import { activeAlerts, checkAlertKey, recordAlertAction } from '../alerts.ts';
import { readDashboard } from '../read-dashboard.ts';

const before = [requireTenantParam('hallOwnerId')];

export const getAlerts = operation(
  'get /api/dashboard/alerts',
  { before, transaction: 'none' },
  ({ ctx, query }) =>
    readDashboard(ctx, query, async (tx, s) =>
      dashboardAlertsSchema.parse({
        alerts: await activeAlerts(tx, {
          tenantId: s.tenantId,
          userId: s.principal.userId,
          zone: s.zone,
          today: s.today,
          now: s.now,
        }),
      }),
    ),
);

/** Stores the caller's action on the alert, in a transaction of the tenant the filters name. */
async function actOnAlert(ctx: AppContext, rawKey: string, action: 'resolved' | 'dismissed') {
  const key = checkAlertKey(rawKey);
  // The table gives these calls no query schema; the filters still name the tenant.
  const query = parseQuery(ctx, dashboardQuery);
  return readDashboard(
    ctx,
    query,
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
}

export const resolveAlert = operation(
  'post /api/dashboard/alerts/{key}/resolve',
  { before, transaction: 'none' },
  ({ ctx, params }) => actOnAlert(ctx, params.key, 'resolved'),
);

export const dismissAlert = operation(
  'post /api/dashboard/alerts/{key}/dismiss',
  { before, transaction: 'none' },
  ({ ctx, params }) => actOnAlert(ctx, params.key, 'dismissed'),
);
