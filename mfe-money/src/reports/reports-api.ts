/**
 * The Reports page's nine calls (spec 03 §7), fetched in parallel with react-query, each answer
 * checked against the contract the insights service answers with (`@venue/contracts/insights`),
 * so a drifted answer is a load error rather than a panel of wrong figures. Failures read the
 * server's message, else "HTTP error! status: {code}" (spec 03 §8: the generic API helper).
 */
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  REPORTS_PATHS,
  cancellationReasonsSchema,
  executiveKpisSchema,
  forecastSchema,
  funnelDataSchema,
  historicalDataSchema,
  paymentAnalysisSchema,
  pipelineDataSchema,
  reportSummarySchema,
  resourceUtilisationSchema,
  type CancellationReasons,
  type ExecutiveKpis,
  type Forecast,
  type FunnelData,
  type HistoricalData,
  type PaymentAnalysis,
  type PipelineData,
  type ReportPeriod,
  type ReportSegment,
  type ReportSummary,
  type ResourceUtilisation,
} from '@venue/contracts/insights';
import { useSession, type ApiClient } from '@venue/ui';

/** Spec 03 §7/§9: history and pipeline cover 6 months, the forecast 6 periods. */
export const MONTHS = 6;
export const FORECAST_PERIODS = 6;

export interface ReportFilters {
  period: ReportPeriod;
  /** The specific segments chosen; empty (All, or nothing chosen) asks for every customer. */
  segments: ReportSegment[];
}

export type MonthRow = HistoricalData['historicalData'][number];

/** The query string every call gets: the tenant, the period and the segments, plus its own. */
export function reportQuery(
  owner: string | null,
  f: ReportFilters,
  extra: Record<string, string | number> = {},
): string {
  const q = new URLSearchParams();
  if (owner) q.set('hallOwnerId', owner);
  q.set('period', f.period);
  const specific = f.segments.filter((s) => s !== 'all');
  if (specific.length > 0) q.set('segments', specific.join(','));
  for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
  return `?${q.toString()}`;
}

async function get<S extends z.ZodType>(api: ApiClient, path: string, schema: S): Promise<z.output<S>> {
  return schema.parse(await api.api(path));
}

/** Each call: its key part, its path with query, and the schema of its answer. */
function calls(owner: string | null, f: ReportFilters) {
  const q = (extra?: Record<string, string | number>) => reportQuery(owner, f, extra);
  return {
    kpis: [REPORTS_PATHS.executiveKpis + q(), executiveKpisSchema],
    historical: [REPORTS_PATHS.historical + q({ months: MONTHS }), historicalDataSchema],
    pipeline: [REPORTS_PATHS.pipeline + q({ months: MONTHS }), pipelineDataSchema],
    funnel: [REPORTS_PATHS.funnel + q(), funnelDataSchema],
    payments: [REPORTS_PATHS.payments + q(), paymentAnalysisSchema],
    utilisation: [REPORTS_PATHS.utilisation + q(), resourceUtilisationSchema],
    cancellations: [REPORTS_PATHS.cancellations + q(), cancellationReasonsSchema],
    forecast: [REPORTS_PATHS.forecast + q({ periods: FORECAST_PERIODS }), forecastSchema],
    summary: [REPORTS_PATHS.summary + q(), reportSummarySchema],
  } as const;
}

export interface ReportsData {
  kpis: ExecutiveKpis;
  historical: HistoricalData;
  pipeline: PipelineData;
  funnel: FunnelData;
  payments: PaymentAnalysis;
  utilisation: ResourceUtilisation;
  cancellations: CancellationReasons;
  forecast: Forecast;
  summary: ReportSummary;
}

export interface ReportsState {
  /** Every answer, once all nine have come (the previous range's while a new one loads). */
  data: ReportsData | null;
  pending: boolean;
  fetching: boolean;
  /** The first failure's message, when a call failed and nothing is shown for it. */
  error: string | null;
  /** When the newest answer arrived (ms since epoch), for the header's "Last updated". */
  updatedAt: number;
  refetch: () => Promise<unknown>;
}

export const reportsKey = (owner: string | null) => ['money', 'reports', owner] as const;

/** The nine calls at once (spec 03 §7: in parallel, on load and on every range change). */
export function useReports(filters: ReportFilters): ReportsState {
  const { api, hallOwnerId } = useSession();
  const owner = hallOwnerId;
  const entries = Object.entries(calls(owner, filters)) as Array<
    [keyof ReportsData, readonly [string, z.ZodType]]
  >;
  const results = useQueries({
    queries: entries.map(([name, [path, schema]]) => ({
      queryKey: [...reportsKey(owner), name, filters.period, filters.segments.join(',')],
      queryFn: () => get(api, path, schema),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
      // One retry, then the spec's error card: a broken call should not keep the page blank for long.
      retry: 1,
    })),
  });
  const failed = results.find((r) => r.isError && r.data === undefined);
  const complete = results.every((r) => r.data !== undefined);
  const data = complete
    ? (Object.fromEntries(entries.map(([name], i) => [name, results[i]!.data])) as unknown as ReportsData)
    : null;
  return {
    data,
    pending: results.some((r) => r.isPending),
    fetching: results.some((r) => r.isFetching),
    error: failed ? (failed.error instanceof Error ? failed.error.message : String(failed.error)) : null,
    updatedAt: Math.max(0, ...results.map((r) => r.dataUpdatedAt)),
    refetch: () => Promise.all(results.map((r) => r.refetch())),
  };
}
