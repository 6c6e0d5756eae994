/** The Dashboard's lists: the day's schedule, payments due, holds expiring, activity, resources. */
import {
  DEFAULT_SCHEDULE_FILTERS,
  dashboardActivitySchema,
  dashboardHoldsSchema,
  dashboardPaymentsDueSchema,
  dashboardResourcesSchema,
  dashboardScheduleSchema,
} from '@venue/contracts/insights';
import { operation, requireTenantParam } from '@venue/service-kit';
import { holdsExpiring, recentActivity, resourceChoices, schedule } from '../lists.ts';
import { DUE_SOON_DAYS, paymentsDue } from '../payments-due.ts';
import { readDashboard } from '../read-dashboard.ts';

/** The tenant named by `hallOwnerId` (a super admin's), read in its own read (read-dashboard.ts). */
const options = { before: [requireTenantParam('hallOwnerId')], transaction: 'none' } as const;

export const getDashboardSchedule = operation(
  'get /api/dashboard/schedule',
  { ...options },
  ({ ctx, query }) =>
    readDashboard(ctx, query, async (tx, s) =>
      dashboardScheduleSchema.parse({
        date: s.day,
        schedule: await schedule(tx, s, s.query.status ?? DEFAULT_SCHEDULE_FILTERS),
      }),
    ),
);

export const getPaymentsDue = operation('get /api/dashboard/payments-due', { ...options }, ({ ctx, query }) =>
  readDashboard(ctx, query, async (tx, s) =>
    dashboardPaymentsDueSchema.parse({
      date: s.day,
      horizonDays: DUE_SOON_DAYS,
      ...(await paymentsDue(tx, s, query)),
      // Every issued invoice has a payment link (money, decision 43); comms e-mails it.
      paymentLinks: true,
    }),
  ),
);

export const getHoldsExpiring = operation(
  'get /api/dashboard/holds-expiring',
  { ...options },
  ({ ctx, query }) =>
    readDashboard(ctx, query, async (tx, s) =>
      dashboardHoldsSchema.parse({ holds: await holdsExpiring(tx, s) }),
    ),
);

export const getActivity = operation('get /api/dashboard/activity', { ...options }, ({ ctx, query }) =>
  readDashboard(ctx, query, async (tx, s) =>
    dashboardActivitySchema.parse({
      activities: await recentActivity(tx, {
        tenantId: s.tenantId,
        zone: s.zone,
        // Staff see their own entries, as on the Audit Log.
        onlyActor: s.principal.role === 'sub_user' ? s.principal.userId : null,
      }),
    }),
  ),
);

export const getResourceChoices = operation(
  'get /api/dashboard/resources',
  { ...options },
  ({ ctx, query }) =>
    readDashboard(ctx, query, async (tx, s) =>
      dashboardResourcesSchema.parse({ resources: await resourceChoices(tx, s.tenantId) }),
    ),
);
