/**
 * Drawing on an A4 pdfkit page: headings, tables that break across pages, and the Reports
 * page's charts drawn as vector shapes (bars, stacked areas, a pie, a legend), so the PDF carries
 * the charts themselves rather than pictures of a screen.
 */
import type PDFDocument from 'pdfkit';
import { PDF_FONT } from '@venue/service-kit/pdf';

export type Doc = InstanceType<typeof PDFDocument>;

export const PAGE = { left: 50, right: 545, top: 50, bottom: 792, width: 495 } as const;
export const INK = '#1f2933';
export const MUTED = '#616e7c';
export const RULE = '#d9dee3';

/** A new page unless `height` more points still fit on this one. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > PAGE.bottom) {
    doc.addPage();
    doc.y = PAGE.top;
  }
}

export function heading(doc: Doc, text: string, note?: string): void {
  ensureSpace(doc, 60);
  doc.fillColor(INK).font(PDF_FONT.bold).fontSize(15).text(text, PAGE.left, doc.y, { width: PAGE.width });
  if (note) doc.fillColor(MUTED).font(PDF_FONT.regular).fontSize(9).text(note, { width: PAGE.width });
  doc.moveDown(0.5);
  doc.fillColor(INK).font(PDF_FONT.regular).fontSize(10);
}

/** The spec's empty-state words where a panel has nothing to show. */
export function emptyNote(doc: Doc, message: string): void {
  doc.fillColor(MUTED).font(PDF_FONT.italic).fontSize(10).text(message, PAGE.left, doc.y);
  doc.moveDown();
  doc.fillColor(INK).font(PDF_FONT.regular);
}

export interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A table with a shaded header, repeated at the top of each page it runs onto. */
export function table(doc: Doc, columns: Column[], rows: string[][], x: number = PAGE.left): void {
  const rowHeight = 16;
  const drawHeader = () => {
    const y = doc.y;
    const width = columns.reduce((s, c) => s + c.width, 0);
    doc.rect(x, y, width, rowHeight).fill('#eef1f4');
    doc.fillColor(INK).font(PDF_FONT.bold).fontSize(9);
    let cx = x;
    for (const c of columns) {
      doc.text(c.label, cx + 4, y + 4, { width: c.width - 8, align: c.align ?? 'left', lineBreak: false });
      cx += c.width;
    }
    doc.y = y + rowHeight;
  };
  ensureSpace(doc, rowHeight * 2);
  drawHeader();
  doc.font(PDF_FONT.regular).fontSize(9);
  for (const row of rows) {
    if (doc.y + rowHeight > PAGE.bottom) {
      doc.addPage();
      doc.y = PAGE.top;
      drawHeader();
      doc.font(PDF_FONT.regular).fontSize(9);
    }
    const y = doc.y;
    let cx = x;
    doc.fillColor(INK);
    for (const [i, c] of columns.entries()) {
      doc.text(row[i] ?? '', cx + 4, y + 4, {
        width: c.width - 8,
        align: c.align ?? 'left',
        lineBreak: false,
      });
      cx += c.width;
    }
    doc
      .moveTo(x, y + rowHeight)
      .lineTo(cx, y + rowHeight)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + rowHeight;
  }
  doc.x = PAGE.left;
  doc.moveDown(0.8);
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Axis lines and four grid lines with their values (0 … max). */
function axes(doc: Doc, b: Box, max: number, format: (v: number) => string): void {
  doc.font(PDF_FONT.regular).fontSize(7).fillColor(MUTED);
  for (let i = 0; i <= 4; i++) {
    const y = b.y + b.h - (b.h * i) / 4;
    doc
      .moveTo(b.x, y)
      .lineTo(b.x + b.w, y)
      .lineWidth(0.4)
      .strokeColor(i === 0 ? MUTED : RULE)
      .stroke();
    doc.text(format((max * i) / 4), b.x - 52, y - 3, { width: 48, align: 'right', lineBreak: false });
  }
}

/** A round top for the axis: 1, 2, 2.5 or 5 times a power of ten, at least `value`. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(value));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= value) return m * p;
  return 10 * p;
}

/** Vertical bars, one per label, the value written above each. */
export function barChart(
  doc: Doc,
  b: Box,
  labels: string[],
  values: number[],
  opts: { color: string; format: (v: number) => string; axisFormat?: (v: number) => string },
): void {
  const max = niceMax(Math.max(0, ...values));
  axes(doc, b, max, opts.axisFormat ?? opts.format);
  const slot = b.w / Math.max(1, labels.length);
  const barW = Math.min(40, slot * 0.6);
  for (const [i, label] of labels.entries()) {
    const v = Math.max(0, values[i] ?? 0);
    const h = (b.h * v) / max;
    const x = b.x + slot * i + (slot - barW) / 2;
    if (h > 0) doc.rect(x, b.y + b.h - h, barW, h).fill(opts.color);
    doc.fillColor(INK).fontSize(7);
    doc.text(opts.format(values[i] ?? 0), x - 10, b.y + b.h - h - 10, {
      width: barW + 20,
      align: 'center',
      lineBreak: false,
    });
    doc.fillColor(MUTED).text(label, b.x + slot * i, b.y + b.h + 4, {
      width: slot,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.fillColor(INK);
  doc.x = PAGE.left;
  doc.y = b.y + b.h + 20;
}

/** Horizontal bars, the label on the left and the value on the right (the funnel). */
export function horizontalBars(
  doc: Doc,
  x: number,
  width: number,
  rows: Array<{ label: string; value: number; text: string }>,
  color: string,
): void {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const labelW = 130;
  const barArea = width - labelW - 60;
  for (const r of rows) {
    ensureSpace(doc, 22);
    const y = doc.y;
    doc
      .fillColor(INK)
      .font(PDF_FONT.regular)
      .fontSize(9)
      .text(r.label, x, y + 4, { width: labelW - 6, lineBreak: false });
    const w = (barArea * Math.max(0, r.value)) / max;
    doc.rect(x + labelW, y, barArea, 16).fill('#f1f3f5');
    if (w > 0) doc.rect(x + labelW, y, w, 16).fill(color);
    doc.fillColor(INK).text(r.text, x + labelW + barArea + 6, y + 4, { width: 54, lineBreak: false });
    doc.y = y + 22;
  }
  doc.x = PAGE.left;
  doc.moveDown(0.5);
}

export interface Series {
  name: string;
  values: number[];
  color: string;
}

/** Filled areas under each series, drawn largest first so every one stays visible, with lines on top. */
export function areaChart(
  doc: Doc,
  b: Box,
  labels: string[],
  series: Series[],
  opts: { format: (v: number) => string },
): void {
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  axes(doc, b, max, opts.format);
  const n = labels.length;
  const xAt = (i: number) => (n <= 1 ? b.x + b.w / 2 : b.x + (b.w * i) / (n - 1));
  const yAt = (v: number) => b.y + b.h - (b.h * Math.max(0, v)) / max;
  const total = (s: Series) => s.values.reduce((a, v) => a + v, 0);
  for (const s of [...series].sort((a, c) => total(c) - total(a))) {
    if (s.values.length === 0) continue;
    doc.moveTo(xAt(0), b.y + b.h);
    s.values.forEach((v, i) => doc.lineTo(xAt(i), yAt(v)));
    doc.lineTo(xAt(s.values.length - 1), b.y + b.h).closePath();
    doc.fillOpacity(0.25).fill(s.color).fillOpacity(1);
  }
  for (const s of series) {
    if (s.values.length === 0) continue;
    doc.moveTo(xAt(0), yAt(s.values[0]!));
    s.values.forEach((v, i) => doc.lineTo(xAt(i), yAt(v)));
    doc.lineWidth(1.5).strokeColor(s.color).stroke();
  }
  doc.font(PDF_FONT.regular).fontSize(7).fillColor(MUTED);
  labels.forEach((l, i) =>
    doc.text(l, xAt(i) - 30, b.y + b.h + 4, { width: 60, align: 'center', lineBreak: false }),
  );
  doc.fillColor(INK);
  doc.x = PAGE.left;
  doc.y = b.y + b.h + 18;
}

/** Coloured squares with their words, in a row. */
export function legend(
  doc: Doc,
  items: Array<{ label: string; color: string }>,
  x: number = PAGE.left,
): void {
  const y = doc.y;
  let cx = x;
  doc.font(PDF_FONT.regular).fontSize(8);
  for (const it of items) {
    doc.rect(cx, y + 1, 8, 8).fill(it.color);
    doc.fillColor(INK).text(it.label, cx + 12, y, { lineBreak: false });
    cx += 12 + doc.widthOfString(it.label) + 16;
  }
  doc.x = PAGE.left;
  doc.y = y + 16;
}

/** A pie of the slices' shares (drawn as SVG arc paths); nothing drawn when they sum to 0. */
export function pie(
  doc: Doc,
  cx: number,
  cy: number,
  r: number,
  slices: Array<{ value: number; color: string }>,
): void {
  const sum = slices.reduce((a, s) => a + Math.max(0, s.value), 0);
  if (sum <= 0) return;
  let angle = -Math.PI / 2;
  for (const s of slices) {
    const share = Math.max(0, s.value) / sum;
    if (share <= 0) continue;
    if (share >= 0.9999) {
      doc.circle(cx, cy, r).fill(s.color);
      return;
    }
    const end = angle + share * 2 * Math.PI;
    const [x1, y1] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    const [x2, y2] = [cx + r * Math.cos(end), cy + r * Math.sin(end)];
    const large = share > 0.5 ? 1 : 0;
    doc.path(`M ${cx} ${cy} L ${x1} ${y1} A ${r} ${r} 0 ${large} 1 ${x2} ${y2} Z`).fill(s.color);
    angle = end;
  }
}
