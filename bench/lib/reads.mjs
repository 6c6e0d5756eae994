// The bookings screens' reads that bench/reads.mjs and bench/reads-others.mjs load: Bookings › All
// page 1 as the screen opens it, a search typed into that list, the quick search, the calendar's
// month view and the customer directory's first page, as the demo owner of the product at `base`.
import { backends, cpuMs, listening } from './cpu.mjs';
import { duration, load, signIn } from './run.mjs';

/** The term typed into the searches (SEARCH). */
export const term = process.env.SEARCH ?? 'patel';

/**
 * Signs in at `base` and answers the five reads as [title, url] with the headers they need and
 * what each answers, so a table of fast empty answers cannot pass for the real thing.
 */
export async function bookingReads(base) {
  const headers = { authorization: `Bearer ${await signIn(undefined, undefined, base)}` };
  const get = async (path) => {
    const res = await fetch(base + path, { headers });
    if (!res.ok) throw new Error(`GET ${base}${path} → ${res.status} ${await res.text()}`);
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

  const paths = [
    ['list page 1 (All, event date desc, 25, total)', '/api/bookings?sort=start&order=desc&page=1&limit=25'],
    [
      `list search "${term}"`,
      `/api/bookings?q=${encodeURIComponent(term)}&sort=start&order=desc&page=1&limit=25`,
    ],
    [`quick search "${term}"`, `/api/bookings/search?q=${encodeURIComponent(term)}`],
    [
      `calendar month ${day(first)}…${day(last)}`,
      `/api/calendar?from=${day(first)}&to=${day(last)}&perDay=3`,
    ],
    ['customers page 1 (CLV desc, 50)', '/api/customers?sort=clv&order=desc&page=1&limit=50'],
  ];
  const [list, search, quick, calendar, customers] = await Promise.all(paths.map(([, path]) => get(path)));
  const sizes =
    `list ${list.items.length} of ${list.total}${list.totalIsEstimate ? '+' : ''}, ` +
    `search ${search.items.length} of ${search.total}, quick search ${quick.length}, ` +
    `calendar ${calendar.events.length} events, customers ${customers.items.length} of ${customers.total}`;
  if (!list.items.length || !calendar.events.length || !customers.items.length)
    throw new Error(`empty answers at ${base}: seed the tenant first (bench/seed-scale.mjs)`);
  return { figures: paths.map(([title, path]) => [title, base + path]), headers, sizes };
}

/**
 * The processes whose CPU a read is charged with: the gateway at `base`, the bookings service at
 * `bookingsUrl` (PGlite included) and, on PostgreSQL, the backends serving `pgDb`.
 */
export function cpuGroups(base, bookingsUrl, pgDb) {
  return {
    gateway: () => listening(new URL(base).port || 80),
    ...(bookingsUrl ? { bookings: () => listening(new URL(bookingsUrl).port) } : {}),
    ...(pgDb ? { postgres: () => backends(pgDb) } : {}),
  };
}

/**
 * load() with the CPU each of `groups` spent per request meanwhile (`<group> cpu ms`, and their
 * sum `cpu ms/req` when there are several): on a shared machine latency and throughput move with
 * everyone else's load, the processor time a request costs much less.
 */
export async function measured(url, options, groups) {
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

/** Of two runs of one figure, the one with the lower p99 (then the higher rate). */
export const best = (a, b) => (!a || b.p99 < a.p99 || (b.p99 === a.p99 && b.rps > a.rps) ? b : a);
