/** The customer directory: every customer of the tenant with RFM relative to the best of them. */
import type { Tx } from '@venue/service-kit';
import { computeRfm, SEGMENTS, type RfmResult } from './rfm.ts';

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  tier: string;
  notes: string;
  anonymised_at: string | null;
  created_at: string;
}
interface CustBookingRow {
  id: string;
  customer_id: string;
  booking_code: string;
  booking_date: string;
  calculated_price_cents: number;
  status: string;
  event_type: string;
  resource_name: string;
  start_time: string;
  end_time: string;
  guest_count: number | null;
  created_at: string;
}

interface RfmRow {
  c: string;
  d: string;
  p: number;
  s: string;
}

export async function loadAll(tx: Tx, today: string) {
  const customers = (await tx.query<CustomerRow>(`SELECT * FROM customers`)).rows;
  // Only what RFM needs, as one JSON value (row decoding dominates on PGlite for big tenants).
  const { rows } = await tx.query<{ j: string }>(
    `SELECT COALESCE(json_agg(json_build_object('c', customer_id, 'd', booking_date, 'p', calculated_price_cents, 's', status)), '[]')::text AS j FROM bookings`,
  );
  const byCustomer = new Map<string, RfmRow[]>();
  for (const b of JSON.parse(rows[0]?.j ?? '[]') as RfmRow[]) {
    const list = byCustomer.get(b.c);
    if (list) list.push(b);
    else byCustomer.set(b.c, [b]);
  }
  // Scores are relative to the tenant's best customer, so they are computed over all of them.
  const rfm = computeRfm(
    customers.map((c) => ({
      key: c.id,
      tier: c.tier,
      bookings: (byCustomer.get(c.id) ?? []).map((b) => ({
        date: b.d,
        spendCents: Number(b.p),
        status: b.s,
      })),
    })),
    today,
  );
  return { customers, rfmBy: new Map(rfm.map((r) => [r.key, r])) };
}

export async function customerBookings(tx: Tx, customerId: string): Promise<CustBookingRow[]> {
  const { rows } = await tx.query<CustBookingRow>(
    `SELECT id, customer_id, booking_code, to_char(booking_date, 'YYYY-MM-DD') AS booking_date, calculated_price_cents, status,
            event_type, resource_name, start_time, end_time, guest_count, created_at
       FROM bookings WHERE customer_id = $1 ORDER BY booking_date DESC, start_time DESC`,
    [customerId],
  );
  return rows;
}

export function topSegment(segments: string[]): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const s of SEGMENTS) {
    const n = segments.filter((x) => x === s).length;
    if (n > bestCount) [best, bestCount] = [s, n];
  }
  return best;
}

export function summary(c: CustomerRow, r: RfmResult) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    tier: c.tier,
    tags: r.tags,
    rfm: r.rfm,
    recency: r.recency,
    frequency: r.frequency,
    monetary: r.monetary,
    segment: r.segment,
    clvCents: r.clvCents,
    clv: r.clvCents / 100,
    lastActiveDays: r.lastActiveDays,
    totalBookings: r.totalBookings,
    totalSpendCents: r.lifetimeSpendCents,
    totalSpend: r.lifetimeSpendCents / 100,
    lifetimeSpendCents: r.lifetimeSpendCents,
    lifetimeSpend: r.lifetimeSpendCents / 100,
    anonymised: c.anonymised_at !== null,
  };
}

export function detail(c: CustomerRow, r: RfmResult, bookings: CustBookingRow[]) {
  const sorted = [...bookings].sort((a, b) => (a.booking_date < b.booking_date ? 1 : -1));
  const count = (s: string) => bookings.filter((b) => b.status === s).length;
  const dates = bookings.map((b) => b.booking_date).sort();
  return {
    ...summary(c, r),
    notes: c.notes,
    bookings: sorted.map((b) => ({
      id: b.id,
      bookingCode: b.booking_code,
      date: b.booking_date,
      spendCents: Number(b.calculated_price_cents),
      spend: Number(b.calculated_price_cents) / 100,
      cancelled: b.status === 'cancelled',
      status: b.status,
      eventType: b.event_type,
      resource: b.resource_name,
      startTime: b.start_time,
      endTime: b.end_time,
      guestCount: b.guest_count,
      createdAt: new Date(b.created_at).toISOString(),
    })),
    avgSpendPerBookingCents: r.avgSpendPerBookingCents,
    frequency12m: r.frequency12m,
    monetary12mCents: r.monetary12mCents,
    firstBookingDate: dates[0] ?? null,
    lastBookingDate: dates[dates.length - 1] ?? null,
    counts: {
      cancelled: count('cancelled'),
      confirmed: count('confirmed'),
      pending: count('pending'),
      completed: count('completed'),
    },
  };
}

export type CustomerSummary = ReturnType<typeof summary>;
export type CustomerDetail = ReturnType<typeof detail>;

export const SORTS: Record<string, (a: CustomerSummary) => string | number> = {
  name: (a) => a.name.toLowerCase(),
  rfm: (a) => a.recency + a.frequency + a.monetary,
  clv: (a) => a.clvCents,
  lastActive: (a) => a.lastActiveDays ?? Number.MAX_SAFE_INTEGER,
  bookings: (a) => a.totalBookings,
  spend: (a) => a.lifetimeSpendCents,
};
