// The customer door under a crowd (issue 25): VISITORS (default 200) visitors of one venue's
// booking page at once, each on its own connection and from its own address. A visitor does what
// the page does on a first visit: loads the venue's public profile, a week and then a month of
// one space's availability (the page's two views), and asks the price of a slot on an open day
// inside the booking window (POST …/quote). Every answer must be a 2xx: a 429 of the door's
// limits, a 5xx or a dropped connection is an error, and the run fails on any.
//
// Addresses: each visitor sends X-Forwarded-For 10.<round>.<n>.<n>, which the gateway believes
// only with TRUST_PROXY=true: so the limits are the product's own (600 reads a minute per
// address, 12,000 per venue) and are not what is measured. ADDRESSES=one sends no header: all
// visitors are then one address (127.0.0.1), and the product needs PUBLIC_RATE_LIMIT_SCALE ≥ 2
// for 200 visitors (4 reads each, 800 from one address in a round).
//
// ROUNDS (default 3) crowds of VISITORS, one after another, each after a warm-up crowd of 20 on the
// first; per round and over all: requests, errors, p50/p99 per kind of call and overall, the
// round's wall time, the load average as it began, and CPU per request summed over the gateway,
// the services the calls reach (bookings, catalogue, which prices the quote) and PostgreSQL's
// backends (BOOKINGS_URL, CATALOGUE_URL: each service's own address; BENCH_PG_DB on PostgreSQL).
// The same crowd against a bare Koa hello (4 calls per visitor, same client) in the same run is
// the floor this machine and client give 800 requests at once.
//
//   BASE_URL=http://127.0.0.1:8600 BOOKINGS_URL=http://127.0.0.1:8553 \
//     CATALOGUE_URL=http://127.0.0.1:8552 BENCH_PG_DB=venue_bench_… node bench/door-visitors.mjs
//
// SLUG (default harbourside-hall), LABEL (printed with the tables).
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import Koa from 'koa';
import { Agent, fetch } from 'undici';
import { backends, cpuMs, listening } from './lib/cpu.mjs';
import { base, machine } from './lib/run.mjs';

const slug = process.env.SLUG ?? 'harbourside-hall';
const visitors = Number(process.env.VISITORS ?? 200);
const rounds = Number(process.env.ROUNDS ?? 3);
const oneAddress = process.env.ADDRESSES === 'one';

const addDays = (d, n) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const monday = (d) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));
function monthGrid(month) {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from: monday(`${month}-01`), to: addDays(monday(last), 6) };
}
const toMinutes = (hhmm) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (min) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/** What a visitor asks: [kind, method, path, body?] for each call, the quote's slot from the month's answer. */
function visitorCalls(venue, visitorIndex) {
  const spaces = venue.resources;
  const space = spaces[visitorIndex % spaces.length];
  // The week and month the page opens on (the first day a request may fall on); every other
  // visitor has moved on a month.
  const anchor = new Intl.DateTimeFormat('en-CA', { timeZone: venue.timezone }).format(
    new Date(Date.now() + venue.online.minNoticeHours * 3_600_000),
  );
  const month = visitorIndex % 2 ? addDays(`${anchor.slice(0, 7)}-28`, 7).slice(0, 7) : anchor.slice(0, 7);
  const week = { from: monday(anchor), to: addDays(monday(anchor), 6) };
  const path = `/api/public/venues/${slug}`;
  const availability = ({ from, to }) =>
    `${path}/availability?${new URLSearchParams({ resourceId: space.id, from, to })}`;
  return { space, week: availability(week), month: availability(monthGrid(month)), path };
}

/** A slot to price: an open day of the answer, inside the notice and the window, two hours from opening. */
function slotOf(answer, visitorIndex) {
  const earliest = answer.earliestStart.slice(0, 10);
  const days = answer.days.filter(
    (d) =>
      d.open &&
      d.date > earliest &&
      d.date <= answer.lastDate &&
      toMinutes(d.close) - toMinutes(d.open) >= 120,
  );
  if (!days.length) return null;
  const day = days[visitorIndex % days.length];
  const start = toMinutes(day.open);
  return { date: day.date, startTime: hhmm(start), endTime: hhmm(start + 120) };
}

async function call(dispatcher, origin, method, path, headers, body) {
  const t0 = performance.now();
  try {
    const res = await fetch(origin + path, {
      method,
      dispatcher,
      headers: {
        'accept-encoding': 'gzip, br',
        ...headers,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { ms: performance.now() - t0, status: res.status, json: res.ok ? JSON.parse(text) : null, text };
  } catch (err) {
    return { ms: performance.now() - t0, status: `error ${err.cause?.code ?? err.message}`, json: null };
  }
}

/** One visitor of the product: profile, week, month, quote, on a connection of its own. */
async function visit(venue, index, round) {
  const dispatcher = new Agent({ connections: 1 });
  const headers = oneAddress ? {} : { 'x-forwarded-for': `10.${round}.${index >> 8}.${index & 255}` };
  const { space, week, month, path } = visitorCalls(venue, index);
  const out = [];
  const record = (kind, r) => {
    out.push({ kind, ms: r.ms, status: r.status });
    return r;
  };
  try {
    record('profile', await call(dispatcher, base, 'GET', path, headers));
    record('week', await call(dispatcher, base, 'GET', week, headers));
    const m = record('month', await call(dispatcher, base, 'GET', month, headers));
    const slot = m.json ? slotOf(m.json, index) : null;
    if (slot)
      record(
        'quote',
        await call(dispatcher, base, 'POST', `${path}/quote`, headers, { resourceId: space.id, ...slot }),
      );
    else out.push({ kind: 'quote', ms: 0, status: m.json ? 'no open day to price' : 'not asked: no month' });
  } finally {
    await dispatcher.close();
  }
  return out;
}

/** The same four calls against a bare Koa hello: the machine's and the client's floor. */
async function bareVisit(origin, index) {
  const dispatcher = new Agent({ connections: 1 });
  const out = [];
  try {
    for (const [kind, method] of [
      ['profile', 'GET'],
      ['week', 'GET'],
      ['month', 'GET'],
      ['quote', 'POST'],
    ]) {
      const r = await call(
        dispatcher,
        origin,
        method,
        `/${kind}?v=${index}`,
        {},
        method === 'POST' ? {} : null,
      );
      out.push({ kind, ms: r.ms, status: r.status });
    }
  } finally {
    await dispatcher.close();
  }
  return out;
}

const groups = {
  gateway: () => listening(new URL(base).port || 80),
  ...(process.env.BOOKINGS_URL ? { bookings: () => listening(new URL(process.env.BOOKINGS_URL).port) } : {}),
  ...(process.env.CATALOGUE_URL
    ? { catalogue: () => listening(new URL(process.env.CATALOGUE_URL).port) }
    : {}),
  ...(process.env.BENCH_PG_DB ? { postgres: () => backends(process.env.BENCH_PG_DB) } : {}),
};
const snapshot = () => Object.fromEntries(Object.entries(groups).map(([k, find]) => [k, cpuMs(find())]));
function spent(before) {
  const out = {};
  for (const [k, find] of Object.entries(groups)) {
    let ms = 0;
    for (const [pid, t] of cpuMs(find())) ms += t - (before[k].get(pid) ?? 0);
    out[k] = ms;
  }
  return out;
}

const pct = (xs, p) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((s.length * p) / 100) - 1)]);
};
function summary(title, calls, extra = {}) {
  const ok = (c) => typeof c.status === 'number' && c.status >= 200 && c.status < 300;
  const row = (kind, list) => ({
    figure: title,
    call: kind,
    requests: list.length,
    errors: list.filter((c) => !ok(c)).length,
    'p50 ms': pct(
      list.filter(ok).map((c) => c.ms),
      50,
    ),
    'p99 ms': pct(
      list.filter(ok).map((c) => c.ms),
      99,
    ),
    ...extra,
  });
  return [
    ...['profile', 'week', 'month', 'quote'].map((k) =>
      row(
        k,
        calls.filter((c) => c.kind === k),
      ),
    ),
    row('all', calls),
  ];
}
const statuses = (calls) => {
  const counts = {};
  for (const c of calls) counts[c.status] = (counts[c.status] ?? 0) + 1;
  return counts;
};

async function crowd(n, round, fn) {
  const t0 = performance.now();
  const calls = (await Promise.all(Array.from({ length: n }, (_, i) => fn(i, round)))).flat();
  return { calls, seconds: (performance.now() - t0) / 1000 };
}

// ---------------------------------------------------------------- the run

const profile = await fetch(`${base}/api/public/venues/${slug}`);
if (!profile.ok)
  throw new Error(`GET /api/public/venues/${slug} → ${profile.status} ${await profile.text()}`);
const venue = await profile.json();
if (!venue.resources.length)
  throw new Error(`${slug} lists no space: turn its Online bookings on with a space`);
console.log(
  `${visitors} visitors of ${slug} at once, ${rounds} round(s); spaces: ${venue.resources.map((r) => r.name).join(', ')}; ` +
    (oneAddress
      ? 'one address for all (PUBLIC_RATE_LIMIT_SCALE must allow it)'
      : 'an address each (X-Forwarded-For, TRUST_PROXY=true)'),
);

// Warm-up: a call's first seconds in a process cost several times the rest (bench/README).
const warm = await crowd(20, 0, (i) => visit(venue, i, 0));
const warmErrors = warm.calls.filter((c) => !(c.status >= 200 && c.status < 300));
if (warmErrors.length)
  console.log(`warm-up: ${warmErrors.length} of ${warm.calls.length} failed`, statuses(warmErrors));

const rows = [];
const all = [];
const cpu = [];
for (let r = 1; r <= rounds; r++) {
  const load = loadavg()[0].toFixed(1);
  const before = snapshot();
  const { calls, seconds } = await crowd(visitors, r, (i) => visit(venue, i, r));
  const used = spent(before);
  all.push(...calls);
  const total = Object.values(used).reduce((a, b) => a + b, 0);
  cpu.push({
    round: r,
    load,
    's (wall)': +seconds.toFixed(2),
    requests: calls.length,
    ...Object.fromEntries(Object.entries(used).map(([k, ms]) => [k, +(ms / calls.length).toFixed(2)])),
    'cpu ms/req': +(total / calls.length).toFixed(2),
  });
  rows.push(summary(`round ${r}`, calls, { load })[4]);
  const errors = calls.filter((c) => !(c.status >= 200 && c.status < 300));
  if (errors.length) console.log(`round ${r}: errors`, statuses(errors));
}

// The floor: the same crowd and client against a bare Koa hello.
const app = new Koa();
app.use((ctx) => {
  ctx.body = { hello: 'world' };
});
const server = createServer(app.callback());
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const bareLoad = loadavg()[0].toFixed(1);
const bare = await crowd(visitors, 0, (i) => bareVisit(`http://127.0.0.1:${server.address().port}`, i));
await new Promise((r) => server.close(r));

const label = process.env.LABEL ? ` — ${process.env.LABEL}` : '';
console.log(`\n${machine()}${label}`);
console.table([
  ...summary(`door, ${rounds} × ${visitors} visitors`, all),
  ...rows,
  ...summary(`bare Koa hello, ${visitors} visitors`, bare.calls, { load: bareLoad }).slice(4),
]);
console.log('CPU per request (ms) by process, each round (load: 1-minute load average as it began):');
console.table(cpu);
const errors = all.filter((c) => !(c.status >= 200 && c.status < 300)).length;
console.log(
  `${all.length} requests, ${errors} errors; p50 ${pct(
    all.map((c) => c.ms),
    50,
  )} ms, p99 ${pct(
    all.map((c) => c.ms),
    99,
  )} ms (bare Koa, same crowd: p50 ${pct(
    bare.calls.map((c) => c.ms),
    50,
  )}, p99 ${pct(
    bare.calls.map((c) => c.ms),
    99,
  )} ms)`,
);
process.exitCode = errors > 0 ? 1 : 0;
