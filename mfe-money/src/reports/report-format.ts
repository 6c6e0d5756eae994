/**
 * Wording and number formats of the Reports page. Money goes through the tenant's formatter
 * (useFormat, integer cents); these cover what is not money: months, percents, KPI values by
 * unit, the change against the previous period, and which date a revenue figure is counted by.
 */
export { KPI_LABELS, TREND_WORDS, monthLabel, type ReportKpiKey as KpiKey } from '@venue/contracts/insights';

const percentFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

/** 37.25 → `37.3%`. */
export function percent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

/** The change against the previous period: `+12.5%`, `-3%`, or words when there is none. */
export function changeText(change: number | null): string {
  if (change === null) return 'No previous period to compare';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${percentFormat.format(Math.abs(change))}% vs previous period`;
}

export type RevenueBasis = 'event-date' | 'payment-date';

/** Spec/issue 14: each revenue figure says which date it is counted by. */
export function basisText(basis: RevenueBasis): string {
  return basis === 'event-date' ? 'Revenue by event date' : 'Revenue by payment date';
}

/** The Date Range selector's words (spec 03 §2.10), default Last 90 days. */
export const PERIOD_LABELS = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '180d': 'Last 180 days',
  '1y': 'This year',
} as const;
