/**
 * Customer RFM, segments, tags and CLV (spec 02 §9). Pure: the caller supplies every
 * customer of one tenant (scores are relative to the tenant's best customer) and today.
 *
 * The service computes these figures in SQL (migration 005: customer_figures,
 * customer_rfm_score, customer_segment, customer_summary_refresh), where they are kept per
 * customer without reading every booking on a request. This file is the rules written plainly:
 * customer-summary.test.ts checks the stored figures against it, so change both together
 * (migration 019 changed both: lapsed holds, and the default segment of a recent customer).
 */
import { addDays, daysBetween } from '../shared/time.ts';

export interface RfmBooking {
  date: string; // yyyy-MM-dd, venue-local
  spendCents: number;
  status: string;
}

export interface RfmCustomerInput {
  key: string;
  tier?: string;
  bookings: RfmBooking[];
}

export type Segment = 'Champions' | 'Loyal' | 'New' | 'At-Risk' | 'Lost';
export const SEGMENTS: readonly Segment[] = ['Champions', 'Loyal', 'New', 'At-Risk', 'Lost'];

export interface RfmResult {
  key: string;
  recency: number;
  frequency: number;
  monetary: number;
  rfm: string;
  segment: Segment;
  tags: string[];
  /** Days since the latest kept booking's date (0 when it is today or ahead); null without one. */
  lastActiveDays: number | null;
  frequency12m: number;
  monetary12mCents: number;
  lifetimeSpendCents: number;
  totalBookings: number;
  avgSpendPerBookingCents: number;
  clvCents: number;
}

/**
 * Bookings that never became the customer's: cancelled ones (a declined request is a
 * cancellation with its reason) and holds that lapsed (`expired`). They count in no spend,
 * booking count, recency, CLV, score or tag (issue 24 item 7: a $900 hold that lapsed is not
 * $900 of spend); every other status is a kept booking.
 */
export const LAPSED_STATUSES: readonly string[] = ['cancelled', 'expired'];

export const WINDOW_DAYS = 365;
export const VIP_LIFETIME_SPEND_CENTS = 200_000;
export const VIP_BOOKINGS_12M = 5;
export const CLV_FACTOR = 2.5;

/** 1–5 by the ratio to the tenant's maximum: ≥0.8 → 5, ≥0.6 → 4, ≥0.4 → 3, ≥0.2 → 2, else 1. */
export function scoreByRatio(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 1;
  const r = value / max;
  if (r >= 0.8) return 5;
  if (r >= 0.6) return 4;
  if (r >= 0.4) return 3;
  if (r >= 0.2) return 2;
  return 1;
}

/**
 * The spec's rules in their order of precedence. Its default, At-Risk, is kept for a customer
 * who has not come recently; a recent one (recency 4 or 5, as the spec's New rule counts recent)
 * that no rule matches is Loyal when they come often (frequency ≥ 3) and New otherwise, so a
 * customer active today with one small booking is never "At-Risk" (issue 24 item 7).
 */
export function segmentOf(r: number, f: number, m: number): Segment {
  if (r >= 4 && f >= 4 && m >= 4) return 'Champions';
  if (r >= 3 && f >= 3 && m >= 3) return 'Loyal';
  if (r >= 4 && f <= 2 && m >= 3) return 'New';
  if (r <= 2 && f >= 3 && m >= 3) return 'At-Risk';
  if (r <= 2 && f <= 2 && m <= 2) return 'Lost';
  if (r >= 4) return f >= 3 ? 'Loyal' : 'New';
  return 'At-Risk';
}

interface Raw {
  key: string;
  tier: string | undefined;
  recencyValue: number;
  lastActiveDays: number | null;
  frequency12m: number;
  monetary12mCents: number;
  lifetimeSpendCents: number;
  totalBookings: number;
}

function raw(c: RfmCustomerInput, today: string): Raw {
  const kept = c.bookings.filter((b) => !LAPSED_STATUSES.includes(b.status));
  const windowStart = addDays(today, -WINDOW_DAYS);
  const inWindow = kept.filter((b) => b.date > windowStart);
  const latest = kept.reduce<string | null>((acc, b) => (acc === null || b.date > acc ? b.date : acc), null);
  const lastActiveDays = latest === null ? null : Math.max(0, daysBetween(latest, today));
  return {
    key: c.key,
    tier: c.tier,
    // Recency as "days of the window still ahead of the last booking": recent is high.
    recencyValue: lastActiveDays === null ? 0 : Math.max(0, WINDOW_DAYS - lastActiveDays),
    lastActiveDays,
    frequency12m: inWindow.length,
    monetary12mCents: inWindow.reduce((s, b) => s + b.spendCents, 0),
    lifetimeSpendCents: kept.reduce((s, b) => s + b.spendCents, 0),
    totalBookings: kept.length,
  };
}

export function computeRfm(customers: RfmCustomerInput[], today: string): RfmResult[] {
  const rows = customers.map((c) => raw(c, today));
  const maxR = Math.max(0, ...rows.map((r) => r.recencyValue));
  const maxF = Math.max(0, ...rows.map((r) => r.frequency12m));
  const maxM = Math.max(0, ...rows.map((r) => r.monetary12mCents));
  return rows.map((x) => {
    const recency = scoreByRatio(x.recencyValue, maxR);
    const frequency = scoreByRatio(x.frequency12m, maxF);
    const monetary = scoreByRatio(x.monetary12mCents, maxM);
    const tags: string[] = [];
    if (x.lifetimeSpendCents > VIP_LIFETIME_SPEND_CENTS || x.frequency12m >= VIP_BOOKINGS_12M)
      tags.push('VIP');
    if (x.tier === 'nonprofit') tags.push('NFP');
    const avg = x.totalBookings > 0 ? x.lifetimeSpendCents / x.totalBookings : 0;
    return {
      key: x.key,
      recency,
      frequency,
      monetary,
      rfm: `${recency}${frequency}${monetary}`,
      segment: segmentOf(recency, frequency, monetary),
      tags,
      lastActiveDays: x.lastActiveDays,
      frequency12m: x.frequency12m,
      monetary12mCents: x.monetary12mCents,
      lifetimeSpendCents: x.lifetimeSpendCents,
      totalBookings: x.totalBookings,
      avgSpendPerBookingCents: Math.round(avg),
      clvCents: Math.round(avg * x.frequency12m * CLV_FACTOR),
    };
  });
}
