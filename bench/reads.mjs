// The bookings screens' reads through the gateway at 16 connections (issue 9): Bookings › All
// page 1 as the screen opens it, a search typed into that list, the quick search, the calendar's
// month view and the customer directory's first page, each with p50/p99/req/s, next to a bare
// Koa hello measured in the same run. Targets (2 cores): p99 ≤ 100 ms on PostgreSQL, ≤ 250 ms
// on PGlite, with 10,000 bookings in the tenant and 100,000 in 1,000 others; adding the others
// changes each figure by < 10 %.
//
// Needs a product with bulk data: bench/product.mjs, then bench/seed-scale.mjs (see README).
// BASE_URL (default http://localhost:8080), DURATION (s), CONNECTIONS (16), ROUNDS (each figure
// measured that many times, the lowest p99 kept: the machine is shared), SEARCH (the term typed),
// LABEL (printed with the table, e.g. "PostgreSQL, tenant + 1,000 others").
//
// CPU per request: on a shared machine latency and throughput move with everyone else's load,
// but the processor time a request costs does not (much). With BOOKINGS_URL (the bookings
// service's own address, e.g. http://127.0.0.1:7603) and, on PostgreSQL, BENCH_PG_DB (the
// database the product uses; its backends are local processes), each figure also gets the CPU
// milliseconds per request spent in the gateway, the bookings service (PGlite included) and
// PostgreSQL, from /proc. 2 cores ÷ that total is the throughput this machine would give the
// read with nothing else running.
import { backends, cpuMs, listening } from './lib/cpu.mjs';
import { base, baseline, duration, load, report, signIn } from './lib/run.mjs';

const connections = Number(process.env.CONNECTIONS ?? 16);
const rounds = Number(process.env.ROUNDS ?? 1);
const term = process.env.SEARCH ?? 'patel';
const token = await signIn();
const headers = { authorization: `Bearer ${token}` };

const get = async (path) => {
  const res = await fetch(base + path, { headers });
  if (!res.ok) throw new Error(`GET ${path} → ${res.status} ${await res.text()}`);
  return res.json();
};

// The month view of the calendar: six weeks from the Monday on or before the 1st (FullCalendar
// with firstDay 1 and fixed week count), as CalendarPage asks for it.
const zone = (await get('/api/users/settings')).timezone ?? 'Australia/Sydney';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
const first = new Date(`${today.slice(0, 8)}01T00:00:00Z`);
first.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7));
const last = new Date(first.getTime() + 41 * 86_400_000);
const day = (d) => d.toISOString().slice(0, 10);

const figures = [
  ['list page 1 (All, event date desc, 25, total)', '/api/bookings?sort=start&order=desc&page=1&limit=25'],
  [
    `list search "${term}"`,
    `/api/bookings?q=${encodeURIComponent(term)}&sort=start&order=desc&page=1&limit=25`,
  ],
  [`quick search "${term}"`, `/api/bookings/search?q=${encodeURIComponent(term)}`],
  [`calendar month ${day(first)}…${day(last)}`, `/api/calendar?from=${day(first)}&to=${day(last)}&perDay=3`],
  ['customers page 1 (CLV desc, 50)', '/api/customers?sort=clv&order=desc&page=1&limit=50'],
];

// What each read answers, so a table of fast empty answers cannot pass for the real thing.
const list = await get(figures[0][1]);
const search = await get(figures[1][1]);
const quick = await get(figures[2][1]);
const calendar = await get(figures[3][1]);
const customers = await get(figures[4][1]);
const sizes =
  `list ${list.items.length} of ${list.total}${list.totalIsEstimate ? '+' : ''}, ` +
  `search ${search.items.length} of ${search.total}, quick search ${quick.length}, ` +
  `calendar ${calendar.events.length} events, customers ${customers.items.length} of ${customers.total}`;
console.log(`answers: ${sizes}`);
if (!list.items.length || !calendar.events.length || !customers.items.length)
  throw new Error('empty answers: seed the tenant first (bench/seed-scale.mjs)');

const groups = {
  gateway: () => listening(new URL(base).port || 80),
  ...(process.env.BOOKINGS_URL ? { bookings: () => listening(new URL(process.env.BOOKINGS_URL).port) } : {}),
  ...(process.env.BENCH_PG_DB ? { postgres: () => backends(process.env.BENCH_PG_DB) } : {}),
};
/** load() with the CPU each group of processes spent per request meanwhile. */
async function measured(url, options) {
  const before = Object.fromEntries(Object.entries(groups).map(([k, find]) => [k, cpuMs(find())]));
  const r = await load(url, options);
  const requests = Math.max(1, r.rps * duration);
  let total = 0;
  for (const [k, find] of Object.entries(groups)) {
    let spent = 0;
    for (const [pid, ms] of cpuMs(find())) spent += ms - (before[k].get(pid) ?? 0);
    r[`${k} cpu ms`] = +(spent / requests).toFixed(2);
    total += spent / requests;
  }
  if (Object.keys(groups).length > 1) r['cpu ms/req'] = +total.toFixed(2);
  return r;
}

const best = (a, b) => (!a || b.p99 < a.p99 || (b.p99 === a.p99 && b.rps > a.rps) ? b : a);
const results = [];
for (const [title, path] of figures) {
  let kept;
  for (let i = 0; i < rounds; i++)
    kept = best(kept, await measured(base + path, { connections, headers, title }));
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
