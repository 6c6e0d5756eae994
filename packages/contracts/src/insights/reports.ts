/**
 * The Reports page's nine calls (spec 03 §2.10, §3 "Report shapes", §7; issue 14 item 3):
 * queries and answers, for services/insights and mfe-money alike (served from the insights read
 * model, decision 45 says what each figure counts).
 * Money in integer cents with the spec's dollar field beside it; months `YYYY-MM` at the venue.
 * Every revenue figure says what it counts: `event-date` (the bookings' totals by when the event
 * takes place) or `payment-date` (money received less refunds, by when it was received).
 */
import { z } from 'zod';
import { cents, day } from '../api/common.ts';
import { queryChoice, queryInteger, queryText } from '../api/fields.ts';

/** Spec 03 §7: Last 30 days, Last 90 days (default), Last 180 days, This year. */
export const REPORT_PERIODS = ['30d', '90d', '180d', '1y'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = '90d';

/** Segments toggles (spec 03 §2.10): All, Community/NFP, VIP. */
export const REPORT_SEGMENTS = ['all', 'nfp', 'vip'] as const;
export type ReportSegment = (typeof REPORT_SEGMENTS)[number];

const segments = queryText('segments', 100).transform((v, ctx): ReportSegment[] | undefined => {
  if (v === undefined) return undefined;
  const parts = v.split(',').map((s) => s.trim());
  if (parts.some((p) => !(REPORT_SEGMENTS as readonly string[]).includes(p))) {
    ctx.addIssue({ code: 'custom', message: 'segments must be all, nfp or vip, separated by commas.' });
    return z.NEVER;
  }
  return [...new Set(parts)] as ReportSegment[];
});

/** Every reports call: the period, the segments, and for the monthly series how many months. */
export const reportsQuery = z.object({
  hallOwnerId: queryText('hallOwnerId', 64),
  period: queryChoice('period', REPORT_PERIODS),
  segments,
  /** historical-data and pipeline-data: months (spec: 6). */
  months: queryInteger('months', 1, 24),
  /** forecast: months ahead (spec: 6). */
  periods: queryInteger('periods', 1, 24),
  resourceId: queryText('resourceId', 64),
});
export type ReportsQuery = z.input<typeof reportsQuery>;

const trend = z.enum(['up', 'down', 'neutral']);

/** Which date a revenue figure counts by (see the file's comment). */
export const REVENUE_BASES = ['event-date', 'payment-date'] as const;
export const revenueBasisSchema = z.enum(REVENUE_BASES);

export const REPORT_KPI_KEYS = [
  'bookings',
  'revenue',
  'utilisation',
  'depositConversion',
  'onTimePayments',
  'cancellationRate',
] as const;

export const reportKpiSchema = z.object({
  /** count, cents or percent (0–100, one decimal). */
  unit: z.enum(['count', 'cents', 'percent']),
  value: z.number(),
  /** Change against the previous period of the same length, in percent (null: nothing before). */
  change: z.number().nullable(),
  /** The period in words, e.g. `25 Aug – 23 Nov 2026`. */
  period: z.string(),
  trend,
  note: z.string(),
  /** On revenue: which date it counts by. */
  basis: revenueBasisSchema.optional(),
});

/** `GET /api/reports/executive-kpis`. */
export const executiveKpisSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  from: day(),
  to: day(),
  kpis: z.object(
    Object.fromEntries(REPORT_KPI_KEYS.map((k) => [k, reportKpiSchema])) as Record<
      (typeof REPORT_KPI_KEYS)[number],
      typeof reportKpiSchema
    >,
  ),
});
export type ExecutiveKpis = z.output<typeof executiveKpisSchema>;

export const monthRowSchema = z.object({
  month: z.string(),
  bookings: z.number().int(),
  revenueCents: cents(),
  /** Dollars (the spec's Revenue AUD). */
  revenue: z.number(),
  /** Historical rows: money received in the month (by payment date), less refunds. */
  receivedCents: cents().optional(),
  received: z.number().optional(),
});

/** `GET /api/reports/historical-data`: by event date, the past months. */
export const historicalDataSchema = z.object({
  basis: z.literal('event-date'),
  historicalData: z.array(monthRowSchema),
});
export type HistoricalData = z.output<typeof historicalDataSchema>;
/** `GET /api/reports/pipeline-data`: confirmed and held bookings of the coming months. */
export const pipelineDataSchema = z.object({
  basis: z.literal('event-date'),
  pipelineData: z.array(monthRowSchema),
});
export type PipelineData = z.output<typeof pipelineDataSchema>;

/** `GET /api/reports/funnel-data`: requests → held → confirmed → completed, and quotes sent → accepted. */
export const funnelDataSchema = z.object({
  funnelData: z.array(z.object({ stage: z.string(), count: z.number().int() })),
  quotes: z.array(z.object({ stage: z.string(), count: z.number().int() })),
  /** What the stages count, in words. */
  note: z.string().optional(),
});
export type FunnelData = z.output<typeof funnelDataSchema>;

export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;

/** `GET /api/reports/payment-analysis`: timeliness (by payment date against due date) and aging. */
export const paymentAnalysisSchema = z.object({
  paymentData: z.object({
    /** Percent of invoices paid by their due date, and of those paid late or still overdue. */
    onTime: z.number(),
    overdue: z.number(),
    /** How many invoices fell due in the period (what onTime and overdue are percentages of). */
    dueCount: z.number().int().optional(),
    /** The day the aging is counted at (the venue's today). */
    asOf: day().optional(),
    aging: z.array(
      z.object({
        bucket: z.enum(AGING_BUCKETS),
        count: z.number().int(),
        amountCents: cents(),
        amount: z.number(),
      }),
    ),
  }),
});
export type PaymentAnalysis = z.output<typeof paymentAnalysisSchema>;

/** `GET /api/reports/resource-utilisation`: weekday × hour 06:00–22:00 against opening hours. */
export const resourceUtilisationSchema = z.object({
  utilisationData: z.array(
    z.object({
      resourceId: z.string(),
      name: z.string(),
      bufferMinutes: z.number().int(),
      setupBufferMinutes: z.number().int().optional(),
      packdownBufferMinutes: z.number().int().optional(),
      data: z.array(
        z.object({
          day: z.string(),
          utilisation: z.array(
            z.object({ hour: z.number().int(), rate: z.number(), hasBuffers: z.boolean() }),
          ),
          /** The expandable table's row: peak hour and rate, average rate, low hour (null: closed all day). */
          peakHour: z.number().int().nullable().optional(),
          peakRate: z.number().optional(),
          averageRate: z.number().optional(),
          lowHour: z.number().int().nullable().optional(),
        }),
      ),
    }),
  ),
});
export type ResourceUtilisation = z.output<typeof resourceUtilisationSchema>;

/** `GET /api/reports/cancellation-reasons`. */
export const cancellationReasonsSchema = z.object({
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type CancellationReasons = z.output<typeof cancellationReasonsSchema>;

const forecastPoint = z.object({
  month: z.string(),
  bookings: z.number(),
  revenueCents: cents(),
  /** Dollars, beside the cents as on the other rows. */
  revenue: z.number().optional(),
});

/** `GET /api/reports/forecast`: base from the confirmed pipeline plus the trend; ±15 % scenarios. */
export const forecastSchema = z.object({
  forecastData: z.object({
    /** The method in words, written under the chart. */
    method: z.string(),
    /** Revenue of the forecast counts by event date. */
    basis: z.literal('event-date').optional(),
    scenarios: z.object({
      base: z.array(forecastPoint),
      optimistic: z.array(forecastPoint),
      cautious: z.array(forecastPoint),
    }),
  }),
});
export type Forecast = z.output<typeof forecastSchema>;

/** `GET /api/reports/summary`: the period's totals and the customer cohorts (week 0–5 retention). */
export const reportSummarySchema = z.object({
  summary: z.object({
    bookings: z.number().int(),
    revenueCents: cents(),
    /** Which date revenueCents counts by. */
    revenueBasis: revenueBasisSchema.optional(),
    customers: z.number().int(),
    cohorts: z.array(
      z.object({
        /** The week of the customers' first booking (its Monday). */
        cohort: day(),
        customers: z.number().int(),
        /** Percent still booking in week 0…5 after it. */
        retention: z.array(z.number()),
      }),
    ),
  }),
});
export type ReportSummary = z.output<typeof reportSummarySchema>;

export const REPORTS_PATHS = {
  executiveKpis: '/api/reports/executive-kpis',
  historical: '/api/reports/historical-data',
  pipeline: '/api/reports/pipeline-data',
  funnel: '/api/reports/funnel-data',
  payments: '/api/reports/payment-analysis',
  utilisation: '/api/reports/resource-utilisation',
  cancellations: '/api/reports/cancellation-reasons',
  forecast: '/api/reports/forecast',
  summary: '/api/reports/summary',
} as const;

/**
 * Each call's answer, by REPORTS_PATHS' keys: the route table (routes.ts) documents and checks
 * it, and insights' loader parses what it computes with it.
 */
export const REPORT_ANSWERS = {
  executiveKpis: executiveKpisSchema,
  historical: historicalDataSchema,
  pipeline: pipelineDataSchema,
  funnel: funnelDataSchema,
  payments: paymentAnalysisSchema,
  utilisation: resourceUtilisationSchema,
  cancellations: cancellationReasonsSchema,
  forecast: forecastSchema,
  summary: reportSummarySchema,
} as const satisfies Record<keyof typeof REPORTS_PATHS, z.ZodType>;

/** Spec 03 §8 messages of the Reports page. */
export const REPORTS_MESSAGES = {
  loadError: 'Error loading reports data',
  noKpis: 'No KPI data available',
  noHistory: 'No historical data available',
  noPipeline: 'No pipeline data available',
  noForecast: 'No forecast data available',
  noFunnel: 'No funnel data available',
  noPayments: 'No payment data available',
  noAging: 'No payment aging data available',
  noUtilisation: 'No resource utilisation data available.',
  nothingToExport: 'No data available to export. Please refresh the reports first.',
} as const;
