/**
 * Every Reports call's answer for one tenant and query, from the read model only (decision 39,
 * 45): the routes serve one call each, and exports (PDF, CSV, scheduled e-mails) take the whole
 * bundle with `loadReports`. Run in a read of the tenant (`kit.db.tenantRead`); a
 * tenant whose settings copy has not arrived gets 503 rather than figures on a guessed clock.
 */
import { REPORT_ANSWERS, type REPORTS_PATHS } from '@venue/contracts/insights';
import type { Tx } from '@venue/service-kit';
import { withVenueZone } from '../db/zone.ts';
import type { z } from 'zod';
import { cancellationReasons, funnelData } from './funnel.ts';
import { executiveKpis } from './kpis.ts';
import { forecast, historicalData, pipelineData } from './months.ts';
import { paymentAnalysis } from './payments.ts';
import { reportScope, vipCustomers, type ReportScope, type ReportsQueryValues } from './scope.ts';
import { reportSummary } from './summary.ts';
import { resourceUtilisation } from './utilisation.ts';

/**
 * The reports' clock. Tests set `now` to a fixed instant so every figure can be worked out by
 * hand; nothing else changes it.
 */
export const reportsClock = { now: (): Date => new Date() };

/** Each call: its answer's schema (the contract's REPORT_ANSWERS) and how it is computed. */
export const REPORT_CALLS = {
  executiveKpis: { schema: REPORT_ANSWERS.executiveKpis, compute: executiveKpis },
  historical: { schema: REPORT_ANSWERS.historical, compute: historicalData },
  pipeline: { schema: REPORT_ANSWERS.pipeline, compute: pipelineData },
  funnel: { schema: REPORT_ANSWERS.funnel, compute: funnelData },
  payments: { schema: REPORT_ANSWERS.payments, compute: paymentAnalysis },
  utilisation: { schema: REPORT_ANSWERS.utilisation, compute: resourceUtilisation },
  cancellations: { schema: REPORT_ANSWERS.cancellations, compute: cancellationReasons },
  forecast: { schema: REPORT_ANSWERS.forecast, compute: forecast },
  summary: { schema: REPORT_ANSWERS.summary, compute: reportSummary },
} as const satisfies Record<
  keyof typeof REPORTS_PATHS,
  { schema: z.ZodType; compute: (tx: Tx, s: ReportScope) => Promise<unknown> }
>;

export type ReportCall = keyof typeof REPORT_CALLS;

/** Every call's answer, as the route for it sends it. */
export type ReportsBundle = { [K in ReportCall]: z.output<(typeof REPORT_CALLS)[K]['schema']> };

/**
 * `run` on the query's scope for the tenant: the venue's time zone from its settings copy (read
 * together with run's first statements, zone.ts), the reports clock. `run` must only read.
 */
export function inReportScope<T>(
  tx: Tx,
  tenantId: string,
  query: ReportsQueryValues,
  run: (s: ReportScope) => Promise<T>,
  now: Date = reportsClock.now(),
): Promise<T> {
  return withVenueZone(tx, tenantId, 'Reports', async (zone) => {
    const s = reportScope(tenantId, zone, now, query);
    if (s.vip) s.vipIds = await vipCustomers(tx, s);
    return run(s);
  });
}

/** One call's answer, checked against its schema. */
export async function loadReport<K extends ReportCall>(
  tx: Tx,
  s: ReportScope,
  call: K,
): Promise<ReportsBundle[K]> {
  const { schema, compute } = REPORT_CALLS[call];
  return schema.parse(await compute(tx, s)) as ReportsBundle[K];
}

/**
 * The whole bundle: every call's answer for the query (the period, segments, months, periods
 * and resource it names; the spec's defaults otherwise), in one read of the tenant.
 */
export async function loadReports(
  tx: Tx,
  tenantId: string,
  query: ReportsQueryValues = {},
  now: Date = reportsClock.now(),
): Promise<ReportsBundle> {
  return inReportScope(
    tx,
    tenantId,
    query,
    async (s) => {
      const out: Partial<Record<ReportCall, unknown>> = {};
      for (const call of Object.keys(REPORT_CALLS) as ReportCall[]) out[call] = await loadReport(tx, s, call);
      return out as ReportsBundle;
    },
    now,
  );
}
