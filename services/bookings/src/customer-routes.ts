/** /api/customers: the directory with RFM, one customer's data, exports and anonymisation. */
import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import {
  badRequest,
  notFound,
  requireAuth,
  requirePermission,
  type AppContext,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import { computeRfm, SEGMENTS, type RfmResult } from './rfm.ts';
import { csv, ddmmyyyy } from './csv.ts';
import { venueToday } from './time.ts';
import type { Deps } from './booking-service.ts';

interface CustomerRow {
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

async function loadAll(tx: Tx, today: string) {
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

async function customerBookings(tx: Tx, customerId: string): Promise<CustBookingRow[]> {
  const { rows } = await tx.query<CustBookingRow>(
    `SELECT id, customer_id, booking_code, to_char(booking_date, 'YYYY-MM-DD') AS booking_date, calculated_price_cents, status,
            event_type, resource_name, start_time, end_time, guest_count, created_at
       FROM bookings WHERE customer_id = $1 ORDER BY booking_date DESC, start_time DESC`,
    [customerId],
  );
  return rows;
}

function topSegment(segments: string[]): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const s of SEGMENTS) {
    const n = segments.filter((x) => x === s).length;
    if (n > bestCount) [best, bestCount] = [s, n];
  }
  return best;
}

function summary(c: CustomerRow, r: RfmResult) {
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

function detail(c: CustomerRow, r: RfmResult, bookings: CustBookingRow[]) {
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

const SORTS: Record<string, (a: ReturnType<typeof summary>) => string | number> = {
  name: (a) => a.name.toLowerCase(),
  rfm: (a) => a.recency + a.frequency + a.monetary,
  clv: (a) => a.clvCents,
  lastActive: (a) => a.lastActiveDays ?? Number.MAX_SAFE_INTEGER,
  bookings: (a) => a.totalBookings,
  spend: (a) => a.lifetimeSpendCents,
};

export async function anonymiseCustomer(tx: Tx, tenantId: string, customerId: string): Promise<boolean> {
  const hash = createHash('sha256')
    .update(`${customerId}:${Date.now()}:${Math.random()}`)
    .digest('hex')
    .slice(0, 12);
  const email = `anonymised-${hash}@invalid`;
  const { rowCount } = await tx.query(
    `UPDATE customers SET name = 'Anonymous', email = $2, email_key = $2, phone = '', notes = '', anonymised_at = now(), updated_at = now() WHERE id = $1 AND tenant_id = $3`,
    [customerId, email, tenantId],
  );
  if (rowCount === 0) return false;
  await tx.query(
    `UPDATE bookings SET customer_name = 'Anonymous', customer_email = $2, customer_phone = '', notes = '', additional_description = '',
            change_request = NULL, updated_at = now() WHERE customer_id = $1 AND tenant_id = $3`,
    [customerId, email, tenantId],
  );
  await tx.query(
    `UPDATE customer_emails SET to_email = $2, to_name = 'Anonymous', body = '' WHERE tenant_id = $3 AND booking_id IN (SELECT id FROM bookings WHERE customer_id = $1 AND tenant_id = $3)`,
    [customerId, email, tenantId],
  );
  return true;
}

export function customerRoutes(router: AppRouter, deps: Deps): void {
  const guard = [requireAuth, requirePermission('customers')] as const;
  const today = async (ctx: AppContext) =>
    venueToday(deps.now(), (await deps.clients.tenantSettings(ctx.state.principal!.tenantId)).timezone);

  async function one(ctx: AppContext) {
    const all = await loadAll(ctx.state.tx, await today(ctx));
    const c = all.customers.find((x) => x.id === ctx.params.id);
    if (!c) throw notFound('Customer not found');
    return detail(c, all.rfmBy.get(c.id)!, await customerBookings(ctx.state.tx, c.id));
  }

  router.get('/api/customers', ...guard, async (ctx) => {
    const all = await loadAll(ctx.state.tx, await today(ctx));
    let items = all.customers.map((c) => summary(c, all.rfmBy.get(c.id)!));
    const stats = {
      total: items.length,
      vip: items.filter((i) => i.tags.includes('VIP')).length,
      atRisk: items.filter((i) => i.segment === 'At-Risk').length,
      topSegment: topSegment(items.map((i) => i.segment)),
    };
    const search = String(ctx.query.search ?? '')
      .trim()
      .toLowerCase();
    if (search)
      items = items.filter(
        (i) =>
          i.name.toLowerCase().includes(search) ||
          i.email.toLowerCase().includes(search) ||
          i.phone.includes(search) ||
          i.id.toLowerCase().includes(search),
      );
    if (typeof ctx.query.segment === 'string' && ctx.query.segment)
      items = items.filter((i) => i.segment === ctx.query.segment);
    if (typeof ctx.query.tag === 'string' && ctx.query.tag)
      items = items.filter((i) => i.tags.includes(String(ctx.query.tag)));
    const key = SORTS[String(ctx.query.sort ?? 'name')] ?? SORTS.name!;
    const dir = ctx.query.order === 'desc' ? -1 : 1;
    items.sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : a.id < b.id ? -1 : 1));
    const page = Math.max(1, Number.parseInt(String(ctx.query.page ?? '1'), 10) || 1);
    const limit = Math.min(100, Math.max(1, Number.parseInt(String(ctx.query.limit ?? '25'), 10) || 25));
    ctx.body = {
      items: items.slice((page - 1) * limit, page * limit),
      total: items.length,
      page,
      limit,
      stats,
    };
  });

  router.get('/api/customers/:id', ...guard, async (ctx) => {
    ctx.body = await one(ctx);
  });

  router.get('/api/customers/:id/export.csv', ...guard, async (ctx) => {
    const c = await one(ctx);
    const part = ctx.query.part === 'bookings' ? 'bookings' : 'profile';
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('content-disposition', `attachment; filename="customer_${c.id}_${part}.csv"`);
    ctx.body =
      part === 'bookings'
        ? csv(
            ['Booking Code', 'Date', 'Start', 'End', 'Resource', 'Event Type', 'Guests', 'Status', 'Spend'],
            c.bookings.map((b) => [
              b.bookingCode,
              ddmmyyyy(b.date),
              b.startTime,
              b.endTime,
              b.resource,
              b.eventType,
              b.guestCount ?? '',
              b.status,
              b.spend.toFixed(2),
            ]),
          )
        : csv(
            [
              'Customer ID',
              'Name',
              'Email',
              'Phone',
              'Segment',
              'RFM',
              'Tags',
              'Total Bookings',
              'Lifetime Spend',
              'CLV',
              'First Booking',
              'Last Booking',
            ],
            [
              [
                c.id,
                c.name,
                c.email,
                c.phone,
                c.segment,
                c.rfm,
                c.tags.join(' '),
                c.totalBookings,
                c.lifetimeSpend.toFixed(2),
                c.clv.toFixed(2),
                c.firstBookingDate ? ddmmyyyy(c.firstBookingDate) : '',
                c.lastBookingDate ? ddmmyyyy(c.lastBookingDate) : '',
              ],
            ],
          );
  });

  router.get('/api/customers/:id/export.pdf', ...guard, async (ctx) => {
    const c = await one(ctx);
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Customer ${c.id}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (b: Buffer) => chunks.push(b));
    const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
    doc.fontSize(18).text(`Customer ${c.id}`).moveDown(0.5);
    doc.fontSize(11);
    for (const [k, v] of [
      ['Name', c.name],
      ['Email', c.email],
      ['Phone', c.phone],
      ['Segment', `${c.segment} (RFM ${c.rfm})`],
      ['Tags', c.tags.join(', ') || '-'],
      ['Bookings', String(c.totalBookings)],
      ['Lifetime spend', `$${c.lifetimeSpend.toFixed(2)}`],
      ['CLV', `$${c.clv.toFixed(2)}`],
    ])
      doc.text(`${k}: ${v}`);
    doc.moveDown().fontSize(14).text('Bookings').fontSize(10).moveDown(0.3);
    for (const b of c.bookings)
      doc.text(
        `${b.bookingCode}  ${ddmmyyyy(b.date)} ${b.startTime}-${b.endTime}  ${b.resource}  ${b.eventType}  ${b.status}  $${b.spend.toFixed(2)}`,
      );
    doc.end();
    await done;
    ctx.type = 'application/pdf';
    ctx.set('content-disposition', `attachment; filename="customer_${c.id}.pdf"`);
    ctx.body = Buffer.concat(chunks);
  });

  router.post('/api/customers/:id/anonymise', ...guard, async (ctx) => {
    const tx = ctx.state.tx;
    const found = await tx.query<CustomerRow>(`SELECT * FROM customers WHERE id = $1`, [ctx.params.id]);
    const c = found.rows[0];
    if (!c) throw notFound('Customer not found');
    if (c.anonymised_at) throw badRequest('This customer has already been anonymised.');
    await anonymiseCustomer(tx, ctx.state.principal!.tenantId, c.id);
    await tx.audit(ctx, {
      action: 'customer_anonymised',
      targetType: 'customer',
      target: c.id,
      additionalInfo: 'Personal data replaced in the customer and all their bookings (irreversible).',
    });
    await tx.publish('customer.anonymised', { id: c.id });
    ctx.body = await one(ctx);
  });
}
