/**
 * Figures as the exports print them (spec 03 §9: en-AU, two decimals, dates dd MMM yyyy), from
 * the answers' integer cents; the same words as the Reports page (mfe-money report-format.ts).
 */
import { MONTHS } from '@venue/contracts/insights';

export { KPI_LABELS, TREND_WORDS, monthLabel, type ReportKpiKey as KpiKey } from '@venue/contracts/insights';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** `123456` cents → `$1,234.56` in the venue's currency. */
export function money(cents: number, currency: string): string {
  let f = moneyFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-AU', { style: 'currency', currency });
    moneyFormats.set(currency, f);
  }
  return f.format(cents / 100);
}

/** Whole dollars for chart axes: `$12,400`. */
export function moneyShort(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency, maximumFractionDigits: 0 }).format(
    Math.round(cents / 100),
  );
}

/**
 * Cents as a spreadsheet's decimal dollars, exactly (`-1205` → `-12.05`): integer arithmetic, so
 * no binary fraction ever shows.
 */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const count = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

export const integer = (n: number): string => count.format(n);
export const percent = (n: number): string => `${oneDecimal.format(n)}%`;

/** The change against the previous period (the page's words). */
export function changeText(change: number | null): string {
  if (change === null) return 'No previous period to compare';
  const sign = change > 0 ? '+' : change < 0 ? '-' : '';
  return `${sign}${oneDecimal.format(Math.abs(change))}% vs previous period`;
}

/** `2026-03-05` → `05 Mar 2026`. */
export function dayLabel(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]} ${MONTHS[Number(m[2]) - 1]} ${m[1]}` : day;
}

/** `6` → `06:00`. */
export const hourLabel = (h: number): string => `${String(h).padStart(2, '0')}:00`;

/** The KPI's value by its unit. */
export function kpiValue(unit: 'count' | 'cents' | 'percent', value: number, currency: string): string {
  if (unit === 'cents') return money(value, currency);
  if (unit === 'percent') return percent(value);
  return integer(value);
}
