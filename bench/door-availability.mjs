// The customer door's availability (issue 25): a month of one space's free and busy times, as the
// booking page's month view asks for it (the Monday before the 1st to the Sunday after the last,
// 35 or 42 days), through the gateway as a visitor of the venue's page, with 10,000 bookings in
// the tenant. Target: p99 ≤ 50 ms on PostgreSQL (PGlite reported too). Printed beside it, in the
// same run: the week view's call, the venue's public profile (catalogue) and a bare Koa hello.
//
// Each figure is measured twice: at 1 connection (one visitor's wait, nothing queued behind
// another) and at CONNECTIONS (default 16: many visitors at once, as the staff reads of reads.mjs).
// ROUNDS (default 1) keeps the lowest p99 of that many runs of each. CPU per request, summed over
// the gateway, the bookings service (PGlite included) and PostgreSQL's backends, comes from /proc
// with BOOKINGS_URL (bookings' own address, e.g. http://127.0.0.1:8553), CATALOGUE_URL (the
// profile's service) and, on PostgreSQL, BENCH_PG_DB: the figure that stays put while other work
// moves latency on a shared machine.
//
// Needs a product with bulk data (bench/README: product.mjs, then seed-scale.mjs); the demo
// venues' Online bookings are on with every hall listed (the demo seed opens them). The gateway
// limits a visitor's address to 600 reads a minute and a venue to 12,000: start the product with
// PUBLIC_RATE_LIMIT_SCALE=100 for this bench (a 429 counts as a failure and fails the run).
//
//   BASE_URL=http://127.0.0.1:8600 BOOKINGS_URL=http://127.0.0.1:8553 BENCH_PG_DB=venue_bench_… \
//     node bench/door-availability.mjs
//
// SLUG (default harbourside-hall), SPACE (the space's name, default: the listed space with the
// most busy intervals that month), MONTH (yyyy-MM, default: next month in the venue's zone, the
// first whole month ahead: every booking in it holds its time, where most of a past month's are
// over and hold none),
// DURATION (s, default 10), LABEL (printed with the table).
import { loadavg } from 'node:os';
import { cpuMs, listening } from './lib/cpu.mjs';
import { best, cpuGroups, measured } from './lib/reads.mjs';
import { base, baseline, report } from './lib/run.mjs';

const slug = process.env.SLUG ?? 'harbourside-hall';
const connections = Number(process.env.CONNECTIONS ?? 16);
const rounds = Number(process.env.ROUNDS ?? 1);
const venue = `${base}/api/public/venues/${slug}`;

async function get(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} → ${res.status} ${await res.text()}`);
  return res.json();
}

// The page's own dates (portal/src/lib/dates.ts): a week from Monday, a month's grid of weeks.
const addDays = (d, n) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const monday = (d) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));
function monthGrid(month) {
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from: monday(first), to: addDays(monday(last), 6) };
}

const profile = await get(venue);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: profile.timezone }).format(new Date());
const nextMonth = () => {
  const [y, m] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
};
const month = process.env.MONTH ?? nextMonth();
const grid = monthGrid(month);
const week = { from: monday(today), to: addDays(monday(today), 6) };
const availability = (resourceId, { from, to }) =>
  `${venue}/availability?${new URLSearchParams({ resourceId, from, to })}`;

// The space: named, or the listed one whose month is busiest (the most work for the call).
const listed = profile.resources;
if (!listed.length) throw new Error(`${slug} lists no space: turn its Online bookings on with a space`);
const answers = await Promise.all(listed.map((r) => get(availability(r.id, grid))));
let pick = answers.map((a, i) => ({ space: listed[i], answer: a }));
if (process.env.SPACE) pick = pick.filter((p) => p.space.name === process.env.SPACE);
pick.sort((a, b) => b.answer.busy.length - a.answer.busy.length);
const { space, answer } = pick[0] ?? {};
if (!space) throw new Error(`no listed space named ${process.env.SPACE}`);
if (answer.busy.length === 0)
  throw new Error(`${space.name} has nothing busy in ${month}: seed the tenant first (bench/seed-scale.mjs)`);
const weekAnswer = await get(availability(space.id, week));
const sizes =
  `${space.name}: month ${grid.from}…${grid.to} ${answer.days.length} days, ${answer.busy.length} busy intervals; ` +
  `week ${week.from}…${week.to} ${weekAnswer.busy.length}`;
console.log(`answers: ${sizes}`);

const groups = cpuGroups(base, process.env.BOOKINGS_URL, process.env.BENCH_PG_DB);
// The profile is the catalogue's: its CPU is counted when CATALOGUE_URL names the service.
if (process.env.CATALOGUE_URL) groups.catalogue = () => listening(new URL(process.env.CATALOGUE_URL).port);
const figures = [
  [`month of ${space.name}`, availability(space.id, grid)],
  [`week of ${space.name}`, availability(space.id, week)],
  ['public profile (catalogue)', venue],
];
// What the processes spend with nothing asked (pollers, relays, PostgreSQL's own work): at one
// connection's low rate it is a visible part of each request's CPU figure.
const idleSeconds = 5;
const idleBefore = Object.fromEntries(Object.entries(groups).map(([k, find]) => [k, cpuMs(find())]));
await new Promise((r) => setTimeout(r, idleSeconds * 1000));
const idle = {};
for (const [k, find] of Object.entries(groups)) {
  let ms = 0;
  for (const [pid, t] of cpuMs(find())) ms += t - (idleBefore[k].get(pid) ?? 0);
  idle[k] = +(ms / idleSeconds).toFixed(1);
}
console.log(`CPU with nothing asked, ms per second: ${JSON.stringify(idle)}`);

// A call's first seconds in a process cost several times the rest (bench/README): not recorded.
for (const [title, url] of figures) await measured(url, { connections, title, seconds: 3 }, groups);

const results = [];
for (const c of [1, connections]) {
  for (const [title, url] of figures) {
    let kept;
    const load = [];
    for (let i = 0; i < rounds; i++) {
      load.push(loadavg()[0].toFixed(1));
      kept = best(kept, await measured(url, { connections: c, title: `${title}, ${c} conn.` }, groups));
    }
    kept.load = load.join(' ');
    results.push(kept);
  }
}
let bare;
for (let i = 0; i < rounds; i++) {
  const b = await baseline(connections);
  bare = !bare || b.rps > bare.rps ? b : bare;
}
const label = process.env.LABEL ? `${process.env.LABEL}, ` : '';
report(results, bare, `${label}${rounds === 1 ? 'one run' : `best of ${rounds}`} each`);
console.log('CPU per request (ms), the load average (1 min) as each figure began, and 2 idle cores ÷ CPU:');
console.table(
  results.map((r) => ({
    figure: r.title,
    ...Object.fromEntries(Object.keys(groups).map((k) => [k, r[`${k} cpu ms`]])),
    total: r['cpu ms/req'] ?? r['gateway cpu ms'],
    load: r.load,
    'req/s on 2 idle cores': Math.round(2000 / (r['cpu ms/req'] ?? r['gateway cpu ms'])),
  })),
);
const month1 = results.find((r) => r.title.startsWith('month') && r.title.endsWith(' 1 conn.'));
const monthN = results.find((r) => r.title.startsWith('month') && r.title.endsWith(`${connections} conn.`));
console.log(
  `target: the month's p99 ≤ 50 ms (${sizes}): ${month1.p99} ms at 1 connection, ${monthN.p99} ms at ${connections}`,
);
const failed = results.reduce((n, r) => n + r.failed, 0);
if (failed)
  console.log(`${failed} requests failed: a 429 means the door's limits (PUBLIC_RATE_LIMIT_SCALE=100)`);
process.exitCode = failed > 0 ? 1 : 0;
