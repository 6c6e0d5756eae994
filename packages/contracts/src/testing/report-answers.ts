/**
 * A known set of the nine Reports answers (as REPORT_ANSWERS types them), for the tests on both
 * sides of the calls: insights' exports find each figure in the PDF or CSV they make, and the
 * Reports page can be shown the same answers. Test support; never served.
 */
import type { z } from 'zod';
import type { REPORT_ANSWERS } from '../insights/reports.ts';

/** Each call's answer, keyed as REPORTS_PATHS names the calls. */
export type ReportAnswers = { [K in keyof typeof REPORT_ANSWERS]: z.output<(typeof REPORT_ANSWERS)[K]> };

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = Array.from({ length: 16 }, (_, i) => 6 + i);

/** Main Hall: Saturdays busy from 10:00 to 16:00 (90 %), Mondays 09:00–11:00 at 50 %, buffers either side. */
function hallDays() {
  return DAYS.map((day) => ({
    day,
    utilisation: HOURS.map((hour) => {
      let rate = 0;
      if (day === 'Saturday' && hour >= 10 && hour < 16) rate = 90;
      if (day === 'Monday' && hour >= 9 && hour < 11) rate = 50;
      const hasBuffers =
        (day === 'Saturday' && (hour === 9 || hour === 16)) || (day === 'Monday' && hour === 8);
      return { hour, rate, hasBuffers };
    }),
  }));
}

const kpi = (unit: 'count' | 'cents' | 'percent', value: number, change: number | null, note: string) => ({
  unit,
  value,
  change,
  period: '20 Aug – 18 Nov 2026',
  trend:
    change === null || change === 0 ? ('neutral' as const) : change > 0 ? ('up' as const) : ('down' as const),
  note,
});

export function reportAnswers(): ReportAnswers {
  return {
    executiveKpis: {
      period: '90d',
      from: '2026-08-20',
      to: '2026-11-18',
      kpis: {
        bookings: kpi('count', 42, 12.5, 'Confirmed and completed bookings with events in the period.'),
        revenue: kpi('cents', 1_234_550, -3.2, 'Booking totals by event date.'),
        utilisation: kpi('percent', 37.4, 5, 'Booked hours over opening hours.'),
        depositConversion: kpi('percent', 81.3, null, 'Deposit invoices paid.'),
        onTimePayments: kpi('percent', 75, 0, 'Invoices paid by their due date.'),
        cancellationRate: kpi('percent', 4.8, -1.5, 'Bookings cancelled.'),
      },
    },
    historical: {
      basis: 'event-date',
      historicalData: [
        { month: '2026-06', bookings: 8, revenueCents: 410_000, revenue: 4100 },
        { month: '2026-07', bookings: 11, revenueCents: 523_450, revenue: 5234.5 },
        { month: '2026-08', bookings: 9, revenueCents: 380_000, revenue: 3800 },
        { month: '2026-09', bookings: 14, revenueCents: 702_025, revenue: 7020.25 },
        { month: '2026-10', bookings: 12, revenueCents: 615_500, revenue: 6155 },
        { month: '2026-11', bookings: 6, revenueCents: 298_000, revenue: 2980 },
      ],
    },
    pipeline: {
      basis: 'event-date',
      pipelineData: [
        { month: '2026-12', bookings: 7, revenueCents: 455_000, revenue: 4550 },
        { month: '2027-01', bookings: 3, revenueCents: 165_000, revenue: 1650 },
        { month: '2027-02', bookings: 2, revenueCents: 99_990, revenue: 999.9 },
        { month: '2027-03', bookings: 0, revenueCents: 0, revenue: 0 },
        { month: '2027-04', bookings: 1, revenueCents: 120_000, revenue: 1200 },
        { month: '2027-05', bookings: 0, revenueCents: 0, revenue: 0 },
      ],
    },
    funnel: {
      funnelData: [
        { stage: 'Requests', count: 60 },
        { stage: 'Held', count: 45 },
        { stage: 'Confirmed', count: 30 },
        { stage: 'Completed', count: 24 },
      ],
      quotes: [
        { stage: 'Quotes sent', count: 20 },
        { stage: 'Accepted', count: 9 },
      ],
    },
    payments: {
      paymentData: {
        onTime: 75,
        overdue: 25,
        aging: [
          { bucket: 'current', count: 5, amountCents: 250_000, amount: 2500 },
          { bucket: '1-30', count: 2, amountCents: 80_050, amount: 800.5 },
          { bucket: '31-60', count: 1, amountCents: 45_000, amount: 450 },
          { bucket: '61-90', count: 0, amountCents: 0, amount: 0 },
          { bucket: '90+', count: 1, amountCents: 12_345, amount: 123.45 },
        ],
      },
    },
    utilisation: {
      utilisationData: [
        {
          resourceId: '1a000000-0000-4000-8000-000000000001',
          name: 'Main Hall',
          bufferMinutes: 30,
          data: hallDays(),
        },
        {
          resourceId: '1a000000-0000-4000-8000-000000000002',
          name: 'Garden Room',
          bufferMinutes: 15,
          // with the answer's own day summary: open 09:00–19:00 (10 hours), closed all Sunday
          data: DAYS.map((day) => ({
            day,
            utilisation: HOURS.map((hour) => ({
              hour,
              rate: day === 'Friday' && hour === 18 ? 65 : 0,
              hasBuffers: false,
            })),
            ...(day === 'Sunday'
              ? { peakHour: null, peakRate: 0, averageRate: 0, lowHour: null }
              : day === 'Friday'
                ? { peakHour: 18, peakRate: 65, averageRate: 6.5, lowHour: 9 }
                : { peakHour: 9, peakRate: 0, averageRate: 0, lowHour: 9 }),
          })),
        },
      ],
    },
    cancellations: {
      reasons: [
        { reason: 'Change of plans', count: 2 },
        { reason: 'Venue too small', count: 1 },
      ],
    },
    forecast: {
      forecastData: {
        method:
          'Base: confirmed pipeline of each month plus the average monthly change of the last 6 months; optimistic +15%, cautious -15%.',
        scenarios: {
          base: [
            { month: '2026-12', bookings: 8, revenueCents: 500_000 },
            { month: '2027-01', bookings: 5, revenueCents: 300_000 },
            { month: '2027-02', bookings: 4, revenueCents: 260_000 },
          ],
          optimistic: [
            { month: '2026-12', bookings: 9.2, revenueCents: 575_000 },
            { month: '2027-01', bookings: 5.75, revenueCents: 345_000 },
            { month: '2027-02', bookings: 4.6, revenueCents: 299_000 },
          ],
          cautious: [
            { month: '2026-12', bookings: 6.8, revenueCents: 425_000 },
            { month: '2027-01', bookings: 4.25, revenueCents: 255_000 },
            { month: '2027-02', bookings: 3.4, revenueCents: 221_000 },
          ],
        },
      },
    },
    summary: {
      summary: {
        bookings: 42,
        revenueCents: 1_234_550,
        customers: 31,
        cohorts: [
          { cohort: '2026-10-05', customers: 4, retention: [100, 50, 25, 25, 0, 0] },
          { cohort: '2026-10-12', customers: 5, retention: [100, 80, 60, 40, 20, 0] },
        ],
      },
    },
  };
}
