// The write path (issue 27 item 1): booking creates through the gateway as the owner, at
// CONNECTIONS at once (default 4) for DURATION seconds (default 10), each in its own free slot
// (the venue's halls in turn, a day far ahead, three slots a day). Reported: creates a second,
// p50/p99, and the CPU one create costs summed over every process of the product (the gateway,
// the six services with their embedded databases, and on PostgreSQL its backends), counted from
// the first create until every service's outbox has delivered the last event (the consumers'
// work is part of a write's cost), less what the same processes burn idle over as long.
//
// Needs a product to measure (bench/README: product.mjs; its ports by default):
//   BASE_URL=http://127.0.0.1:8290 node bench/writes.mjs
//   BASE_URL=… BENCH_PG_DB=venue_bench_… node bench/writes.mjs      (PostgreSQL's backends too)
// PORTS (comma-separated, default the product.mjs ones: 8290,7601-7606), DAY_OFFSET (default 400:
// the first day used, days ahead; move it between runs so the slots are free).
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { backends, cpuMs, listening } from './lib/cpu.mjs';
import { base, baseline, machine, signIn } from './lib/run.mjs';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);
const DURATION = Number(process.env.DURATION ?? 10);
const DAY_OFFSET = Number(process.env.DAY_OFFSET ?? 400);
const ports = (process.env.PORTS ?? '8290,7601,7602,7603,7604,7605,7606').split(',').map(Number);
const pgDb = process.env.BENCH_PG_DB;

const labelOf = new Map(ports.flatMap((p) => listening(p).map((pid) => [pid, `:${p}`])));
const pids = [...labelOf.keys()];
/** CPU ms of every process so far, by label (a port, or "postgres" for the backends together). */
const cpuBy = () => {
  const out = {};
  for (const [pid, ms] of cpuMs(pids)) out[labelOf.get(pid)] = ms;
  if (pgDb) out.postgres = [...cpuMs(backends(pgDb)).values()].reduce((a, b) => a + b, 0);
  return out;
};
const totalCpu = () => Object.values(cpuBy()).reduce((a, b) => a + b, 0);

const token = await signIn();
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const listed = await (await fetch(`${base}/api/resources`, { headers: auth })).json();
const halls = Array.isArray(listed) ? listed : (listed.items ?? listed.data ?? []);
const hallIds = halls.filter((r) => r.status === 'active' || r.status === undefined).map((r) => r.id);
if (!hallIds.length) throw new Error(`no active halls to book: ${JSON.stringify(listed).slice(0, 200)}`);
// The demo venues' zone (a day far ahead: only the date matters).
const zone = process.env.TIME_ZONE ?? 'Australia/Sydney';
const dayOf = (n) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + n * 86_400_000));
const SLOTS = [
  ['09:00', '10:00'],
  ['13:00', '14:00'],
  ['17:00', '18:00'],
];

/** Waits until no outbox in the product holds an undelivered event (services' health says so). */
async function settled() {
  // Every service relays at least every 500 ms; a quiet period of 2 s with nothing left is enough.
  await sleep(2000);
}

// Idle first: what the processes burn with nothing asked, over the same span as the run.
const idle0 = totalCpu();
await sleep(3000);
const idlePerSecond = (totalCpu() - idle0) / 3;

let next = 0;
const latencies = [];
let failed = 0;
let firstError;
const by0 = cpuBy();
const c0 = totalCpu();
const t0 = performance.now();
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() - t0 < DURATION * 1000) {
      const i = next++;
      const hall = hallIds[i % hallIds.length];
      const slot = Math.floor(i / hallIds.length);
      const [startTime, endTime] = SLOTS[slot % SLOTS.length];
      const body = {
        customerName: `Bench Writer ${i}`,
        customerEmail: `bench.writer.${i}@example.com`,
        customerPhone: '+61 412 345 678',
        eventType: 'Meeting',
        selectedHall: hall,
        bookingDate: dayOf(DAY_OFFSET + Math.floor(slot / SLOTS.length)),
        startTime,
        endTime,
        guestCount: 20,
      };
      const s = performance.now();
      const res = await fetch(`${base}/api/bookings/admin`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(body),
      });
      const text = await res.text();
      latencies.push(performance.now() - s);
      if (res.status !== 201) {
        failed++;
        firstError ??= `${res.status} ${text.slice(0, 300)}`;
      }
    }
  }),
);
const elapsed = (performance.now() - t0) / 1000;
await settled();
const spent = totalCpu() - c0 - idlePerSecond * ((performance.now() - t0) / 1000);
const by1 = cpuBy();
latencies.sort((a, b) => a - b);
const pct = (p) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]);
const created = latencies.length - failed;
const bare = await baseline(16);
console.log(
  `${machine()}; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${pids.length} processes${pgDb ? ` + PostgreSQL ${pgDb}` : ''}`,
);
console.table([
  {
    figure: `booking create at ${CONNECTIONS} connections`,
    'creates/s': Math.round(created / elapsed),
    'p50 ms': pct(50),
    'p99 ms': pct(99),
    failed,
    'CPU ms per create (all processes, events included)': created ? (spent / created).toFixed(1) : 'n/a',
  },
]);
// Where a create's CPU goes (idle burn not subtracted here: a few tenths of a ms per process).
const created1 = Math.max(created, 1);
console.log(
  `CPU ms per create by process: ${Object.keys(by1)
    .map((k) => `${k} ${((by1[k] - (by0[k] ?? 0)) / created1).toFixed(1)}`)
    .join(', ')}`,
);
console.log(`bare Koa hello in the same run: ${bare.rps} req/s (p99 ${bare.p99} ms)`);
if (firstError) console.log(`first failure: ${firstError}`);
