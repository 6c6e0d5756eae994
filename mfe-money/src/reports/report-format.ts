/**
 * Wording and number formats of the Reports page. Money goes through the tenant's formatter
 * (useFormat, integer cents); these cover what is not money: months, percents, KPI values by
 * unit, the change against the previous period, and which date a revenue figure is counted by.
 */
import type { REPORT_KPI_KEYS } from '@venue/contracts/insights';

export type KpiKey = (typeof REPORT_KPI_KEYS)[number];

export const KPI_LABELS: Record<KpiKey, string> = {
  bookings: 'Bookings',
  revenue: 'Revenue',
  utilisation: 'Utilisation',
  depositConversion: 'Deposit Conversion',
  onTimePayments: 'On-time Payments',
  cancellationRate: 'Cancellation Rate',
};

// The spec's MMM (as in dd MMM yyyy): three letters always (en-AU's Intl writes June, Sept).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11` → `Nov 2026` (a month of the venue's calendar, so no zone applies). */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(month);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : month;
}

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

export const TREND_WORDS = { up: 'Trending up', down: 'Trending down', neutral: 'Steady' } as const;

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
