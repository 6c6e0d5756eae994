/**
 * Export PDF (spec 03 §2.10, issue 14 item 4): the whole Reports page as a multi-page A4 report,
 * every panel in the page's order with its chart drawn — title page and KPI cards; historical and
 * pipeline tables with bar charts; the forecast's three scenarios as areas with the method under
 * them; a utilisation heatmap per resource with the buffer marker and the peak/average table; the
 * funnels; payment timeliness as a pie and the aging table; the cohort grid and the cancellation
 * reasons. Every figure is the Reports calls' own (bundle.ts); a panel without data says so in
 * the spec's words. pdfkit, in the fonts of `@venue/service-kit/pdf` as money's PDFs, so a venue,
 * hall or reason named "Nguyễn Thị Ánh — Đặng's Café", "Zoë Ñúñez 李" or "Tết" prints as typed.
 */
import { createPdf, PDF_FONT } from '@venue/service-kit/pdf';
import { REPORT_PERIOD_LABELS, REPORTS_MESSAGES, REPORT_KPI_KEYS } from '@venue/contracts/insights';
import type { ReportBundle, ReportContext } from './bundle.ts';
import { segmentsLabel } from './bundle.ts';
import {
  changeText,
  dayLabel,
  integer,
  KPI_LABELS,
  kpiValue,
  money,
  moneyShort,
  monthLabel,
  percent,
  TREND_WORDS,
} from './format.ts';
import {
  areaChart,
  barChart,
  emptyNote,
  heading,
  horizontalBars,
  INK,
  legend,
  MUTED,
  PAGE,
  pie,
  table,
  type Doc,
} from './pdf-draw.ts';
import { cohortsSection, utilisationSection } from './pdf-grids.ts';

export const CHART_COLOURS = {
  revenue: '#2563eb',
  pipeline: '#7c3aed',
  base: '#2563eb',
  optimistic: '#2f9e44',
  cautious: '#e8590c',
  funnel: '#0ca678',
  quotes: '#1971c2',
  onTime: '#2f9e44',
  overdue: '#e03131',
} as const;

/** `report-2026-11-24.pdf`: the venue's today. */
export const reportPdfName = (today: string) => `report-${today}.pdf`;

export async function reportPdf(b: ReportBundle, c: ReportContext): Promise<Buffer> {
  const doc = createPdf({
    size: 'A4',
    margin: PAGE.left,
    bufferPages: true,
    info: { Title: `${c.venueName} report ${c.today}`, Author: 'VenueDesk' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  titlePage(doc, b, c);
  doc.addPage();
  monthsSection(doc, b, c);
  doc.addPage();
  forecastSection(doc, b, c);
  doc.addPage();
  utilisationSection(doc, b);
  doc.addPage();
  funnelSection(doc, b);
  paymentsSection(doc, b, c);
  doc.addPage();
  cohortsSection(doc, b);
  cancellationsSection(doc, b);
  footers(doc, c);

  doc.end();
  await done;
  return Buffer.concat(chunks);
}

function rangeText(b: ReportBundle, c: ReportContext): string {
  const k = b.executiveKpis;
  return `${REPORT_PERIOD_LABELS[c.period]}: ${dayLabel(k.from)} – ${dayLabel(k.to)}`;
}

function titlePage(doc: Doc, b: ReportBundle, c: ReportContext): void {
  doc.rect(0, 0, 595.28, 8).fill(CHART_COLOURS.revenue);
  doc.y = 90;
  doc.fillColor(MUTED).font(PDF_FONT.regular).fontSize(12).text('Reports', PAGE.left, doc.y);
  doc.fillColor(INK).font(PDF_FONT.bold).fontSize(26).text(c.venueName, { width: PAGE.width });
  doc.moveDown(0.4);
  doc.font(PDF_FONT.regular).fontSize(13).text(rangeText(b, c));
  doc
    .fillColor(MUTED)
    .fontSize(10)
    .text(`Segments: ${segmentsLabel(c.segments)}`);
  doc.text(
    `Generated ${dayLabel(c.generatedAt.slice(0, 10))} ${c.generatedAt.slice(11, 16)} (${c.timezone})`,
  );
  doc.moveDown(2);
  heading(doc, 'Executive KPIs', 'Each figure against the previous period of the same length.');
  kpiCards(doc, b, c);
}

function kpiCards(doc: Doc, b: ReportBundle, c: ReportContext): void {
  const cardW = (PAGE.width - 15) / 2;
  const cardH = 92;
  const top = doc.y;
  for (const [i, key] of REPORT_KPI_KEYS.entries()) {
    const k = b.executiveKpis.kpis[key];
    const x = PAGE.left + (i % 2) * (cardW + 15);
    const y = top + Math.floor(i / 2) * (cardH + 12);
    doc.roundedRect(x, y, cardW, cardH, 6).lineWidth(0.8).strokeColor('#cfd6dd').stroke();
    doc
      .fillColor(MUTED)
      .font(PDF_FONT.regular)
      .fontSize(9)
      .text(KPI_LABELS[key], x + 12, y + 10, { width: cardW - 24 });
    doc
      .fillColor(INK)
      .font(PDF_FONT.bold)
      .fontSize(18)
      .text(kpiValue(k.unit, k.value, c.currency), x + 12, y + 24, { width: cardW - 24, lineBreak: false });
    // Green for better, red for worse: fewer cancellations is the better way for that one.
    const better = key === 'cancellationRate' ? 'down' : 'up';
    const colour = k.trend === 'neutral' ? MUTED : k.trend === better ? '#2f9e44' : '#e03131';
    doc
      .fillColor(colour)
      .font(PDF_FONT.regular)
      .fontSize(9)
      .text(`${changeText(k.change)} · ${TREND_WORDS[k.trend]}`, x + 12, y + 50, { width: cardW - 24 });
    doc
      .fillColor(MUTED)
      .fontSize(8)
      .text(k.note, x + 12, y + 64, { width: cardW - 24, height: 24, ellipsis: true });
  }
  doc.fillColor(INK);
  doc.x = PAGE.left;
  doc.y = top + 3 * (cardH + 12);
}

function monthsSection(doc: Doc, b: ReportBundle, c: ReportContext): void {
  const parts = [
    {
      title: 'Historical Performance',
      rows: b.historical.historicalData,
      empty: REPORTS_MESSAGES.noHistory,
      colour: CHART_COLOURS.revenue,
    },
    {
      title: 'Upcoming Pipeline',
      rows: b.pipeline.pipelineData,
      empty: REPORTS_MESSAGES.noPipeline,
      colour: CHART_COLOURS.pipeline,
    },
  ];
  for (const p of parts) {
    heading(doc, p.title, 'Revenue by event date (the month each booking takes place).');
    if (p.rows.length === 0) {
      emptyNote(doc, p.empty);
      continue;
    }
    table(
      doc,
      [
        { label: 'Month', width: 165 },
        { label: 'Bookings', width: 150, align: 'right' },
        { label: 'Revenue AUD', width: 180, align: 'right' },
      ],
      p.rows.map((r) => [monthLabel(r.month), integer(r.bookings), money(r.revenueCents, c.currency)]),
    );
    const box = { x: PAGE.left + 55, y: doc.y + 8, w: PAGE.width - 60, h: 120 };
    if (box.y + box.h + 30 > PAGE.bottom) {
      doc.addPage();
      box.y = doc.y + 8;
    }
    barChart(
      doc,
      box,
      p.rows.map((r) => monthLabel(r.month)),
      p.rows.map((r) => r.revenueCents),
      { color: p.colour, format: (v) => moneyShort(v, c.currency) },
    );
    doc.moveDown(0.8);
  }
}

function forecastSection(doc: Doc, b: ReportBundle, c: ReportContext): void {
  const f = b.forecast.forecastData;
  heading(doc, 'Forecast', 'Revenue by event date, the coming months, in three scenarios.');
  const base = f.scenarios.base;
  if (base.length === 0) {
    emptyNote(doc, REPORTS_MESSAGES.noForecast);
    return;
  }
  legend(doc, [
    { label: 'Base', color: CHART_COLOURS.base },
    { label: 'Optimistic (+15%)', color: CHART_COLOURS.optimistic },
    { label: 'Cautious (-15%)', color: CHART_COLOURS.cautious },
  ]);
  const labels = base.map((p) => monthLabel(p.month));
  areaChart(
    doc,
    { x: PAGE.left + 55, y: doc.y + 10, w: PAGE.width - 60, h: 170 },
    labels,
    [
      {
        name: 'Optimistic',
        values: f.scenarios.optimistic.map((p) => p.revenueCents),
        color: CHART_COLOURS.optimistic,
      },
      { name: 'Base', values: base.map((p) => p.revenueCents), color: CHART_COLOURS.base },
      {
        name: 'Cautious',
        values: f.scenarios.cautious.map((p) => p.revenueCents),
        color: CHART_COLOURS.cautious,
      },
    ],
    { format: (v) => moneyShort(v, c.currency) },
  );
  doc.moveDown(0.5);
  doc.fillColor(MUTED).font(PDF_FONT.italic).fontSize(9).text(`Method: ${f.method}`, PAGE.left, doc.y, {
    width: PAGE.width,
  });
  doc.fillColor(INK).font(PDF_FONT.regular);
  doc.moveDown();
  const at = (list: typeof base, i: number) => list[i];
  table(
    doc,
    [
      { label: 'Month', width: 90 },
      { label: 'Base bookings', width: 80, align: 'right' },
      { label: 'Base AUD', width: 110, align: 'right' },
      { label: 'Optimistic AUD', width: 110, align: 'right' },
      { label: 'Cautious AUD', width: 105, align: 'right' },
    ],
    base.map((p, i) => [
      monthLabel(p.month),
      integer(Math.round(p.bookings)),
      money(p.revenueCents, c.currency),
      money(at(f.scenarios.optimistic, i)?.revenueCents ?? 0, c.currency),
      money(at(f.scenarios.cautious, i)?.revenueCents ?? 0, c.currency),
    ]),
  );
}

function funnelSection(doc: Doc, b: ReportBundle): void {
  const f = b.funnel;
  heading(doc, 'Bookings Funnel', f.note ?? 'Requests made in the period and how far they went.');
  if (!f.funnelData.some((s) => s.count > 0) && !f.quotes.some((s) => s.count > 0)) {
    emptyNote(doc, REPORTS_MESSAGES.noFunnel);
    return;
  }
  const first = f.funnelData[0]?.count ?? 0;
  const share = (n: number, of: number) => (of > 0 ? ` (${Math.round((n / of) * 100)}%)` : '');
  horizontalBars(
    doc,
    PAGE.left,
    PAGE.width,
    f.funnelData.map((s) => ({
      label: s.stage,
      value: s.count,
      text: `${integer(s.count)}${share(s.count, first)}`,
    })),
    CHART_COLOURS.funnel,
  );
  doc.font(PDF_FONT.bold).fontSize(11).text('Quotations', PAGE.left, doc.y);
  doc.moveDown(0.3);
  const sent = f.quotes[0]?.count ?? 0;
  horizontalBars(
    doc,
    PAGE.left,
    PAGE.width,
    f.quotes.map((s) => ({
      label: s.stage,
      value: s.count,
      text: `${integer(s.count)}${share(s.count, sent)}`,
    })),
    CHART_COLOURS.quotes,
  );
  doc.moveDown();
}

function paymentsSection(doc: Doc, b: ReportBundle, c: ReportContext): void {
  const p = b.payments.paymentData;
  heading(
    doc,
    'Payment Timeliness',
    'Invoices due in the period: paid by their due date, or paid late and still overdue.',
  );
  if (p.onTime + p.overdue <= 0) emptyNote(doc, REPORTS_MESSAGES.noPayments);
  else {
    const top = doc.y;
    pie(doc, PAGE.left + 70, top + 65, 60, [
      { value: p.onTime, color: CHART_COLOURS.onTime },
      { value: p.overdue, color: CHART_COLOURS.overdue },
    ]);
    doc.y = top + 40;
    legend(doc, [{ label: `On-time ${percent(p.onTime)}`, color: CHART_COLOURS.onTime }], PAGE.left + 170);
    legend(doc, [{ label: `Overdue ${percent(p.overdue)}`, color: CHART_COLOURS.overdue }], PAGE.left + 170);
    doc.y = top + 140;
  }
  heading(doc, 'Payment Aging', 'Unpaid balances by days past their due date, today.');
  if (!p.aging.some((a) => a.count > 0)) {
    emptyNote(doc, REPORTS_MESSAGES.noAging);
    return;
  }
  const words: Record<string, string> = {
    current: 'Current (not yet due)',
    '1-30': '1–30 days',
    '31-60': '31–60 days',
    '61-90': '61–90 days',
    '90+': 'Over 90 days',
  };
  table(
    doc,
    [
      { label: 'Age', width: 200 },
      { label: 'Count', width: 120, align: 'right' },
      { label: 'Amount AUD', width: 175, align: 'right' },
    ],
    p.aging.map((a) => [words[a.bucket] ?? a.bucket, integer(a.count), money(a.amountCents, c.currency)]),
  );
}

function cancellationsSection(doc: Doc, b: ReportBundle): void {
  heading(doc, 'Cancellation Reasons', 'Bookings cancelled in the period, by the reason given.');
  const reasons = b.cancellations.reasons;
  if (reasons.length === 0) {
    emptyNote(doc, 'No cancellations in this period.');
    return;
  }
  table(
    doc,
    [
      { label: 'Reason', width: 375 },
      { label: 'Bookings', width: 120, align: 'right' },
    ],
    reasons.map((r) => [r.reason, integer(r.count)]),
  );
}

/** Every page but the title says whose report and which range; every page its number. */
function footers(doc: Doc, c: ReportContext): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin, where pdfkit would otherwise start a new page for the text.
    doc.page.margins.bottom = 0;
    const y = 812;
    doc.fillColor(MUTED).font(PDF_FONT.regular).fontSize(8);
    doc.text(`${c.venueName} · ${REPORT_PERIOD_LABELS[c.period]} · ${dayLabel(c.today)}`, PAGE.left, y, {
      width: 300,
      lineBreak: false,
    });
    doc.text(`Page ${i + 1} of ${range.count}`, PAGE.right - 100, y, {
      width: 100,
      align: 'right',
      lineBreak: false,
    });
  }
}
