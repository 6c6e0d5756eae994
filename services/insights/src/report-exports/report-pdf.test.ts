/**
 * Export PDF drawn from a known bundle: read back with a PDF reader (unpdf, as money's PDF tests
 * do), page by page — the title page's venue and range, the KPI cards, each panel's figures on
 * its page, the forecast method, the heatmap's peak/average table, and the charts themselves (the
 * fills of each chart's colours on the page that shows it). An empty bundle says so in the spec's
 * words on every panel. Names print as typed (issue 24 item 10).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractText, getDocumentProxy } from 'unpdf';
import { REPORTS_MESSAGES } from '@venue/contracts/insights';
import type { ReportBundle } from './bundle.ts';
import { FIXTURE_CONTEXT, fixtureBundle } from '../testing/report-bundle.ts';
import { heatColour, retentionColour } from './pdf-grids.ts';
import { CHART_COLOURS, reportPdf } from './report-pdf.ts';
import { readPdf, type PdfPages } from './read-files.ts';

function pageWith(doc: PdfPages, heading: string): number {
  const i = doc.pages.findIndex((p) => p.includes(heading));
  assert.ok(i >= 0, `a page shows "${heading}"`);
  return i;
}

function includesAll(text: string, expected: string[]) {
  for (const e of expected) assert.ok(text.includes(e), `expected "${e}" in: ${text.slice(0, 600)}`);
}

describe('Export PDF', () => {
  it('is a multi-page A4 report: title page, KPI cards and every panel with its figures, page numbers on each page', async () => {
    const bytes = await reportPdf(fixtureBundle(), FIXTURE_CONTEXT);
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    const doc = await readPdf(bytes);
    const n = doc.pages.length;
    assert.ok(n >= 6, `at least 6 pages, got ${n}`);
    doc.pages.forEach((p, i) => assert.ok(p.includes(`Page ${i + 1} of ${n}`), `page ${i + 1} numbered`));

    includesAll(doc.pages[0]!, [
      'Harbour Hall',
      'Last 90 days: 20 Aug 2026 – 18 Nov 2026',
      'Segments: All customers',
      'Generated 18 Nov 2026 12:00 (Australia/Sydney)',
      'Executive KPIs',
      'Bookings',
      '42',
      '+12.5% vs previous period',
      'Revenue',
      '$12,345.50',
      '-3.2% vs previous period',
      'Deposit Conversion',
      '81.3%',
      'No previous period to compare',
      'Cancellation Rate',
      '4.8%',
    ]);

    includesAll(doc.pages[pageWith(doc, 'Historical Performance')]!, [
      'Revenue by event date',
      'Sep 2026',
      '$7,020.25',
      'Jul 2026',
      '$5,234.50',
    ]);
    includesAll(doc.pages[pageWith(doc, 'Upcoming Pipeline')]!, [
      'Feb 2027',
      '$999.90',
      'Dec 2026',
      '$4,550.00',
    ]);
    includesAll(doc.pages[pageWith(doc, 'Forecast')]!, [
      'Optimistic (+15%)',
      'Cautious (-15%)',
      'Method: Base: confirmed pipeline of each month plus the average monthly change of the last 6 months',
      '$5,750.00', // optimistic December
      '$2,210.00', // cautious February
    ]);
    // Saturday in the Main Hall: 90 % from 10:00 to 16:00, so peak 10:00 at 90 %, 6 × 90 / 16 = 33.75 → 33.8 %
    const util = doc.pages[pageWith(doc, 'Main Hall (buffer 30 min)')]!;
    includesAll(util, ['Resource Utilisation', '80% or more', 'Below 40%', 'Saturday 10:00 90% 33.8% 06:00']);
    // the answer's own day summary where it gives one (open hours only), a day closed all day said so
    includesAll(doc.pages[pageWith(doc, 'Garden Room (buffer 15 min)')]!, [
      'Friday 18:00 65% 6.5% 09:00',
      'Sunday Closed',
      'Closed all day',
    ]);
    includesAll(doc.pages[pageWith(doc, 'Bookings Funnel')]!, [
      'Requests',
      '60 (100%)',
      'Completed',
      '24 (40%)',
      'Quotes sent',
      'Accepted',
      '9 (45%)',
    ]);
    includesAll(doc.pages[pageWith(doc, 'Payment Aging')]!, [
      'Payment Timeliness',
      'On-time 75%',
      'Overdue 25%',
      '1–30 days',
      '$800.50',
      'Over 90 days',
      '$123.45',
    ]);
    includesAll(doc.pages[pageWith(doc, 'Customer Cohorts & Retention')]!, [
      '42 bookings from 31 customers in the period.',
      '12 Oct 2026',
      'Week 5',
      '80%',
      'Cancellation Reasons',
      'Change of plans',
    ]);
  });

  it('draws the charts: bars, the three forecast areas, the heatmap in the spec’s bands with buffer marks, the funnel, the pie, the cohort grid', async () => {
    const doc = await readPdf(await reportPdf(fixtureBundle(), FIXTURE_CONTEXT));
    const fills = (heading: string) => doc.fills[pageWith(doc, heading)]!;
    const count = (m: Map<string, number>, colour: string) => m.get(colour) ?? 0;

    const months = fills('Historical Performance');
    assert.equal(
      count(months, CHART_COLOURS.revenue),
      6,
      'a bar per month of history (the title strip is on page 1)',
    );
    // pipeline: four months with revenue get a bar (0 draws none)
    assert.equal(count(fills('Upcoming Pipeline'), CHART_COLOURS.pipeline), 4);
    const forecast = fills('Forecast');
    for (const c of [CHART_COLOURS.base, CHART_COLOURS.optimistic, CHART_COLOURS.cautious])
      assert.ok(count(forecast, c) >= 2, `area and legend in ${c}`);
    const heat = fills('Main Hall (buffer 30 min)');
    // Main Hall 7 × 16 cells: 6 green (Saturday), 2 orange (Monday 50 %), the rest red; plus the legend's squares
    assert.equal(count(heat, heatColour(80)), 6 + 1);
    assert.equal(count(heat, heatColour(40)), 2 + 1);
    assert.ok(count(heat, heatColour(0)) >= 7 * 16 - 8, 'the other cells red (below 40 %)');
    assert.equal(count(heat, '#212529'), 3, 'a buffer mark on each hour with buffers');
    assert.ok(count(fills('Garden Room (buffer 15 min)'), '#dee2e6') >= 16, 'Sunday closed: grey, not red');
    assert.equal(count(fills('Bookings Funnel'), CHART_COLOURS.funnel), 4);
    assert.equal(count(fills('Bookings Funnel'), CHART_COLOURS.quotes), 2);
    const pay = fills('Payment Timeliness');
    assert.equal(count(pay, CHART_COLOURS.onTime), 2, 'pie slice and legend');
    assert.equal(count(pay, CHART_COLOURS.overdue), 2);
    const cohorts = fills('Customer Cohorts & Retention');
    // 100, 100 (80+ band: 2 cells) and 80 → 3, plus the legend's square
    assert.equal(count(cohorts, retentionColour(80)), 3 + 1);
  });

  it('a period with nothing in it still renders, each panel saying it has no data in the spec’s words', async () => {
    const b = fixtureBundle();
    const empty: ReportBundle = {
      ...b,
      historical: { basis: 'event-date', historicalData: [] },
      pipeline: { basis: 'event-date', pipelineData: [] },
      funnel: { funnelData: [], quotes: [] },
      payments: { paymentData: { onTime: 0, overdue: 0, aging: [] } },
      utilisation: { utilisationData: [] },
      cancellations: { reasons: [] },
      forecast: { forecastData: { method: 'none', scenarios: { base: [], optimistic: [], cautious: [] } } },
      summary: { summary: { bookings: 0, revenueCents: 0, customers: 0, cohorts: [] } },
    };
    const doc = await readPdf(await reportPdf(empty, FIXTURE_CONTEXT));
    const all = doc.pages.join(' ');
    includesAll(all, [
      REPORTS_MESSAGES.noHistory,
      REPORTS_MESSAGES.noPipeline,
      REPORTS_MESSAGES.noForecast,
      REPORTS_MESSAGES.noUtilisation,
      REPORTS_MESSAGES.noFunnel,
      REPORTS_MESSAGES.noPayments,
      REPORTS_MESSAGES.noAging,
      'No customer cohorts in this period.',
      'No cancellations in this period.',
    ]);
  });

  it('prints the venue, a hall and a cancellation reason as typed: "Nguyễn Thị Ánh — Đặng\'s Café", "Zoë Ñúñez 李", "Tết" (issue 24 item 10)', async () => {
    const venue = "Nguyễn Thị Ánh — Đặng's Café";
    const b = fixtureBundle();
    b.utilisation.utilisationData[0]!.name = 'Zoë Ñúñez 李';
    b.utilisation.utilisationData[1]!.name = 'Tết';
    b.cancellations.reasons = [
      { reason: 'Tết', count: 2 },
      { reason: 'Zoë Ñúñez 李', count: 1 },
    ];
    const bytes = await reportPdf(b, { ...FIXTURE_CONTEXT, venueName: venue });
    // line by line, as a reader copies them out (readPdf folds the spaces of a page into one line)
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const lines = text.split('\n');
    const n = (await readPdf(bytes)).pages.length;
    for (const expected of [
      venue, // the title page
      'Zoë Ñúñez 李 (buffer 30 min)',
      'Tết (buffer 15 min)',
      'Tết 2',
      'Zoë Ñúñez 李 1',
      ...Array.from({ length: n }, (_, i) => `${venue} · Last 90 days · 18 Nov 2026 Page ${i + 1} of ${n}`),
    ])
      assert.ok(lines.includes(expected), `"${expected}" in ${JSON.stringify(lines)}`);
    assert.ok(bytes.length < 200_000, `${bytes.length} bytes`);
  });
});
