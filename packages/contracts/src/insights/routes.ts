/** The insights service's calls (spec 01 §7 "the six dashboard calls", and the alerts). */
import { z } from 'zod';
import type { ApiResponse, RouteTable } from '../api/route-table.ts';
import {
  alertActionSchema,
  dashboardActivitySchema,
  dashboardAlertsSchema,
  dashboardHoldsSchema,
  dashboardPaymentsDueSchema,
  dashboardQuery,
  paymentsDueQuery,
  dashboardResourcesSchema,
  dashboardScheduleSchema,
  dashboardStatsSchema,
} from './dashboard.ts';
import { REPORT_EXPORT_ROUTES } from './report-export-routes.ts';
import { REPORT_ANSWERS, REPORTS_PATHS, reportsQuery } from './reports.ts';

const dashboard = { service: 'insights', tag: 'Dashboard', access: 'dashboard', spec: '01 §7' } as const;
const ok = (schema: z.ZodType): Record<number, ApiResponse> => ({
  200: { description: 'OK', schema },
  503: {
    description: "The venue's settings have not reached the Dashboard yet (no figures on a guessed clock).",
  },
});
const READ_MODEL = 'Read from the insights copy of the owners’ data (decision 39); asks no other service.';

export const INSIGHTS_ROUTES = [
  {
    ...dashboard,
    method: 'get',
    path: '/api/dashboard/stats',
    summary: 'The six KPIs with previous period, delta, sparkline and note',
    description: READ_MODEL,
    query: dashboardQuery,
    responses: ok(dashboardStatsSchema),
  },
  {
    ...dashboard,
    method: 'get',
    path: '/api/dashboard/schedule',
    summary: "The day's bookings and block-outs for the status toggles",
    description: READ_MODEL,
    query: dashboardQuery,
    responses: ok(dashboardScheduleSchema),
  },
  {
    ...dashboard,
    method: 'get',
    path: '/api/dashboard/payments-due',
    summary: 'Invoices and bonds due: overdue first, then by due date',
    description: READ_MODEL,
    query: paymentsDueQuery,
    responses: ok(dashboardPaymentsDueSchema),
  },
  {
    ...dashboard,
    method: 'get',
    path: '/api/dashboard/holds-expiring',
    summary: 'Tentative holds with under 48 hours left',
    description: READ_MODEL,
    query: dashboardQuery,
    responses: ok(dashboardHoldsSchema),
  },
  {
    ...dashboard,
    method: 'get',
    path: '/api/dashboard/activity',
    summary: 'The newest audit entries (staff: their own)',
    description: READ_MODEL,
    query: dashboardQuery,
    responses: ok(dashboardActivitySchema),
  },
  {
    ...dashboard,
    method: 'get',
    path: '/api/dashboard/resources',
    summary: "The resource filter's choices",
    description: READ_MODEL,
    query: dashboardQuery,
    responses: ok(dashboardResourcesSchema),
  },
  {
    ...dashboard,
    spec: undefined,
    method: 'get',
    path: '/api/dashboard/alerts',
    summary: 'Alerts & Tasks the caller has not resolved or dismissed',
    description: READ_MODEL,
    query: dashboardQuery,
    responses: ok(dashboardAlertsSchema),
  },
  ...(['resolve', 'dismiss'] as const).map((verb) => ({
    ...dashboard,
    spec: undefined,
    method: 'post' as const,
    path: `/api/dashboard/alerts/{key}/${verb}`,
    summary: verb === 'resolve' ? 'Resolve an alert (for the caller)' : 'Dismiss an alert (for the caller)',
    params: z.object({ key: z.string().meta({ description: 'The alert key the list gave.' }) }),
    responses: {
      200: { description: 'Stored', schema: alertActionSchema },
      400: { description: 'Not an alert key of the list.' },
    },
  })),
  ...(
    [
      ['executiveKpis', 'The six executive KPIs with change against the previous period'],
      ['historical', 'Bookings and revenue of the past months (event date; received by payment date)'],
      ['pipeline', 'Held and confirmed bookings of the coming months (event date)'],
      ['funnel', 'Requests → held → confirmed → completed, and quotes sent → accepted'],
      ['payments', 'Payment timeliness and aging by days past due'],
      ['utilisation', 'Utilisation per resource, weekday × hour 06:00–22:00, against opening hours'],
      ['cancellations', 'Cancellation reasons of the period'],
      ['forecast', 'Six months ahead: base, optimistic (+15 %), cautious (−15 %)'],
      ['summary', "The period's totals and the customer cohorts (week 0–5 retention)"],
    ] as const
  ).map(([call, summary]) => ({
    service: 'insights' as const,
    tag: 'Reports',
    access: 'reports' as const,
    spec: '03 §7',
    method: 'get' as const,
    path: REPORTS_PATHS[call],
    summary,
    description: `${READ_MODEL} Period (30d, 90d, 180d, 1y) and segments (all, nfp, vip) as the query says; in the venue's time zone.`,
    query: reportsQuery,
    responses: {
      200: { description: 'OK', schema: REPORT_ANSWERS[call] },
      503: {
        description: "The venue's settings have not reached Reports yet (no figures on a guessed clock).",
      },
    },
  })),
  // Export PDF, Download CSVs and Schedule Email (report-export-routes.ts).
  ...REPORT_EXPORT_ROUTES,
] as const satisfies RouteTable;
