/**
 * The report's two grids: the utilisation heatmap per resource (weekday × hour, the spec's
 * bands, the buffer-time marker, the peak/average table the page expands) and the customer
 * cohorts with their week 0–5 retention.
 */
import { REPORTS_MESSAGES } from '@venue/contracts/insights';
import { PDF_FONT } from '@venue/service-kit/pdf';
import type { ReportBundle } from './bundle.ts';
import { dayLabel, hourLabel, integer, percent } from './format.ts';
import { emptyNote, ensureSpace, heading, INK, legend, MUTED, PAGE, table, type Doc } from './pdf-draw.ts';

/** Spec 03 §9: 80 % or more green, 60–79 yellow, 40–59 orange, below 40 red. */
export function heatColour(rate: number): string {
  if (rate >= 80) return '#2f9e44';
  if (rate >= 60) return '#fab005';
  if (rate >= 40) return '#fd7e14';
  return '#e03131';
}

/** Spec 03 §9 cohort bands: 80+, 60+, 40+, 20+, below 20 (darker is more retained). */
export function retentionColour(rate: number): string {
  if (rate >= 80) return '#1864ab';
  if (rate >= 60) return '#1c7ed6';
  if (rate >= 40) return '#4dabf7';
  if (rate >= 20) return '#a5d8ff';
  return '#e7f5ff';
}

type Day = ReportBundle['utilisation']['utilisationData'][number]['data'][number];

/**
 * The expandable table of the page: peak hour and rate, average rate, low hour, per day. The
 * answer's own summary when it carries one (the page shows the same), else worked out from the
 * hours; null when the resource is closed all day.
 */
export function dayFigures(
  d: Day,
): { peakHour: number; peakRate: number; average: number; lowHour: number } | null {
  if (d.peakHour !== undefined) {
    if (d.peakHour === null || d.lowHour === null || d.lowHour === undefined) return null;
    return {
      peakHour: d.peakHour,
      peakRate: d.peakRate ?? 0,
      average: d.averageRate ?? 0,
      lowHour: d.lowHour,
    };
  }
  if (d.utilisation.length === 0) return null;
  let peak = d.utilisation[0]!;
  let low = d.utilisation[0]!;
  let sum = 0;
  for (const u of d.utilisation) {
    if (u.rate > peak.rate) peak = u;
    if (u.rate < low.rate) low = u;
    sum += u.rate;
  }
  return {
    peakHour: peak.hour,
    peakRate: peak.rate,
    average: Math.round((sum / d.utilisation.length) * 10) / 10,
    lowHour: low.hour,
  };
}

/** A day the answer says the resource is closed all day: its row is grey, not "0 %". */
const closedAllDay = (d: Day) => d.peakHour === null;
const CLOSED = '#dee2e6';

export function utilisationSection(doc: Doc, b: ReportBundle): void {
  heading(
    doc,
    'Resource Utilisation',
    'Booked share of each opening hour, 06:00 to 22:00, by weekday. A dot marks hours with setup or pack-down buffers.',
  );
  const resources = b.utilisation.utilisationData;
  if (resources.length === 0) {
    emptyNote(doc, REPORTS_MESSAGES.noUtilisation);
    return;
  }
  legend(doc, [
    { label: '80% or more', color: heatColour(80) },
    { label: '60–79%', color: heatColour(60) },
    { label: '40–59%', color: heatColour(40) },
    { label: 'Below 40%', color: heatColour(0) },
    { label: 'Closed all day', color: CLOSED },
  ]);
  for (const r of resources) heatmap(doc, r);
}

function heatmap(doc: Doc, r: ReportBundle['utilisation']['utilisationData'][number]): void {
  const hours = [...new Set(r.data.flatMap((d) => d.utilisation.map((u) => u.hour)))].sort((a, c) => a - c);
  const labelW = 70;
  const cellW = Math.min(26, (PAGE.width - labelW) / Math.max(1, hours.length));
  const cellH = 16;
  ensureSpace(doc, 40 + cellH * (r.data.length + 1) + 18 * (r.data.length + 2));
  doc.moveDown(0.4);
  doc
    .fillColor(INK)
    .font(PDF_FONT.bold)
    .fontSize(11)
    .text(`${r.name} (buffer ${r.bufferMinutes} min)`, PAGE.left, doc.y);
  doc.moveDown(0.3);
  const top = doc.y;
  doc.font(PDF_FONT.regular).fontSize(7).fillColor(MUTED);
  hours.forEach((h, i) =>
    doc.text(hourLabel(h), PAGE.left + labelW + i * cellW, top, {
      width: cellW,
      align: 'center',
      lineBreak: false,
    }),
  );
  r.data.forEach((d, row) => {
    const y = top + 10 + row * cellH;
    doc
      .fillColor(INK)
      .fontSize(8)
      .text(d.day, PAGE.left, y + 4, { width: labelW - 4, lineBreak: false });
    for (const u of d.utilisation) {
      const col = hours.indexOf(u.hour);
      const x = PAGE.left + labelW + col * cellW;
      doc.rect(x + 0.5, y + 0.5, cellW - 1, cellH - 1).fill(closedAllDay(d) ? CLOSED : heatColour(u.rate));
      if (u.hasBuffers) doc.circle(x + cellW - 4, y + 4, 1.8).fill('#212529');
    }
  });
  doc.x = PAGE.left;
  doc.y = top + 10 + r.data.length * cellH + 8;
  table(
    doc,
    [
      { label: 'Day', width: 115 },
      { label: 'Peak hour', width: 95, align: 'right' },
      { label: 'Peak rate', width: 95, align: 'right' },
      { label: 'Average rate', width: 95, align: 'right' },
      { label: 'Low hour', width: 95, align: 'right' },
    ],
    r.data.map((d) => {
      const f = dayFigures(d);
      return f
        ? [d.day, hourLabel(f.peakHour), percent(f.peakRate), percent(f.average), hourLabel(f.lowHour)]
        : [d.day, 'Closed', '', '', ''];
    }),
  );
}

export function cohortsSection(doc: Doc, b: ReportBundle): void {
  heading(
    doc,
    'Customer Cohorts & Retention',
    'Customers grouped by the week of their first booking; the share who booked again in each week after it.',
  );
  const s = b.summary.summary;
  doc
    .fillColor(MUTED)
    .fontSize(9)
    .text(`${integer(s.bookings)} bookings from ${integer(s.customers)} customers in the period.`);
  doc.moveDown(0.5);
  if (s.cohorts.length === 0) {
    emptyNote(doc, 'No customer cohorts in this period.');
    return;
  }
  const weeks = Math.max(6, ...s.cohorts.map((c) => c.retention.length));
  const labelW = 110;
  const countW = 60;
  const cellW = Math.min(54, (PAGE.width - labelW - countW) / weeks);
  const cellH = 18;
  const drawHeader = () => {
    const y = doc.y;
    doc.fillColor(INK).font(PDF_FONT.bold).fontSize(8);
    doc.text('Cohort (week of)', PAGE.left, y, { width: labelW, lineBreak: false });
    doc.text('Customers', PAGE.left + labelW, y, { width: countW - 6, align: 'right', lineBreak: false });
    for (let w = 0; w < weeks; w++)
      doc.text(`Week ${w}`, PAGE.left + labelW + countW + w * cellW, y, {
        width: cellW,
        align: 'center',
        lineBreak: false,
      });
    doc.y = y + 12;
  };
  drawHeader();
  doc.font(PDF_FONT.regular).fontSize(8);
  for (const c of s.cohorts) {
    if (doc.y + cellH > PAGE.bottom) {
      doc.addPage();
      doc.y = PAGE.top;
      drawHeader();
    }
    const y = doc.y;
    doc
      .fillColor(INK)
      .font(PDF_FONT.regular)
      .text(dayLabel(c.cohort), PAGE.left, y + 5, { width: labelW, lineBreak: false });
    doc.text(integer(c.customers), PAGE.left + labelW, y + 5, {
      width: countW - 6,
      align: 'right',
      lineBreak: false,
    });
    c.retention.forEach((rate, w) => {
      const x = PAGE.left + labelW + countW + w * cellW;
      doc.rect(x + 0.5, y + 0.5, cellW - 1, cellH - 1).fill(retentionColour(rate));
      doc
        .fillColor(rate >= 60 ? '#ffffff' : INK)
        .text(percent(rate), x, y + 5, { width: cellW, align: 'center', lineBreak: false });
    });
    doc.y = y + cellH;
  }
  doc.x = PAGE.left;
  doc.moveDown();
  legend(doc, [
    { label: '80+', color: retentionColour(80) },
    { label: '60+', color: retentionColour(60) },
    { label: '40+', color: retentionColour(40) },
    { label: '20+', color: retentionColour(20) },
    { label: 'Below 20', color: retentionColour(0) },
  ]);
  doc.moveDown();
}
