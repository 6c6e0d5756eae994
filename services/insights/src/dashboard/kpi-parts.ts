/** What the Dashboard's KPIs (kpis.ts, payments-due-kpi.ts) share: their input, statuses, the KPI's shape and the per-period count. */
import { KPI_TITLES, type Kpi, type KpiKey } from '@venue/contracts/insights';
import type { RawBuilder } from '@venue/service-kit';
import { widthBucket } from '../db/query.ts';

export interface KpiInput {
  tenantId: string;
  zone: string;
  /** The venue day looked at. */
  day: string;
  now: Date;
  resourceId: string | null;
}

/** Statuses whose time counts as booked (a request still pending review holds no hire). */
export const BOOKED = ['tentative', 'confirmed', 'completed'];
/** Statuses counted as bookings of a week (everything but cancelled and expired). */
export const LIVE = ['pending', 'tentative', 'confirmed', 'completed'];
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function kpi(
  key: KpiKey,
  unit: Kpi['unit'],
  value: number,
  previous: number,
  points: Array<[string, number]>,
  note: string,
): Kpi {
  const delta = unit === 'percent' ? Math.round((value - previous) * 10) / 10 : value - previous;
  return {
    key,
    title: KPI_TITLES[key],
    unit,
    value,
    previous,
    delta,
    deltaType: delta > 0 ? 'increase' : delta < 0 ? 'decrease' : 'neutral',
    sparkline: points.map(([, v]) => v),
    sparklineLabels: points.map(([l]) => l),
    note,
  };
}

export const ms = (v: Date | string) => new Date(v).getTime();

/** `width_bucket(column, bounds)`: the period (1 = the first) of `bounds` the instant falls in. */
export type Bucket = (column: string) => RawBuilder<number>;

/**
 * Counts (or sums) rows into periods whose bounds the venue clock gave: `bounds` are the
 * periods' starts in order plus the end of the last, and PostgreSQL's width_bucket puts each
 * instant in its period (1 = the first). Grouping in SQL keeps a big tenant's rows in the
 * database; only the bounds are worked out here, from the venue's time zone. `query` selects
 * `b` (the bucket, grouped by that output name) and `v` (the figure).
 */
export async function perPeriod(
  bounds: Date[],
  query: (bucket: Bucket) => Promise<Array<{ b: number | string | null; v: number | string | null }>>,
): Promise<number[]> {
  const rows = await query((column) => widthBucket(column, bounds));
  const out = new Array<number>(bounds.length - 1).fill(0);
  for (const r of rows) {
    const b = Number(r.b);
    if (b >= 1 && b < bounds.length) out[b - 1] = Number(r.v);
  }
  return out;
}
