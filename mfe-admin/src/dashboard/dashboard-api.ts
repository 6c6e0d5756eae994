/**
 * The Dashboard's calls (spec 01 §7), typed and checked by the contract the insights service
 * answers with (`@venue/contracts/insights`). Failures read "Failed to {action}: {status}
 * {statusText} - {message}" (spec 01 §8), which the api client's `request` writes.
 */
import type { z } from 'zod';
import {
  DASHBOARD_PATHS,
  dashboardActivitySchema,
  dashboardAlertsSchema,
  dashboardHoldsSchema,
  dashboardPaymentsDueSchema,
  dashboardResourcesSchema,
  dashboardScheduleSchema,
  dashboardStatsSchema,
  type ScheduleFilter,
} from '@venue/contracts/insights';
import type { ApiClient } from '@venue/ui';

export interface DashboardFilters {
  /** yyyy-MM-dd, the venue day looked at. */
  date: string;
  /** '' for all resources. */
  resourceId: string;
  statuses: ScheduleFilter[];
}

function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

async function get<S extends z.ZodType>(
  api: ApiClient,
  action: string,
  path: string,
  schema: S,
): Promise<z.output<S>> {
  return schema.parse(await api.request(action, 'GET', path));
}

export const fetchStats = (api: ApiClient, owner: string | null, f: DashboardFilters) =>
  get(
    api,
    'fetch dashboard stats',
    DASHBOARD_PATHS.stats +
      query({ hallOwnerId: owner ?? undefined, date: f.date, resourceId: f.resourceId }),
    dashboardStatsSchema,
  );

export const fetchSchedule = (api: ApiClient, owner: string | null, f: DashboardFilters) =>
  get(
    api,
    'fetch schedule',
    DASHBOARD_PATHS.schedule +
      query({
        hallOwnerId: owner ?? undefined,
        date: f.date,
        resourceId: f.resourceId,
        // No toggle on: ask for the default rather than nothing (the screen shows the empty state).
        status: f.statuses.join(',') || undefined,
      }),
    dashboardScheduleSchema,
  );

/** Payments Due is paged by the server (overdue first, then by due date); the card asks a page at a time. */
export const PAYMENTS_DUE_PAGE = 10;

export const fetchPaymentsDue = (
  api: ApiClient,
  owner: string | null,
  f: DashboardFilters,
  cursor?: string,
) =>
  get(
    api,
    'fetch payments due',
    DASHBOARD_PATHS.paymentsDue +
      query({
        hallOwnerId: owner ?? undefined,
        date: f.date,
        resourceId: f.resourceId,
        limit: String(PAYMENTS_DUE_PAGE),
        cursor,
      }),
    dashboardPaymentsDueSchema,
  );

export const fetchHolds = (api: ApiClient, owner: string | null, f: DashboardFilters) =>
  get(
    api,
    'fetch holds expiring',
    DASHBOARD_PATHS.holds + query({ hallOwnerId: owner ?? undefined, resourceId: f.resourceId }),
    dashboardHoldsSchema,
  );

export const fetchActivity = (api: ApiClient, owner: string | null) =>
  get(
    api,
    'fetch activity',
    DASHBOARD_PATHS.activity + query({ hallOwnerId: owner ?? undefined }),
    dashboardActivitySchema,
  );

export const fetchResources = (api: ApiClient, owner: string | null) =>
  get(
    api,
    'fetch resources',
    DASHBOARD_PATHS.resources + query({ hallOwnerId: owner ?? undefined }),
    dashboardResourcesSchema,
  );

export const fetchAlerts = (api: ApiClient, owner: string | null) =>
  get(
    api,
    'fetch alerts',
    DASHBOARD_PATHS.alerts + query({ hallOwnerId: owner ?? undefined }),
    dashboardAlertsSchema,
  );

export async function alertAction(
  api: ApiClient,
  owner: string | null,
  key: string,
  verb: 'resolve' | 'dismiss',
  idempotencyKey: string,
) {
  const path =
    (verb === 'resolve' ? DASHBOARD_PATHS.resolve(key) : DASHBOARD_PATHS.dismiss(key)) +
    query({ hallOwnerId: owner ?? undefined });
  return api.request(`${verb} alert`, 'POST', path, undefined, { idempotencyKey });
}

export { venueToday } from '@venue/ui/venue-day';

/**
 * The Share by e-mail target (spec 01 §2: /comms-send-email with toName, invoice, amount,
 * bookingId), and the invoice's id (issue 24 item 14): Send Email attaches that invoice's PDF.
 */
export function shareByEmailPath(p: {
  customer: string;
  invoice: string;
  invoiceId?: string | null;
  amountAud: number;
  bookingId: string | null;
}): string {
  const q = new URLSearchParams({ toName: p.customer, invoice: p.invoice, amount: p.amountAud.toFixed(2) });
  if (p.bookingId) q.set('bookingId', p.bookingId);
  if (p.invoiceId) q.set('invoiceId', p.invoiceId);
  return `/comms-send-email?${q.toString()}`;
}

/** Spec 01 §8: an error about signing in gets "Authentication Required" and Go to Login. */
export function isAuthError(message: string): boolean {
  return /log ?in|logging in|not authenticated|authentication required|401/i.test(message);
}
