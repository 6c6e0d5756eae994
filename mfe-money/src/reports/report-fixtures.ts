/**
 * Answers of the nine reports calls for the component tests (contract types, so a change of the
 * contract breaks the tests rather than passing them by accident). Test code only.
 */
import { HttpResponse } from 'msw';
import { REPORTS_PATHS } from '@venue/contracts/insights';
import { captureRequests, type CapturedRequest } from '@venue/ui/testing';
import type { ReportsData } from './reports-api.ts';

const kpi = (unit: 'count' | 'cents' | 'percent', value: number, change: number | null, note = '') => ({
  unit,
  value,
  change,
  period: '25 Aug – 23 Nov 2026',
  trend:
    change === null || change === 0 ? ('neutral' as const) : change > 0 ? ('up' as const) : ('down' as const),
  note,
});

export const REPORTS: ReportsData = {
  kpis: {
    period: '90d',
    from: '2026-08-25',
    to: '2026-11-23',
    kpis: {
      bookings: kpi('count', 42, 12.5),
      revenue: { ...kpi('cents', 1_234_550, -3.2, 'Payments received less refunds'), basis: 'payment-date' },
      utilisation: kpi('percent', 37.25, 0),
      depositConversion: kpi('percent', 80, null),
      onTimePayments: kpi('percent', 91.7, 4),
      cancellationRate: kpi('percent', 7.1, 2),
    },
  },
  historical: {
    basis: 'event-date',
    historicalData: [
      {
        month: '2026-06',
        bookings: 5,
        revenueCents: 300_000,
        revenue: 3000,
        receivedCents: 10_000,
        received: 100,
      },
      { month: '2026-07', bookings: 9, revenueCents: 120_000, revenue: 1200, receivedCents: 0, received: 0 },
      {
        month: '2026-08',
        bookings: 2,
        revenueCents: 450_050,
        revenue: 4500.5,
        receivedCents: 5,
        received: 0.05,
      },
    ],
  },
  pipeline: {
    basis: 'event-date',
    pipelineData: [
      { month: '2026-12', bookings: 4, revenueCents: 220_000, revenue: 2200 },
      { month: '2027-01', bookings: 1, revenueCents: 50_000, revenue: 500 },
    ],
  },
  funnel: {
    funnelData: [
      { stage: 'Requests', count: 40 },
      { stage: 'Held', count: 30 },
      { stage: 'Confirmed', count: 20 },
      { stage: 'Completed', count: 10 },
    ],
    quotes: [
      { stage: 'Quotes sent', count: 8 },
      { stage: 'Quotes accepted', count: 2 },
    ],
  },
  payments: {
    paymentData: {
      onTime: 75,
      overdue: 25,
      aging: [
        { bucket: 'current', count: 3, amountCents: 150_000, amount: 1500 },
        { bucket: '1-30', count: 1, amountCents: 22_000, amount: 220 },
        { bucket: '31-60', count: 0, amountCents: 0, amount: 0 },
        { bucket: '61-90', count: 0, amountCents: 0, amount: 0 },
        { bucket: '90+', count: 2, amountCents: 99_999, amount: 999.99 },
      ],
    },
  },
  utilisation: {
    utilisationData: [
      {
        resourceId: 'r1',
        name: 'Main Hall',
        bufferMinutes: 15,
        data: [
          ...['Monday', 'Tuesday'].map((day, d) => ({
            day,
            utilisation: Array.from({ length: 16 }, (_, i) => ({
              hour: 6 + i,
              rate: d === 0 && i === 4 ? 90 : d === 0 && i === 5 ? 65 : i === 6 ? 45 : 10,
              hasBuffers: d === 0 && i === 5,
            })),
          })),
          // Closed all day: the server's summary says so with a null peak hour.
          {
            day: 'Sunday',
            utilisation: Array.from({ length: 16 }, (_, i) => ({ hour: 6 + i, rate: 0, hasBuffers: false })),
            peakHour: null,
            peakRate: 0,
            averageRate: 0,
            lowHour: null,
          },
        ],
      },
      {
        resourceId: 'r2',
        name: 'Garden Room',
        bufferMinutes: 0,
        data: [{ day: 'Monday', utilisation: [{ hour: 6, rate: 0, hasBuffers: false }] }],
      },
    ],
  },
  cancellations: {
    reasons: [
      { reason: 'Event postponed', count: 1 },
      { reason: 'Found another venue', count: 3 },
    ],
  },
  forecast: {
    forecastData: {
      method:
        'Base: the confirmed pipeline plus the six-month trend of history; optimistic +15 %, cautious −15 %.',
      scenarios: {
        base: [
          { month: '2026-12', bookings: 4, revenueCents: 200_000 },
          { month: '2027-01', bookings: 5, revenueCents: 250_000 },
        ],
        optimistic: [
          { month: '2026-12', bookings: 4.6, revenueCents: 230_000 },
          { month: '2027-01', bookings: 5.75, revenueCents: 287_500 },
        ],
        cautious: [
          { month: '2026-12', bookings: 3.4, revenueCents: 170_000 },
          { month: '2027-01', bookings: 4.25, revenueCents: 212_500 },
        ],
      },
    },
  },
  summary: {
    summary: {
      bookings: 42,
      revenueCents: 1_234_550,
      customers: 17,
      cohorts: [{ cohort: '2026-09-07', customers: 6, retention: [100, 50, 33.3, 16.7, 0, 0] }],
    },
  },
};

const PATH_OF: Record<keyof ReportsData, string> = {
  kpis: REPORTS_PATHS.executiveKpis,
  historical: REPORTS_PATHS.historical,
  pipeline: REPORTS_PATHS.pipeline,
  funnel: REPORTS_PATHS.funnel,
  payments: REPORTS_PATHS.payments,
  utilisation: REPORTS_PATHS.utilisation,
  cancellations: REPORTS_PATHS.cancellations,
  forecast: REPORTS_PATHS.forecast,
  summary: REPORTS_PATHS.summary,
};

/** Answers all nine calls (with `over` replacing some answers); returns what each was sent. */
export function answerReports(
  over: Partial<{ [K in keyof ReportsData]: ReportsData[K] | (() => Response) }> = {},
): Record<keyof ReportsData, CapturedRequest[]> {
  const seen = {} as Record<keyof ReportsData, CapturedRequest[]>;
  for (const name of Object.keys(PATH_OF) as Array<keyof ReportsData>) {
    const answer = over[name] ?? REPORTS[name];
    seen[name] = captureRequests('get', PATH_OF[name], () =>
      typeof answer === 'function' ? answer() : HttpResponse.json(answer),
    );
  }
  return seen;
}
