// A searched list page's cost against its number of matches (issue 27 item 4: flat in the
// matches). Bookings › All searched, Event Date latest first, 25 a page, for a rare term (400 of
// the tenant's 10,000 bookings) and a common one (4,000), in the bookings service's own test
// harness on PGlite, or on PostgreSQL with TEST_DATABASE_URL. Prints the page statement's time
// (EXPLAIN ANALYZE as the application role, median of 15) and, less telling, the request's wall
// time and this process's CPU (the harness's client included). A checkout to measure instead of
// this one (a worktree of the commit before) may be named: `node bench/search-terms.mjs /path`.
//
//   node bench/search-terms.mjs
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/search-terms.mjs
import path from 'node:path';

const root = process.argv[2] ?? path.resolve(import.meta.dirname, '..');
const { startHarness, OWNER } = await import(`${root}/services/bookings/src/testing/harness.ts`);
const { recordTenantStatements } = await import(`${root}/packages/service-kit/src/testing/index.ts`);
const h = await startHarness();
// 10,000 bookings: every 25th "Rare Name" (400), every 2.5th "Common Name" (4,000), rest "Other Person".
await h.t.kit.db.systemTx((tx) =>
  tx.query(
    `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone,
        event_type, booking_date, start_time, end_time, resource_id, resource_name, status, starts_at, ends_at, slot)
     SELECT $1, 'SF-' || g, 'C' || g,
            CASE WHEN g % 25 = 0 THEN 'Rare Name ' ELSE CASE WHEN g % 5 IN (1, 3) THEN 'Common Name ' ELSE 'Other Person ' END END || g,
            'c' || g || '@example.test', '+61 400 000 000', 'Wedding', d, '10:00', '12:00', gen_random_uuid(), 'Hall', 'confirmed',
            s, s + interval '2 hours', tstzrange(s, s + interval '2 hours')
       FROM generate_series(1, 10000) g,
            LATERAL (SELECT current_date + (g % 700) - 350 AS d) dd,
            LATERAL (SELECT dd.d + time '10:00' AT TIME ZONE 'Australia/Sydney' AS s) ss`,
    [OWNER],
  ),
);
const { ownerTx } = await import(`${root}/packages/service-kit/src/testing/database.ts`);
await ownerTx(h.t.kit.db, async (tx) => {
  await tx.query('ANALYZE bookings');
  await tx.query('ANALYZE booking_search');
});
const N = 40;
for (const term of ['rare name', 'common name']) {
  const url = `/api/bookings?q=${encodeURIComponent(term)}&sort=start&order=desc&page=1&limit=25`;
  for (let i = 0; i < 20; i++) await h.call('GET', url, h.tokens.owner);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let res;
  for (let i = 0; i < N; i++) res = await h.call('GET', url, h.tokens.owner);
  const wall = (performance.now() - t0) / N;
  const c = process.cpuUsage(cpu0);
  const statements = await recordTenantStatements(h.t.kit.db, async () => {
    await h.call('GET', url, h.tokens.owner);
  });
  const page = statements.find((s) => /booking_search_(keys|page)/.test(s.sql));
  const times = [];
  for (let i = 0; i < 15; i++) {
    const ms = await h.t.kit.db.tenantTx(OWNER, async (tx) => {
      const { rows } = await tx.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${page.sql}`, page.params);
      const raw = rows[0]['QUERY PLAN'];
      const plan = typeof raw === 'string' ? JSON.parse(raw) : raw;
      return plan[0]['Execution Time'];
    });
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${h.t.database.kind} "${term}": total ${res.body.total}${res.body.totalIsEstimate ? '+' : ''}, ` +
      `page statement ${times[7].toFixed(2)} ms (median of 15), request ${wall.toFixed(2)} ms wall, ` +
      `${((c.user + c.system) / 1000 / N).toFixed(2)} ms CPU of this process (service${h.t.database.kind === 'pglite' ? ' and PGlite' : ''}) per request`,
  );
}
await h.close();
process.exit(0);
