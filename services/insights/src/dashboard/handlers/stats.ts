import { dashboardStatsSchema } from '@venue/contracts/insights';
import { operation, requireTenantParam, venueIso } from '@venue/service-kit';
import { dashboardKpis } from '../kpis.ts';
import { readDashboard } from '../read-dashboard.ts';

/** The six KPIs with their previous period, delta, sparkline and note. */
export const getDashboardStats = operation(
  'get /api/dashboard/stats',
  { before: [requireTenantParam('hallOwnerId')], transaction: 'none' },
  ({ ctx, query }) =>
    readDashboard(ctx, query, async (tx, s) =>
      dashboardStatsSchema.parse({
        date: s.day,
        timezone: s.zone,
        generatedAt: venueIso(s.now, s.zone),
        kpis: await dashboardKpis(tx, s),
      }),
    ),
);
