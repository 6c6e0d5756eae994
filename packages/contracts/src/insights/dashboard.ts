/**
 * The Dashboard's calls (spec 01 §2 Dashboard, §3 "Dashboard data", §7; issue 14), answered by
 * services/insights from its read model (decision 39): queries, answers and the alert actions.
 * The service validates with these and mfe-admin infers its types from them
 * (`@venue/contracts/insights`). Money in integer cents (decision 4); times at the venue's
 * offset, days and wall-clock times in the venue's time zone.
 */
import { z } from 'zod';
import { cents, day, hhmm, instant } from '../api/common.ts';
import { isUuid, limitParam, queryDate, queryText, textField } from '../api/fields.ts';

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** The status toggles of the filter bar (spec: internal values confirmed, pending, block-out). */
export const SCHEDULE_FILTERS = ['confirmed', 'pending', 'block-out'] as const;
export type ScheduleFilter = (typeof SCHEDULE_FILTERS)[number];
/** Reset filters sets status to confirmed (spec 01 §2). */
export const DEFAULT_SCHEDULE_FILTERS: readonly ScheduleFilter[] = ['confirmed'];

const hallOwnerId = queryText('hallOwnerId', 64).refine((v) => v === undefined || isUuid(v), {
  error: 'hallOwnerId must be a hall owner id.',
});
const resourceId = queryText('resourceId', 64).refine((v) => v === undefined || isUuid(v), {
  error: 'resourceId must be a resource id.',
});
/** `confirmed,pending,block-out` (any of them, comma-separated); absent = confirmed. */
const status = queryText('status', 200).transform((v, ctx): ScheduleFilter[] | undefined => {
  if (v === undefined) return undefined;
  const parts = v.split(',').map((s) => s.trim());
  if (parts.some((p) => !(SCHEDULE_FILTERS as readonly string[]).includes(p))) {
    ctx.addIssue({
      code: 'custom',
      message: 'status must be confirmed, pending or block-out, separated by commas.',
    });
    return z.NEVER;
  }
  return [...new Set(parts)] as ScheduleFilter[];
});

/** Every dashboard call: the tenant (checked against the caller) and the filter bar's values. */
export const dashboardQuery = z.object({
  hallOwnerId,
  resourceId,
  /** The venue day the dashboard looks at; absent = the venue's today. */
  date: queryDate('date'),
  status,
});
export type DashboardQuery = z.input<typeof dashboardQuery>;

/** `GET /api/dashboard/payments-due` pages (keyset): `limit` 1–100 (default 25) after `cursor`. */
export const paymentsDueQuery = dashboardQuery.extend({
  limit: limitParam(100, 25),
  cursor: queryText('cursor', 400),
});

/** Path parameter of the alert actions: the alert's key as the list gave it. */
export const alertKeyParam = textField(200, 'Alert key', 'Alert key is required');

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const KPI_KEYS = [
  'occupancyToday',
  'bookingsThisWeek',
  'holdsExpiring',
  'paymentsDue',
  'cancellations30d',
  'revenueMtd',
] as const;
export type KpiKey = (typeof KPI_KEYS)[number];

export const KPI_TITLES: Record<KpiKey, string> = {
  occupancyToday: 'Occupancy Today',
  bookingsThisWeek: 'Bookings (This Week)',
  holdsExpiring: 'Holds Expiring',
  paymentsDue: 'Payments Due',
  cancellations30d: 'Cancellations (30d)',
  revenueMtd: 'Revenue (MTD)',
};

export const kpiSchema = z.object({
  key: z.enum(KPI_KEYS),
  title: z.string(),
  /** percent: 0–100 with one decimal; count: whole number; cents: whole cents. */
  unit: z.enum(['percent', 'count', 'cents']),
  value: z.number(),
  /** The same figure for the previous period (`note` says which). */
  previous: z.number(),
  /** value − previous, in the KPI's unit (percentage points for a percent). */
  delta: z.number(),
  deltaType: z.enum(['increase', 'decrease', 'neutral']),
  /** Oldest first, ending with the current period; `sparklineLabels` names each point. */
  sparkline: z.array(z.number()),
  sparklineLabels: z.array(z.string()),
  /** The tooltip: what is counted and against what. */
  note: z.string(),
});
export type Kpi = z.infer<typeof kpiSchema>;

/** `GET /api/dashboard/stats`. */
export const dashboardStatsSchema = z.object({
  date: day(),
  timezone: z.string(),
  generatedAt: instant(),
  kpis: z.array(kpiSchema),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const SCHEDULE_STATUSES = ['confirmed', 'tentative', 'block-out'] as const;
export const scheduleItemSchema = z.object({
  /** Start at the venue (`HH:mm`); a block-out or booking begun the day before shows 00:00. */
  time: hhmm(),
  endTime: hhmm(),
  startsAt: instant(),
  endsAt: instant(),
  title: z.string(),
  resource: z.string(),
  resourceId: z.string(),
  /** Confirmed (green), Tentative (yellow: holds and requests), Block-out (grey). */
  status: z.enum(SCHEDULE_STATUSES),
  bookingId: z.string().nullable(),
  bookingCode: z.string().nullable(),
  customer: z.string().nullable(),
  blockoutId: z.string().nullable(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

/** `GET /api/dashboard/schedule`. */
export const dashboardScheduleSchema = z.object({
  date: day(),
  schedule: z.array(scheduleItemSchema),
});
export type DashboardSchedule = z.infer<typeof dashboardScheduleSchema>;

export const PAYMENT_DUE_STATUSES = ['Overdue', 'Due Today', 'Due Soon'] as const;
export const paymentDueSchema = z.object({
  /** The invoice number, or the booking's code for a bond not yet received. */
  invoice: z.string(),
  /** Null for a bond (no invoice until part of it is kept). */
  invoiceId: z.string().nullable(),
  customer: z.string(),
  customerEmail: z.string(),
  type: z.enum(['DEPOSIT', 'FINAL', 'BOND']),
  amountCents: cents(),
  /** The spec's dollars, from the cents. */
  amountAud: z.number(),
  dueDate: day(),
  status: z.enum(PAYMENT_DUE_STATUSES),
  daysOverdue: z.number().int().min(0),
  bookingId: z.string().nullable(),
  bookingCode: z.string().nullable(),
});
export type PaymentDue = z.infer<typeof paymentDueSchema>;

/** `GET /api/dashboard/payments-due`: overdue first, then by due date (spec 01 §2). */
export const dashboardPaymentsDueSchema = z.object({
  date: day(),
  /** How far ahead "Due Soon" looks, in days. */
  horizonDays: z.number().int(),
  payments: z.array(paymentDueSchema),
  /** The next page's `cursor` (overdue first, then by due date); null on the last page. */
  nextCursor: z.string().nullable().optional(),
  /** Whether a payment link can be sent (true since money's payment links, decision 43). */
  paymentLinks: z.boolean(),
});
export type DashboardPaymentsDue = z.infer<typeof dashboardPaymentsDueSchema>;

/** Spec 01 §9: destructive under 2 h, warning under 12 h, otherwise secondary. */
export const HOLD_BADGE_THRESHOLDS_HOURS = { destructive: 2, warning: 12 } as const;
/** Spec 01 §9: a hold counts as expiring with under 48 hours left. */
export const HOLD_EXPIRING_HOURS = 48;

/** Badge of a hold with `minutes` left (spec 01 §9 thresholds); the service and the screen share it. */
export function holdBadge(minutes: number): 'destructive' | 'warning' | 'secondary' {
  if (minutes < HOLD_BADGE_THRESHOLDS_HOURS.destructive * 60) return 'destructive';
  if (minutes < HOLD_BADGE_THRESHOLDS_HOURS.warning * 60) return 'warning';
  return 'secondary';
}

/** Minutes left in words: `45m`, `5h 30m` under 12 h, `5h`, `1d 3h` beyond a day. */
export function expiresInWords(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 === 0 || h >= 12 ? `${h}h` : `${h}h ${m % 60}m`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d}d` : `${d}d ${h % 24}h`;
}

export const holdSchema = z.object({
  booking: z.string(),
  bookingId: z.string(),
  resource: z.string(),
  resourceId: z.string(),
  /** The event's start at the venue. */
  start: instant(),
  expiresAt: instant(),
  /** Minutes left (whole, ≥ 0), and the same in words: `45m`, `5h`, `1d 3h`. */
  minutesLeft: z.number().int().min(0),
  expiresIn: z.string(),
  badge: z.enum(['destructive', 'warning', 'secondary']),
  customer: z.string(),
});
export type Hold = z.infer<typeof holdSchema>;

/** `GET /api/dashboard/holds-expiring`: tentative holds with under 48 hours left, soonest first. */
export const dashboardHoldsSchema = z.object({ holds: z.array(holdSchema) });
export type DashboardHolds = z.infer<typeof dashboardHoldsSchema>;

export const activitySchema = z.object({
  id: z.string(),
  at: instant(),
  actor: z.string(),
  text: z.string(),
  action: z.string(),
  targetType: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** `GET /api/dashboard/activity`: the newest audit entries (the Audit Log has them all). */
export const dashboardActivitySchema = z.object({ activities: z.array(activitySchema) });
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;

/** `GET /api/dashboard/resources`: the filter's choices (active resources, by name). */
export const dashboardResourcesSchema = z.object({
  resources: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type DashboardResources = z.infer<typeof dashboardResourcesSchema>;

/**
 * Alert types: `conflict` a block-out over a booking, `doc` a confirmed booking within 7 days
 * with ID or insurance not verified, `payment` an overdue invoice, `webhook` (the spec's name) an
 * e-mail comms gave up on (bounced or out of attempts; `bookingId` when it was about one).
 */
export const ALERT_TYPES = ['conflict', 'doc', 'payment', 'webhook'] as const;
/** How long a failed e-mail stays among the alerts unless resolved or dismissed sooner. */
export const EMAIL_ALERT_DAYS = 30;
/** How far ahead a booking's missing documents become a task (issue 14). */
export const DOC_ALERT_DAYS = 7;

export const alertSchema = z.object({
  /** Stable for one condition, so Resolve and Dismiss stick to it. */
  key: z.string(),
  type: z.enum(ALERT_TYPES),
  text: z.string(),
  at: instant(),
  bookingId: z.string().nullable(),
  invoiceId: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

/** `GET /api/dashboard/alerts`: live conditions the caller has not resolved or dismissed. */
export const dashboardAlertsSchema = z.object({ alerts: z.array(alertSchema) });
export type DashboardAlerts = z.infer<typeof dashboardAlertsSchema>;

/** `POST /api/dashboard/alerts/{key}/resolve|dismiss`: stored for the caller only. */
export const alertActionSchema = z.object({
  key: z.string(),
  action: z.enum(['resolved', 'dismissed']),
  at: instant(),
});
export type AlertAction = z.infer<typeof alertActionSchema>;

export const DASHBOARD_PATHS = {
  stats: '/api/dashboard/stats',
  schedule: '/api/dashboard/schedule',
  paymentsDue: '/api/dashboard/payments-due',
  holds: '/api/dashboard/holds-expiring',
  activity: '/api/dashboard/activity',
  resources: '/api/dashboard/resources',
  alerts: '/api/dashboard/alerts',
  resolve: (key: string) => `/api/dashboard/alerts/${encodeURIComponent(key)}/resolve`,
  dismiss: (key: string) => `/api/dashboard/alerts/${encodeURIComponent(key)}/dismiss`,
} as const;

/** Spec 01 §2 states and §8 messages. */
export const DASHBOARD_MESSAGES = {
  loading: 'Loading dashboard data...',
  authRequired: 'Authentication Required',
  failed: 'Failed to load dashboard data',
  noSchedule: 'No activity scheduled today.',
  noPayments: 'No payments due.',
  noHolds: 'No holds are expiring soon.',
  noAlerts: 'No active alerts.',
  noActivity: 'No recent activity.',
} as const;
