/**
 * Download CSVs (spec 03 §2.10, issue 14 item 4): one CSV per panel of the Reports page in one
 * zip. Each file is the kit's CSV (quoted, formula-guarded, CRLF, byte-order mark); amounts are
 * decimal dollars beside their cents-free header ("Revenue AUD"), as a spreadsheet reads them.
 * Zipped with fflate (small, no native parts; decision 46).
 */
import { REPORT_KPI_KEYS, REPORT_PERIOD_LABELS } from '@venue/contracts/insights';
import { toCsv } from '@venue/service-kit';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ReportBundle, ReportContext } from './bundle.ts';
import { segmentsLabel } from './bundle.ts';
import { dollars, KPI_LABELS } from './format.ts';
import { dayFigures } from './pdf-grids.ts';

/** `reports-2026-11-24.zip`: the venue's today. */
export const reportZipName = (today: string) => `reports-${today}.zip`;

/** File name → CSV text, in the page's order. */
export function reportCsvFiles(b: ReportBundle, c: ReportContext): Record<string, string> {
  const f = b.forecast.forecastData;
  const p = b.payments.paymentData;
  return {
    'kpis.csv': kpisCsv(b, c),
    'historical-performance.csv': toCsv(
      ['Month', 'Bookings', 'Revenue AUD (by event date)'],
      b.historical.historicalData.map((r) => [r.month, r.bookings, dollars(r.revenueCents)]),
    ),
    'upcoming-pipeline.csv': toCsv(
      ['Month', 'Bookings', 'Revenue AUD (by event date)'],
      b.pipeline.pipelineData.map((r) => [r.month, r.bookings, dollars(r.revenueCents)]),
    ),
    'forecast.csv': toCsv(
      ['Month', 'Scenario', 'Bookings', 'Revenue AUD (by event date)', 'Method'],
      (['base', 'optimistic', 'cautious'] as const).flatMap((s) =>
        f.scenarios[s].map((pt) => [pt.month, s, pt.bookings, dollars(pt.revenueCents), f.method]),
      ),
    ),
    'resource-utilisation.csv': utilisationCsv(b),
    'utilisation-by-day.csv': utilisationByDayCsv(b),
    'bookings-funnel.csv': toCsv(
      ['Funnel', 'Stage', 'Count'],
      [
        ...b.funnel.funnelData.map((s) => ['Bookings', s.stage, s.count]),
        ...b.funnel.quotes.map((s) => ['Quotations', s.stage, s.count]),
      ],
    ),
    'payment-timeliness.csv': toCsv(
      ['Measure', 'Percent of invoices'],
      [
        ['On-time', p.onTime],
        ['Overdue', p.overdue],
      ],
    ),
    'payment-aging.csv': toCsv(
      ['Age', 'Count', 'Amount AUD'],
      p.aging.map((a) => [a.bucket, a.count, dollars(a.amountCents)]),
    ),
    'customer-cohorts.csv': toCsv(
      ['Cohort (week of)', 'Customers', ...[0, 1, 2, 3, 4, 5].map((w) => `Week ${w} (%)`)],
      b.summary.summary.cohorts.map((co) => [co.cohort, co.customers, ...co.retention]),
    ),
    'cancellation-reasons.csv': toCsv(
      ['Reason', 'Bookings'],
      b.cancellations.reasons.map((r) => [r.reason, r.count]),
    ),
  };
}

/** The six KPIs, each with its period and segments. */
function kpisCsv(b: ReportBundle, c: ReportContext): string {
  const k = b.executiveKpis;
  const money = (unit: string, value: number) => (unit === 'cents' ? dollars(value) : String(value));
  return toCsv(
    ['KPI', 'Value', 'Unit', 'Change vs previous period (%)', 'Trend', 'Period', 'Segments', 'Note'],
    REPORT_KPI_KEYS.map((key) => {
      const kpi = k.kpis[key];
      return [
        KPI_LABELS[key],
        money(kpi.unit, kpi.value),
        kpi.unit === 'cents' ? c.currency : kpi.unit,
        kpi.change === null ? '' : String(kpi.change),
        kpi.trend,
        `${REPORT_PERIOD_LABELS[c.period]} (${k.from} to ${k.to})`,
        segmentsLabel(c.segments),
        kpi.note,
      ];
    }),
  );
}

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The heatmap: one line per resource, day and hour. */
function utilisationCsv(b: ReportBundle): string {
  return toCsv(
    ['Resource', 'Buffer minutes', 'Day', 'Hour', 'Utilisation (%)', 'Buffer time'],
    b.utilisation.utilisationData.flatMap((r) =>
      r.data.flatMap((d) =>
        d.utilisation.map((u) => [
          r.name,
          r.bufferMinutes,
          d.day,
          hh(u.hour),
          u.rate,
          u.hasBuffers ? 'yes' : 'no',
        ]),
      ),
    ),
  );
}

/** Each resource's days: the peak, the average and the quietest hour, or Closed. */
function utilisationByDayCsv(b: ReportBundle): string {
  return toCsv(
    ['Resource', 'Day', 'Peak hour', 'Peak rate (%)', 'Average rate (%)', 'Low hour'],
    b.utilisation.utilisationData.flatMap((r) =>
      r.data.map((d) => {
        const x = dayFigures(d);
        return x
          ? [r.name, d.day, hh(x.peakHour), x.peakRate, x.average, hh(x.lowHour)]
          : [r.name, d.day, 'Closed', '', '', ''];
      }),
    ),
  );
}

export function reportZip(b: ReportBundle, c: ReportContext): Buffer {
  const files = reportCsvFiles(b, c);
  // The same instant on every entry (the venue's generation time), so one bundle zips the same.
  const mtime = new Date(`${c.generatedAt.slice(0, 10)}T12:00:00Z`);
  const entries: Zippable = {};
  for (const [name, text] of Object.entries(files)) entries[name] = [strToU8(text), { mtime }];
  return Buffer.from(zipSync(entries, { level: 6 }));
}
