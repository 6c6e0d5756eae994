/**
 * The Reports' words, one copy for the page (mfe-money) and the exports (insights' PDF, CSV and
 * scheduled e-mails), so that a KPI, a trend or a month reads the same in both.
 */
import type { REPORT_KPI_KEYS } from './reports.ts';

export type ReportKpiKey = (typeof REPORT_KPI_KEYS)[number];

export const KPI_LABELS: Record<ReportKpiKey, string> = {
  bookings: 'Bookings',
  revenue: 'Revenue',
  utilisation: 'Utilisation',
  depositConversion: 'Deposit Conversion',
  onTimePayments: 'On-time Payments',
  cancellationRate: 'Cancellation Rate',
};

export const TREND_WORDS = { up: 'Trending up', down: 'Trending down', neutral: 'Steady' } as const;

// The spec's MMM (as in dd MMM yyyy): three letters always (en-AU's Intl writes June, Sept).
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11` (or `2026-11-05`) → `Nov 2026`: a month of the venue's calendar, so no zone applies. */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(month);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : month;
}
