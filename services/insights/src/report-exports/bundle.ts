/**
 * What an export is made of: the nine Reports answers (the page's own calls, so a PDF, a CSV and
 * the screen never disagree) and the few words about the venue the title page needs.
 */
import type { REPORT_ANSWERS, ReportPeriod, ReportSegment } from '@venue/contracts/insights';
import type { z } from 'zod';

/** The nine answers, keyed as REPORTS_PATHS names the calls, each as its REPORT_ANSWERS schema reads it. */
export type ReportBundle = { [K in keyof typeof REPORT_ANSWERS]: z.output<(typeof REPORT_ANSWERS)[K]> };

/** The title page's words, from the venue's settings copy and the export's choices. */
export interface ReportContext {
  /** Payments → business name, else a plain word (never an invented name). */
  venueName: string;
  timezone: string;
  currency: string;
  period: ReportPeriod;
  segments: ReportSegment[];
  /** The venue's wall clock when it was made, `YYYY-MM-DD HH:mm`. */
  generatedAt: string;
  /** The venue's today: the file names' date. */
  today: string;
}

/**
 * Whether there is anything to export: spec 03 §8's "No data available to export" otherwise.
 * A KPI of 0 with nothing behind it is not data; any booking, invoice or figure is.
 */
export function hasData(b: ReportBundle): boolean {
  const kpis = Object.values(b.executiveKpis.kpis).some((k) => k.value !== 0);
  const months = [...b.historical.historicalData, ...b.pipeline.pipelineData].some(
    (m) => m.bookings > 0 || m.revenueCents !== 0,
  );
  const funnel = [...b.funnel.funnelData, ...b.funnel.quotes].some((s) => s.count > 0);
  const aging = b.payments.paymentData.aging.some((a) => a.count > 0);
  const used = b.utilisation.utilisationData.some((r) =>
    r.data.some((d) => d.utilisation.some((u) => u.rate > 0)),
  );
  return (
    kpis ||
    months ||
    funnel ||
    aging ||
    used ||
    b.summary.summary.bookings > 0 ||
    b.cancellations.reasons.length > 0
  );
}

/** The segments in words, for the title page and the CSV file of KPIs. */
export function segmentsLabel(segments: readonly ReportSegment[]): string {
  if (segments.length === 0 || segments.includes('all')) return 'All customers';
  const words: Record<ReportSegment, string> = { all: 'All', nfp: 'Community/NFP', vip: 'VIP' };
  return segments.map((s) => words[s]).join(' and ');
}
