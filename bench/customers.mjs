// Customer directory with 10,000 bookings of 2,000 customers: the bookings service alone,
// in-process, on loopback. PGlite in memory by default; TEST_DATABASE_URL uses a throwaway
// schema on PostgreSQL. The bookings are inserted directly and the customers' stored figures
// computed once with the functions migration 005 backfills with (as the job would); the
// requests then read one page each: the screen's default (CLV descending, 50 a page), a page
// by cursor and a search.
import autocannon from 'autocannon';
import { makePrincipal, settingsChangedEvent, startTestService, testKeys } from '@venue/service-kit/testing';
import { createBookingsService } from '../services/bookings/src/app.ts';

const OWNER = '0a000000-0000-4000-8000-0000000000c1';
const CUSTOMERS = 2000;
const BOOKINGS = 10000;
const clients = {
  resources: async () => [],
  priceQuote: async () => null,
};

const keys = await testKeys();
const t = await startTestService({
  ...createBookingsService({ clients }),
  resolvePrincipal: async (id) => (id === OWNER ? makePrincipal({ userId: OWNER }) : null),
});
try {
  await t.kit.handleEvent(settingsChangedEvent(OWNER, 1));
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  await t.kit.db.tenantTx(OWNER, async (tx) => {
    await tx.query(
      `INSERT INTO customers (tenant_id, id, email_key, name, email, phone)
       SELECT $1, 'CUST-B' || lpad(g::text, 6, '0'), 'c' || g || '@example.com', 'Customer ' || md5(g::text),
              'c' || g || '@example.com', '+61 4' || lpad(g::text, 8, '0')
         FROM generate_series(1, ${CUSTOMERS}) g`,
      [OWNER],
    );
    await tx.query(
      `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone, event_type,
          booking_date, start_time, end_time, resource_id, resource_name, status, calculated_price_cents, starts_at, ends_at, slot)
       SELECT $1, 'BENCH-' || g, 'CUST-B' || lpad((1 + g % ${CUSTOMERS})::text, 6, '0'), 'x', 'x', '', 'Meeting',
              d, '09:00', '10:00', gen_random_uuid(), 'Room', CASE WHEN g % 11 = 0 THEN 'cancelled' ELSE 'confirmed' END,
              (g % 40) * 2500, d + time '09:00', d + time '10:00', tstzrange(d + time '09:00', d + time '10:00')
         FROM generate_series(1, ${BOOKINGS}) g, LATERAL (SELECT $2::date - (g * 37) % 700 AS d) dd`,
      [OWNER, today],
    );
    await tx.query(`SELECT customer_rfm_restate($1, $2::date)`, [OWNER, today]);
    await tx.query(
      `SELECT customer_summary_refresh($1, ARRAY(SELECT id FROM customers WHERE tenant_id = $1), $2::date, true)`,
      [OWNER, today],
    );
  });
  const token = await keys.token({ sub: OWNER, role: 'hall_owner', tid: OWNER, pv: 1 });
  const headers = { authorization: `Bearer ${token}` };
  const first = await (
    await fetch(`${t.url}/api/customers?sort=clv&order=desc&limit=50`, { headers })
  ).json();
  if (first.items?.length !== 50 || first.total !== CUSTOMERS)
    throw new Error(`expected 50 of ${CUSTOMERS} customers, got ${first.items?.length} of ${first.total}`);
  const paths = {
    'default page (CLV desc)': '/api/customers?sort=clv&order=desc&limit=50',
    'page by cursor': `/api/customers?sort=clv&order=desc&limit=50&cursor=${first.nextCursor}`,
    search: '/api/customers?search=customer%20ab&sort=clv&order=desc&limit=50',
  };
  let failed = 0;
  for (const [label, path] of Object.entries(paths)) {
    const result = await autocannon({
      url: `${t.url}${path}`,
      connections: Number(process.env.CONNECTIONS ?? 4),
      duration: Number(process.env.DURATION ?? 10),
      headers,
    });
    failed += result.errors + result.non2xx;
    console.log(
      `customers, ${label}, ${BOOKINGS} bookings of ${CUSTOMERS} customers (${t.database.kind}): ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.average} req/s, ` +
        `${result.errors + result.non2xx} failed`,
    );
  }
  process.exitCode = failed > 0 ? 1 : 0;
} finally {
  await t.close();
}
