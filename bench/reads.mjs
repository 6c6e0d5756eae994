// The bookings screens' reads through the gateway at 16 connections (issue 9): Bookings › All
// page 1 as the screen opens it, a search typed into that list, the quick search, the calendar's
// month view and the customer directory's first page (lib/reads.mjs), each with p50/p99/req/s,
// next to a bare Koa hello measured in the same run. Targets (2 cores): p99 ≤ 100 ms on
// PostgreSQL, ≤ 250 ms on PGlite, with 10,000 bookings in the tenant and 100,000 in 1,000 others.
// Whether adding the others changes each figure by < 10 % is reads-others.mjs's to say.
//
// Needs a product with bulk data: bench/product.mjs, then bench/seed-scale.mjs (see README).
// BASE_URL (default http://localhost:8080), DURATION (s), CONNECTIONS (16), ROUNDS (each figure
// measured that many times, the lowest p99 kept: the machine is shared), SEARCH (the term typed),
// LABEL (printed with the table, e.g. "PostgreSQL, tenant + 1,000 others").
//
// CPU per request: with BOOKINGS_URL (the bookings service's own address, e.g.
// http://127.0.0.1:7603) and, on PostgreSQL, BENCH_PG_DB (the database the product uses; its
// backends are local processes), each figure also gets the CPU milliseconds per request spent in
// the gateway, the bookings service (PGlite included) and PostgreSQL, from /proc. 2 cores ÷ that
// total is the throughput this machine would give the read with nothing else running.
import { best, bookingReads, cpuGroups, measured } from './lib/reads.mjs';
import { base, baseline, report } from './lib/run.mjs';

const connections = Number(process.env.CONNECTIONS ?? 16);
const rounds = Number(process.env.ROUNDS ?? 1);
const { figures, headers, sizes } = await bookingReads(base);
console.log(`answers: ${sizes}`);
const groups = cpuGroups(base, process.env.BOOKINGS_URL, process.env.BENCH_PG_DB);

const results = [];
for (const [title, url] of figures) {
  let kept;
  for (let i = 0; i < rounds; i++)
    kept = best(kept, await measured(url, { connections, headers, title }, groups));
  results.push(kept);
}
let bare;
for (let i = 0; i < rounds; i++) {
  const b = await baseline(connections);
  bare = !bare || b.rps > bare.rps ? b : bare;
}
const label = process.env.LABEL ? `${process.env.LABEL}, ` : '';
report(
  results,
  bare,
  `${label}${connections} connections, ${rounds === 1 ? 'one run' : `best of ${rounds}`}`,
);
if (Object.keys(groups).length > 1) {
  console.log('CPU per request (ms), and the req/s two idle cores would give at that cost:');
  console.table(
    results.map((r) => ({
      figure: r.title,
      ...Object.fromEntries(Object.keys(groups).map((k) => [k, r[`${k} cpu ms`]])),
      total: r['cpu ms/req'],
      'req/s on 2 idle cores': Math.round(2000 / r['cpu ms/req']),
    })),
  );
}
console.log(`target: p99 ≤ 100 ms on PostgreSQL, ≤ 250 ms on PGlite (${sizes})`);
process.exitCode = results.some((r) => r.failed > 0) ? 1 : 0;
