// Bulk data for the read benchmarks (issue 9): 10,000 bookings in the demo owner's tenant and
// 100 bookings in each of 1,000 other tenants, written with SQL straight into the bookings
// schema of a product started by bench/product.mjs (as the database superuser, which row-level
// security does not hold). Rows are what the service itself would have written:
//
//  - bookings spread over twelve months (nine behind today, three ahead), on the tenant's own
//    resources in non-overlapping times of day, with statuses by date (completed, confirmed,
//    pending, tentative holds, cancelled, expired), codes HH-<year>-NNNN continuing the tenant's
//    counters (which are moved on), and a resource_slots row for each blocking one;
//  - the money figures of migration 007 from the shared money module (moneyFigures) with the
//    tenant's tax terms, and the payment_details a confirmation stores (paymentDetails);
//  - customers created for the bookings' e-mails with the service's own ids, and their directory
//    figures (migration 005) computed by the service's SQL functions customer_rfm_restate and
//    customer_summary_refresh, as the customer-rfm job does; then VACUUM ANALYZE.
//
// The other services (money, insights, …) hear nothing of these rows: the benchmark reads only
// the bookings service. The other tenants get no settings copy (nothing here reads one); their
// figures use 10 % GST inclusive.
//
//   PostgreSQL, product running:  BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres \
//                                 BENCH_PG_DB=venue_bench_… node bench/seed-scale.mjs [options]
//   PGlite, product stopped:      DATA_DIR=/tmp/… node bench/seed-scale.mjs [options]
// Options: --bookings=10000 (the demo tenant's; 0 leaves it alone) --customers=2500
//          --others=1000 --per-other=100 --email=owner@demo.local
// A tenant already seeded is left as it is, so "--others=0" then "--bookings=0" adds the other
// tenants to a measured tenant without touching it.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { moneyFigures, percentToBasisPoints, taxTypeOf, NO_DEPOSIT } from '@venue/contracts';
import { paymentDetails } from '../services/bookings/src/status/payment.ts';
import { customerIdCandidates } from '../services/bookings/src/customers/customer-store.ts';
// The demo seed's PRNG: the same rows on every run for the same tenant.
import { prng } from '../scripts/lib/demo-seed-plan.mjs';

const { values: opts } = parseArgs({
  options: {
    bookings: { type: 'string', default: '10000' },
    customers: { type: 'string', default: '2500' },
    others: { type: 'string', default: '1000' },
    'per-other': { type: 'string', default: '100' },
    email: { type: 'string', default: 'owner@demo.local' },
  },
});
const TENANT_BOOKINGS = Number(opts.bookings);
const TENANT_CUSTOMERS = Number(opts.customers);
const OTHERS = Number(opts.others);
const PER_OTHER = Number(opts['per-other']);
const SCHEMA = 'bookings';

// ---------------------------------------------------------------- database (superuser) access

/** { query(sql, params) → rows, close() } on the bookings schema, and the owner's tenant id. */
async function open() {
  if (process.env.BENCH_PG_URL) {
    if (!process.env.BENCH_PG_DB) throw new Error('BENCH_PG_DB names the database bench/product.mjs printed');
    const { default: pg } = await import('pg');
    const url = new URL(process.env.BENCH_PG_URL);
    url.pathname = `/${process.env.BENCH_PG_DB}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(`SET search_path TO ${SCHEMA}, public`);
    const db = {
      kind: 'postgresql',
      query: async (sql, params) => (await client.query(sql, params)).rows,
      close: () => client.end(),
    };
    return { db, tenantId: await ownerTenant((sql, p) => db.query(sql, p)) };
  }
  if (!process.env.DATA_DIR)
    throw new Error('Set DATA_DIR (PGlite, product stopped) or BENCH_PG_URL + BENCH_PG_DB');
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  // bookings migration 014's trigram index (its trigger writes it with every booking seeded)
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dataDir = path.resolve(process.env.DATA_DIR);
  // Each service keeps its own embedded database; they are opened only while the product is
  // stopped (one process at a time may hold a PGlite folder).
  const admin = await PGlite.create(path.join(dataDir, 'admin'));
  let tenantId;
  try {
    tenantId = await ownerTenant(async (sql, p) => (await admin.query(sql, p)).rows);
  } finally {
    await admin.close();
  }
  const pglite = await PGlite.create(path.join(dataDir, 'bookings'), {
    extensions: { btree_gist, btree_gin, pg_trgm },
  });
  await pglite.exec(`SET search_path TO ${SCHEMA}, public`);
  const db = {
    kind: 'PGlite',
    query: async (sql, params) => (await pglite.query(sql, params)).rows,
    close: () => pglite.close(),
  };
  return { db, tenantId };
}

async function ownerTenant(query) {
  const rows = await query(`SELECT tenant_id FROM admin.users WHERE email = $1 AND role = 'hall_owner'`, [
    opts.email,
  ]);
  if (!rows[0])
    throw new Error(`no hall owner ${opts.email}: start bench/product.mjs first (it seeds the demo)`);
  return rows[0].tenant_id;
}

// ---------------------------------------------------------------- deterministic data

const seedOf = (s) => [...s].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);
const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
/** A weighted choice: [[value, weight], …]. */
function weighted(rnd, table) {
  let r = rnd() * table.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of table) if ((r -= w) < 0) return v;
  return table.at(-1)[0];
}

const FIRST = [
  'Olivia',
  'Jack',
  'Charlotte',
  'William',
  'Amelia',
  'Noah',
  'Isla',
  'Oliver',
  'Mia',
  'Leo',
  'Ava',
  'Henry',
  'Grace',
  'Lucas',
  'Chloe',
  'Thomas',
  'Zoe',
  'James',
  'Ruby',
  'Ethan',
  'Sophie',
  'Liam',
  'Ella',
  'Harrison',
  'Priya',
  'Wei',
  'Aarav',
  'Mei',
  'Fatima',
  'Mateo',
  'Hannah',
  'Tariq',
];
const LAST = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Chen',
  'Patel',
  'Singh',
  'Murphy',
  "O'Brien",
  'Campbell',
  'Kowalski',
  'Rossi',
  'Papadopoulos',
];
const ORGS = [
  'Rotary Club',
  'Netball Association',
  'Garden Society',
  'Chamber of Commerce',
  'Toastmasters',
  'Yoga Collective',
  'Book Club',
  'Film Society',
  'Scouts',
  'Dance Academy',
  'Chess Club',
  'Choir',
];
const EVENTS = [
  ['Wedding', 8],
  ['Birthday Party', 14],
  ['Corporate Event', 10],
  ['Conference', 5],
  ['Meeting', 22],
  ['Anniversary', 4],
  ['Graduation', 3],
  ['Baby Shower', 3],
  ['Bridal Shower', 2],
  ['Funeral', 2],
  ['Community Event', 15],
  ['Other', 6],
];
/** Times of day a resource is hired in, back to back (a cell of the grid the bookings fill). */
const TIMES = [
  ['08:00', '09:00'],
  ['09:00', '10:30'],
  ['10:30', '12:00'],
  ['12:00', '13:00'],
  ['13:00', '14:30'],
  ['14:30', '16:00'],
  ['16:00', '17:30'],
  ['17:30', '19:00'],
  ['19:00', '21:00'],
  ['21:00', '23:00'],
];
const HOURLY = [4500, 6000, 9000, 12000, 16000];

function customersFor(rnd, count, domain) {
  const list = [];
  for (let i = 0; i < count; i++) {
    const org = rnd() < 0.12;
    const first = pick(rnd, FIRST);
    const last = pick(rnd, LAST);
    const name = org ? `${pick(rnd, LAST)} ${pick(rnd, ORGS)}` : `${first} ${last}`;
    const local = name.toLowerCase().replace(/[^a-z]+/g, '.');
    list.push({
      name,
      email: `${local}.${i}@${domain}`,
      // E.164, as the booking form stores phones (decision 28)
      phone: `+614${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`,
      tier: org ? pick(rnd, ['business', 'nonprofit']) : rnd() < 0.05 ? 'premium' : 'standard',
    });
  }
  return list;
}

const DAY = 86_400_000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
const venueToday = (zone) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());

/**
 * `count` bookings of one tenant: cells (resource × day × time of day) drawn without repeats from
 * the twelve months, minus `taken` (the tenant's existing slots, venue-local 'yyyy-MM-dd HH:mm'
 * pairs), each given a customer (a few regulars, many one-offs), a status by its date, a price
 * and the figures.
 */
function bookingsFor({ tenantId, seed, count, customers, resources, zone, terms, counters, taken }) {
  const rnd = prng(seedOf(seed));
  const today = venueToday(zone);
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const now = Date.now();
  const firstDay = todayMs - 273 * DAY;
  const cells = [];
  for (let d = 0; d < 365; d++)
    for (const r of resources)
      for (const [start, end] of TIMES) {
        const date = isoDay(firstDay + d * DAY);
        const from = `${date} ${start}`;
        const to = `${date} ${end}`;
        if (!(taken.get(r.id) ?? []).some(([s, e]) => s < to && from < e))
          cells.push({ date, start, end, r });
      }
  if (cells.length < count) throw new Error(`only ${cells.length} free times for ${count} bookings`);
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  const chosen = cells.slice(0, count).sort((a, b) => (a.date + a.start < b.date + b.start ? -1 : 1));
  const used = new Map();
  const rows = [];
  for (const { date, start, end, r } of chosen) {
    // A tenth of the customers are regulars who make 30 % of the bookings; the rest come once or
    // a few times (one customer with hundreds of bookings would flatten every RFM score).
    const regulars = Math.max(1, Math.floor(customers.length / 10));
    const c = customers[Math.floor(rnd() * (rnd() < 0.3 ? regulars : customers.length))];
    used.set(c.email, c);
    const dateMs = Date.parse(`${date}T00:00:00Z`);
    const past = dateMs < todayMs;
    const status = past
      ? weighted(rnd, [
          ['completed', 76],
          ['cancelled', 12],
          ['confirmed', 6],
          ['expired', 4],
          ['pending', 2],
        ])
      : weighted(rnd, [
          ['confirmed', 52],
          ['pending', 20],
          ['tentative', 10],
          ['cancelled', 18],
        ]);
    const hours = (Date.parse(`1970-01-01T${end}Z`) - Date.parse(`1970-01-01T${start}Z`)) / 3_600_000;
    const price = Math.round(hours * r.hourly);
    const createdMs = Math.min(
      dateMs - Math.floor(3 + 150 * rnd() ** 2) * DAY + Math.floor(rnd() * DAY),
      now - Math.floor(rnd() * 3 * DAY) - 60_000,
    );
    const wasConfirmed =
      ['confirmed', 'completed'].includes(status) || (status === 'cancelled' && rnd() < 0.4);
    const deposit = wasConfirmed && rnd() < 0.7 ? { type: 'Percentage', percent: 25 } : NO_DEPOSIT;
    const figures = moneyFigures({ priceCents: price, ...terms, deposit });
    let details = null;
    if (wasConfirmed) {
      details = paymentDetails(figures);
      if (status === 'completed' || rnd() < 0.5) {
        details.deposit_paid = figures.depositCents > 0;
        details.paid_at = details.deposit_paid ? new Date(createdMs + DAY).toISOString() : null;
      }
    }
    const year = date.slice(0, 4);
    const n = (counters.get(year) ?? 0) + 1;
    counters.set(year, n);
    const cancelledMs =
      status === 'cancelled' ? createdMs + (Math.min(now, dateMs) - createdMs) * rnd() : null;
    rows.push({
      tenant_id: tenantId,
      booking_code: `HH-${year}-${String(n).padStart(4, '0')}`,
      email_key: c.email.toLowerCase(),
      customer_name: c.name,
      customer_email: c.email,
      customer_phone: c.phone,
      event_type: weighted(rnd, EVENTS),
      guest_count: 10 + Math.floor(rnd() * Math.min(r.capacity, 200)),
      booking_date: date,
      start_time: start,
      end_time: end,
      resource_id: r.id,
      resource_name: r.name,
      status,
      calculated_price_cents: price,
      booking_source: weighted(rnd, [
        ['admin', 60],
        ['website', 35],
        ['quotation', 5],
      ]),
      priority: weighted(rnd, [
        ['normal', 85],
        ['medium', 10],
        ['high', 5],
      ]),
      customer_tier: c.tier,
      bond_required: rnd() < 0.1,
      docs: { idVerified: past || rnd() < 0.5, insuranceVerified: past || rnd() < 0.3 },
      hold_expires_at:
        status === 'tentative'
          ? new Date(now + (1 + rnd() * 71) * 3_600_000).toISOString()
          : status === 'expired'
            ? new Date(createdMs + 72 * 3_600_000).toISOString()
            : null,
      zone,
      tax_type: figures.taxType,
      tax_rate_bp: figures.rateBp,
      net_cents: figures.netCents,
      gst_cents: figures.gstCents,
      total_cents: figures.totalCents,
      deposit_cents: figures.depositCents,
      final_due_cents: figures.finalDueCents,
      payment_details: details,
      cancelled_at: cancelledMs === null ? null : new Date(cancelledMs).toISOString(),
      cancellation_reason:
        status === 'cancelled'
          ? weighted(rnd, [
              ['customer_request', 3],
              ['other', 1],
            ])
          : null,
      created_at: new Date(createdMs).toISOString(),
    });
  }
  return { rows, used: [...used.values()] };
}

// ---------------------------------------------------------------- writing

const BOOKING_RECORD = `tenant_id uuid, booking_code text, email_key text, customer_name text, customer_email text,
  customer_phone text, event_type text, guest_count integer, booking_date date, start_time text, end_time text,
  resource_id uuid, resource_name text, status text, calculated_price_cents bigint, booking_source text,
  priority text, customer_tier text, bond_required boolean, docs jsonb, hold_expires_at timestamptz, zone text,
  tax_type text, tax_rate_bp integer, net_cents bigint, gst_cents bigint, total_cents bigint,
  deposit_cents bigint, final_due_cents bigint, payment_details jsonb, cancelled_at timestamptz,
  cancellation_reason text, created_at timestamptz`;

async function writeCustomers(db, tenantId, customers, fresh = false) {
  const existing = new Set(
    fresh
      ? []
      : (await db.query('SELECT id FROM customers WHERE tenant_id = $1', [tenantId])).map((r) => r.id),
  );
  const rows = customers.map((c) => {
    const key = c.email.toLowerCase();
    const id = customerIdCandidates(key).find((candidate) => !existing.has(candidate));
    existing.add(id);
    return {
      tenant_id: tenantId,
      id,
      email_key: key,
      name: c.name,
      email: c.email,
      phone: c.phone,
      tier: c.tier,
    };
  });
  return rows;
}

async function insertBatch(db, customers, bookings) {
  if (customers.length)
    await db.query(
      `INSERT INTO customers (tenant_id, id, email_key, name, email, phone, tier)
       SELECT tenant_id, id, email_key, name, email, phone, tier
         FROM json_to_recordset($1::json) AS r(tenant_id uuid, id text, email_key text, name text, email text,
                                              phone text, tier text)`,
      [JSON.stringify(customers)],
    );
  // The instants from the venue-local date and times in the tenant's zone, as the service
  // computes them; no buffers (the times of day are back to back), so the slot is the event.
  await db.query(
    `WITH r AS (
       SELECT r.*, (r.booking_date + r.start_time::time) AT TIME ZONE r.zone AS s,
                   (r.booking_date + r.end_time::time) AT TIME ZONE r.zone AS e
         FROM json_to_recordset($1::json) AS r(${BOOKING_RECORD})
     ), ins AS (
       INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone,
           event_type, guest_count, booking_date, start_time, end_time, resource_id, resource_name, status,
           calculated_price_cents, booking_source, priority, customer_tier, bond_required, bond_cents, docs,
           hold_expires_at, starts_at, ends_at, slot, tax_type, tax_rate_bp, net_cents, gst_cents, total_cents,
           deposit_cents, final_due_cents, payment_details, cancelled_at, cancellation_reason, created_at, updated_at)
       SELECT r.tenant_id, r.booking_code, c.id, r.customer_name, r.customer_email, r.customer_phone,
              r.event_type, r.guest_count, r.booking_date, r.start_time, r.end_time, r.resource_id, r.resource_name,
              r.status, r.calculated_price_cents, r.booking_source, r.priority, r.customer_tier, r.bond_required,
              CASE WHEN r.bond_required THEN 50000 ELSE 0 END, r.docs, r.hold_expires_at, r.s, r.e, tstzrange(r.s, r.e),
              r.tax_type, r.tax_rate_bp, r.net_cents, r.gst_cents, r.total_cents, r.deposit_cents, r.final_due_cents,
              r.payment_details, r.cancelled_at, r.cancellation_reason, r.created_at,
              greatest(r.created_at, coalesce(r.cancelled_at, r.created_at))
         FROM r JOIN customers c ON c.tenant_id = r.tenant_id AND c.email_key = r.email_key
       RETURNING tenant_id, id, resource_id, slot, status
     )
     INSERT INTO resource_slots (tenant_id, resource_id, kind, booking_id, slot)
     SELECT tenant_id, resource_id, 'booking', id, slot FROM ins WHERE status IN ('pending', 'tentative', 'confirmed')`,
    [JSON.stringify(bookings)],
  );
}

async function moveCounters(db, tenantIds, counters) {
  const rows = tenantIds.flatMap((t) =>
    [...counters.get(t)].map(([year, last]) => ({ t, year: Number(year), last })),
  );
  await db.query(
    `INSERT INTO booking_counters (tenant_id, year, last)
     SELECT t, year, last FROM json_to_recordset($1::json) AS r(t uuid, year integer, last integer)
     ON CONFLICT (tenant_id, year) DO UPDATE SET last = greatest(booking_counters.last, EXCLUDED.last)`,
    [JSON.stringify(rows)],
  );
}

/**
 * The directory's figures by the service's own functions, the customer-rfm job's two steps: every
 * tenant's maxima first, then its rows scored against them.
 */
async function summarise(db, tenantIds, today) {
  await db.query('SELECT customer_rfm_restate(t, $2::date) FROM unnest($1::uuid[]) t', [tenantIds, today]);
  await db.query(
    `SELECT customer_summary_refresh(t, ARRAY(SELECT id FROM customers WHERE tenant_id = t), $2::date, true)
       FROM unnest($1::uuid[]) t`,
    [tenantIds, today],
  );
}

async function countersOf(db, tenantId) {
  const rows = await db.query('SELECT year, last FROM booking_counters WHERE tenant_id = $1', [tenantId]);
  return new Map(rows.map((r) => [String(r.year), Number(r.last)]));
}

// ---------------------------------------------------------------- the two seeds

async function seedTenant(db, tenantId) {
  const [{ n }] = await db.query('SELECT count(*)::int AS n FROM bookings WHERE tenant_id = $1', [tenantId]);
  if (n >= 1000) return console.log(`[seed] ${opts.email}'s tenant already has ${n} bookings: left as it is`);
  const settings = (
    await db.query('SELECT timezone, tax_type, tax_rate_percent FROM tenant_settings WHERE tenant_id = $1', [
      tenantId,
    ])
  )[0];
  if (!settings)
    throw new Error('bookings has no settings copy of the demo tenant yet (is the product seeded?)');
  const zone = settings.timezone;
  const terms = {
    taxType: taxTypeOf(settings.tax_type),
    rateBp: percentToBasisPoints(Number(settings.tax_rate_percent)),
  };
  const resources = (
    await db.query(
      'SELECT id, name, capacity FROM resources WHERE tenant_id = $1 AND NOT deleted ORDER BY name',
      [tenantId],
    )
  ).map((r, i) => ({ ...r, hourly: HOURLY[(i * 2 + 1) % HOURLY.length] }));
  if (!resources.length)
    throw new Error('the demo tenant has no resources in bookings yet (is the product seeded?)');
  const taken = new Map();
  for (const s of await db.query(
    `SELECT resource_id, to_char(lower(slot) AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI') AS s,
            to_char(upper(slot) AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI') AS e
       FROM resource_slots WHERE tenant_id = $1`,
    [tenantId, zone],
  ))
    taken.set(s.resource_id, [...(taken.get(s.resource_id) ?? []), [s.s, s.e]]);
  const counters = await countersOf(db, tenantId);
  // Seeded by the owner's e-mail, not the tenant's id: two products seeded alike hold the same
  // bookings, so their figures compare.
  const { rows, used } = bookingsFor({
    tenantId,
    seed: opts.email,
    count: TENANT_BOOKINGS,
    customers: customersFor(prng(seedOf(`${opts.email}/customers`)), TENANT_CUSTOMERS, 'guests.example'),
    resources,
    zone,
    terms,
    counters,
    taken,
  });
  const t0 = Date.now();
  await db.query('BEGIN');
  const customers = await writeCustomers(db, tenantId, used);
  for (let i = 0; i < rows.length; i += 2500)
    await insertBatch(db, i === 0 ? customers : [], rows.slice(i, i + 2500));
  await moveCounters(db, [tenantId], new Map([[tenantId, counters]]));
  await summarise(db, [tenantId], venueToday(zone));
  await db.query('COMMIT');
  console.log(
    `[seed] ${opts.email}'s tenant: ${rows.length} bookings of ${customers.length} customers on ${resources.length} resources ` +
      `(${zone}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/** The other tenants' ids: fixed, so a second run finds them. */
const otherId = (i) => `b3c00000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

async function seedOthers(db) {
  const [{ n }] = await db.query('SELECT count(*)::int AS n FROM bookings WHERE tenant_id = $1', [
    otherId(1),
  ]);
  if (n > 0) return console.log('[seed] the other tenants are there already: left as they are');
  const zone = 'Australia/Sydney';
  const terms = { taxType: 'inclusive', rateBp: 1000 };
  const t0 = Date.now();
  let pending = { customers: [], bookings: [] };
  let total = 0;
  const flush = async () => {
    if (!pending.bookings.length) return;
    await insertBatch(db, pending.customers, pending.bookings);
    pending = { customers: [], bookings: [] };
  };
  await db.query('BEGIN');
  const resourceRows = [];
  const allCounters = new Map();
  for (let i = 1; i <= OTHERS; i++) {
    const tenantId = otherId(i);
    const resources = [
      { id: otherId(i).replace('b3c0', 'a3c0'), name: 'Main Hall', capacity: 150, hourly: 9000 },
      { id: otherId(i).replace('b3c0', 'a3c1'), name: 'Meeting Room', capacity: 25, hourly: 4500 },
    ];
    resourceRows.push(
      ...resources.map((r) => ({ tenant_id: tenantId, id: r.id, name: r.name, capacity: r.capacity })),
    );
    const counters = new Map();
    const { rows, used } = bookingsFor({
      tenantId,
      seed: tenantId,
      count: PER_OTHER,
      customers: customersFor(
        prng(seedOf(`${tenantId}/customers`)),
        Math.ceil(PER_OTHER * 0.3),
        `tenant${i}.example`,
      ),
      resources,
      zone,
      terms,
      counters,
      taken: new Map(),
    });
    pending.customers.push(...(await writeCustomers(db, tenantId, used, true)));
    pending.bookings.push(...rows);
    total += rows.length;
    allCounters.set(tenantId, counters);
    if (pending.bookings.length >= 5000) await flush();
  }
  await flush();
  await moveCounters(db, [...allCounters.keys()], allCounters);
  await db.query(
    `INSERT INTO resources (tenant_id, id, name, capacity)
     SELECT tenant_id, id, name, capacity FROM json_to_recordset($1::json) AS r(tenant_id uuid, id uuid, name text, capacity integer)`,
    [JSON.stringify(resourceRows)],
  );
  const t1 = Date.now();
  // No settings copy: the date the migration's backfill would use (UTC).
  const today = new Date().toISOString().slice(0, 10);
  await summarise(
    db,
    Array.from({ length: OTHERS }, (_, i) => otherId(i + 1)),
    today,
  );
  await db.query('COMMIT');
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `[seed] ${OTHERS} other tenants: ${total} bookings in ${s(Date.now() - t0)} ` +
      `(rows ${s(t1 - t0)}, customer figures ${s(Date.now() - t1)})`,
  );
}

const { db, tenantId } = await open();
try {
  if (TENANT_BOOKINGS > 0) await seedTenant(db, tenantId);
  if (OTHERS > 0) await seedOthers(db);
  // As autovacuum would soon: the figures' refresh left a dead version of every customer row.
  const t0 = Date.now();
  await db.query(
    'VACUUM (ANALYZE) bookings, customers, resource_slots, resources, booking_counters, customer_rfm_state',
  );
  const [{ tenant, all, tenants }] = await db.query(
    `SELECT count(*) FILTER (WHERE tenant_id = $1)::int AS tenant, count(*)::int AS all,
            count(DISTINCT tenant_id)::int AS tenants FROM bookings`,
    [tenantId],
  );
  console.log(
    `[seed] ${db.kind}: ${tenant} bookings in ${opts.email}'s tenant, ${all} in ${tenants} tenants (VACUUM ANALYZE ${Date.now() - t0} ms)`,
  );
} catch (err) {
  await db.query('ROLLBACK').catch(() => {});
  throw err;
} finally {
  await db.close();
}
