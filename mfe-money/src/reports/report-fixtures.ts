/**
 * Answers of the nine reports calls for the component tests: `@venue/contracts/testing`'s known
 * answers (contract types, so a change of the contract breaks the tests rather than passing them
 * by accident), the same figures insights' exports are tested with. Test code only.
 */
import { HttpResponse } from 'msw';
import { REPORTS_PATHS } from '@venue/contracts/insights';
import { captureRequests, type CapturedRequest } from '@venue/ui/testing';
import { reportAnswers } from '@venue/contracts/testing';
import type { ReportsData } from './reports-api.ts';

const answers = reportAnswers();
const { executiveKpis, ...rest } = answers;

/**
 * The shared answers insights' own export tests use, under the page's names; with what the
 * service also sends and the shared set leaves out: the revenue KPI's basis (payments received)
 * and each past month's received total, so the page's basis captions and Received column are
 * tested too.
 */
export const REPORTS: ReportsData = {
  ...rest,
  kpis: {
    ...executiveKpis,
    kpis: {
      ...executiveKpis.kpis,
      revenue: { ...executiveKpis.kpis.revenue, basis: 'payment-date' },
    },
  },
  historical: {
    ...rest.historical,
    historicalData: rest.historical.historicalData.map((m) => {
      const receivedCents = Math.round(m.revenueCents / 2);
      return { ...m, receivedCents, received: receivedCents / 100 };
    }),
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
