// The write path (issue 27 item 1): one kind of write through the gateway as the owner (WRITE):
//   booking (default)  a booking create (POST /api/bookings/admin with an Idempotency-Key, as the
//                      booking form sends it; before 2026-11-30 22:00 without one), each in its
//                      own free slot (the venue's halls in turn, a day far ahead, three slots a day);
//   invoice            issuing a booking's FINAL invoice (POST /api/invoices with issue: true, as
//                      Bookings › Send invoice asks), for bookings created before the measured span;
//   payment            recording a payment of an issued invoice's balance (POST
//                      /api/invoices/{id}/payments with an Idempotency-Key, as Record Payment
//                      asks), for invoices issued (and bookings created) before the measured span.
// At CONNECTIONS at once (default 4) for DURATION seconds (default 10). What invoice and payment
// act on is made first (PREPARE objects, default 100 a second of DURATION; the span ends early,
// and says so, if they run out), its events delivered and the idle burn measured after, so the
// measured span holds only the write itself and the work its events cause. Reported: writes a
// second, p50/p99, and the CPU one write costs summed over every process of the product (the
// gateway, the services with their embedded databases, and on PostgreSQL its backends), counted
// from the first write until the product has been quiet for 6 s running (every event delivered and
// handled, its e-mails sent: the consumers' work is part of a write's cost), less what the same
// processes burn idle over as long.
//
// Needs a product to measure (bench/README: product.mjs; its ports by default):
//   BASE_URL=http://127.0.0.1:8290 node bench/writes.mjs
//   WRITE=invoice BASE_URL=… BENCH_PG_DB=venue_bench_… node bench/writes.mjs   (PostgreSQL's backends too)
// PORTS (comma-separated, default the product.mjs ones: 8290,7601-7606; the listening pids are
// found from them, so the services' one process is counted once whichever of its ports are named),
// DAY_OFFSET (default 400: the first day used, days ahead; every mode creates bookings, so move it
// between runs so the slots are free: the script prints the next free one).
// STATEMENTS=n (PostgreSQL, with pg_stat_statements in shared_preload_libraries) lists the n
// statements the span's writes spent most of the server's time on, per write.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { backends, cpuMs, listening } from './lib/cpu.mjs';
import { ownerWrites } from './lib/owner-writes.mjs';
import { startCounting, statementsOf } from './lib/statements.mjs';
import { baseline, machine } from './lib/run.mjs';

const WRITE = process.env.WRITE ?? 'booking';
if (!['booking', 'invoice', 'payment'].includes(WRITE))
  throw new Error(`WRITE must be booking, invoice or payment, not ${WRITE}`);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);
const DURATION = Number(process.env.DURATION ?? 10);
const DAY_OFFSET = Number(process.env.DAY_OFFSET ?? 400);
const PREPARE = Number(process.env.PREPARE ?? Math.ceil(100 * DURATION));
const ports = (process.env.PORTS ?? '8290,7601,7602,7603,7604,7605,7606').split(',').map(Number);
const pgDb = process.env.BENCH_PG_DB;
const STATEMENTS = Number(process.env.STATEMENTS ?? 0);

// A process listening on several ports (the services' one process) is one row, named by them.
const portsOf = new Map();
for (const p of ports) {
  const found = listening(p);
  if (!found.length) console.warn(`nothing listens on :${p}`);
  for (const pid of found) portsOf.set(pid, [...(portsOf.get(pid) ?? []), p]);
}
const labelOf = new Map(
  [...portsOf].map(([pid, ps]) => [pid, ps.length > 1 ? `:${ps[0]}…${ps.at(-1)}` : `:${ps[0]}`]),
);
const pids = [...labelOf.keys()];
if (!pids.length) throw new Error(`no process listens on PORTS ${ports.join(',')}`);
// PostgreSQL's backends come and go (the pools close idle connections): each one ever seen keeps
// the CPU it had when last seen, so one that ends takes nothing out of the sum. Seen every 200 ms.
const backendMs = new Map();
const seeBackends = () => {
  for (const [pid, ms] of cpuMs(backends(pgDb))) backendMs.set(pid, ms);
};
if (pgDb) {
  seeBackends();
  setInterval(seeBackends, 200).unref();
}
// The product's own database, read as the superuser (BENCH_PG_URL) for the e-mails still to send.
let mail;
if (pgDb) {
  const { default: pg } = await import('pg');
  const url = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${pgDb}`;
  mail = new pg.Client({ connectionString: url.toString() });
  await mail.connect();
}
/** CPU ms of every process so far, by label (its ports, or "postgres" for the backends together). */
const cpuBy = () => {
  const out = {};
  for (const [pid, ms] of cpuMs(pids)) out[labelOf.get(pid)] = ms;
  if (pgDb) {
    seeBackends();
    out.postgres = [...backendMs.values()].reduce((a, b) => a + b, 0);
  }
  return out;
};
const totalCpu = () => Object.values(cpuBy()).reduce((a, b) => a + b, 0);

const { send, createBooking, slotsUsed, nextFreeDay } = await ownerWrites({ dayOffset: DAY_OFFSET });

/**
 * What the product burns a second before anything is asked (over 5 s). On PostgreSQL its
 * backends alone burn 30-60 ms a second idle on some machines (the relays' and the jobs'
 * polling, autovacuum), so a fixed 60 ms a second for "quiet" was seldom reached there and most
 * runs came out not valid (2026-12-02).
 */
const floorMs = await (async () => {
  const c = totalCpu();
  await sleep(5000);
  return (totalCpu() - c) / 5;
})();

/**
 * Waits until the events of the writes so far have been delivered and handled: 2 s (every service
 * relays at least every 500 ms), then until the processes have burnt no more than `quietMs` (twice
 * the idle burn or the floor, at least 60 ms) in each of 6 seconds running: comms' mail worker
 * takes what the events queued (an invoice's e-mail with its PDF) in rounds, so one quiet second
 * may fall between two rounds.
 */
async function settled(quietMs = Math.max(60, 2 * floorMs)) {
  await sleep(2000);
  // On PostgreSQL, first until comms has sent every e-mail the writes queued: its worker sends in
  // rounds, and between two rounds the product can look quiet for the seconds counted below while
  // hundreds of invoice e-mails (each a PDF) still wait, to be counted against the next span.
  if (mail) {
    for (const until = performance.now() + 180_000; performance.now() < until; await sleep(500)) {
      const { rows } = await mail.query(
        "SELECT count(*)::int AS n FROM comms.emails WHERE status NOT IN ('sent', 'failed')",
      );
      if (rows[0].n === 0) break;
    }
  }
  let quiet = 0;
  for (const until = performance.now() + 90_000; quiet < 6 && performance.now() < until;) {
    const c = totalCpu();
    await sleep(1000);
    quiet = totalCpu() - c <= quietMs ? quiet + 1 : 0;
  }
  if (quiet < 6) {
    console.warn(`the product did not fall quiet (≤ ${quietMs} ms CPU a second for 6 s) in 90 s`);
    noisy++;
  }
}
/**
 * How often settled() gave up. The idle burn is measured after the last one before the span and
 * subtracted over the span and its settling: a product still busy then (an earlier run's e-mails
 * going out) makes that figure wrong both ways, so such a run's CPU per write is not reported.
 */
let noisy = 0;

// The writes; each answers the request's outcome (201 is a success).
// As mfe-bookings' SendInvoices: the FINAL invoice, issued at once (numbered, status SENT).
const issueInvoice = (booking) =>
  send(
    'POST',
    '/api/invoices',
    {
      bookingId: booking.id,
      invoiceType: 'FINAL',
      description: `${booking.eventType || 'Booking'} Final Payment`,
      issue: true,
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
// Record Payment of the whole balance (the invoice becomes PAID).
const recordPayment = (invoice) =>
  send(
    'POST',
    `/api/invoices/${invoice.id}/payments`,
    {
      amountCents: invoice.balanceCents ?? invoice.totalCents,
      paymentMethod: 'Bank Transfer',
      reference: 'bench',
    },
    { 'idempotency-key': crypto.randomUUID() },
  );

/** `n` results of `make(input)` over `inputs` (or n fresh calls), CONNECTIONS at once; throws on a failure. */
async function prepare(what, n, make, inputs) {
  const out = [];
  let k = 0;
  const s = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (k < n) {
        const input = inputs?.[k];
        k++;
        let r = await make(input);
        // A slot taken by an earlier run (DAY_OFFSET not moved far enough): the next one.
        for (let tries = 0; !input && r.status === 409 && tries < 1000; tries++) r = await make(input);
        if (r.status !== 201) throw new Error(`preparing ${what}: ${r.status} ${r.text.slice(0, 300)}`);
        out.push(r.body);
      }
    }),
  );
  console.log(`prepared ${out.length} ${what} in ${((performance.now() - s) / 1000).toFixed(1)} s`);
  return out;
}

// What the measured writes act on, made first (their events delivered before the idle is measured).
let op;
if (WRITE === 'booking') {
  op = () => createBooking();
} else {
  const bookings = (await prepare('bookings', PREPARE, createBooking)).map((b) => b.booking ?? b);
  if (WRITE === 'invoice') {
    await settled(); // money's copy of each booking (booking.created) is there before it is invoiced
    let k = 0;
    op = () => (k < bookings.length ? issueInvoice(bookings[k++]) : null);
  } else {
    await settled();
    const invoices = await prepare('issued invoices', bookings.length, issueInvoice, bookings);
    let k = 0;
    op = () => (k < invoices.length ? recordPayment(invoices[k++]) : null);
  }
  await settled();
}

// Idle: what the processes burn with nothing asked, subtracted over the run and its settling.
const idle0 = totalCpu();
await sleep(3000);
const idlePerSecond = (totalCpu() - idle0) / 3;

const latencies = [];
let failed = 0;
let firstError;
let ranOut = false;
// Said on stderr, so a profiler started by hand can wait for the measured span.
console.error(`measuring ${DURATION} s of ${WRITE} writes`);
const counting = STATEMENTS > 0 && pgDb !== undefined && startCounting();
const by0 = cpuBy();
const c0 = totalCpu();
const t0 = performance.now();
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() - t0 < DURATION * 1000) {
      const pending = op();
      if (!pending) {
        ranOut = true;
        break;
      }
      const r = await pending;
      latencies.push(r.ms);
      if (r.status !== 201) {
        failed++;
        firstError ??= `${r.status} ${r.text.slice(0, 300)}`;
      }
    }
  }),
);
const elapsed = (performance.now() - t0) / 1000;
await settled(Math.max(60, 2 * floorMs, 2 * idlePerSecond));
const settledAfter = (performance.now() - t0) / 1000 - elapsed;
const spent = totalCpu() - c0 - idlePerSecond * ((performance.now() - t0) / 1000);
const by1 = cpuBy();
latencies.sort((a, b) => a - b);
const pct = (p) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]);
const done = latencies.length - failed;
const bare = await baseline(16);
const what = { booking: 'booking create', invoice: 'invoice issue', payment: 'payment record' }[WRITE];
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
const processes = `${pids.length} processes${pgDb ? ` + PostgreSQL ${pgDb}` : ''}`;
const handled = Math.max(0, settledAfter - 6).toFixed(0);
console.log(
  `${machine()}; load ${load}; ${processes}; idle burn ${idlePerSecond.toFixed(0)} ms/s (floor ${floorMs.toFixed(0)}); ` +
    `events handled ${handled} s after the last answer`,
);
console.table([
  {
    figure: `WRITE=${WRITE}: ${what} at ${CONNECTIONS} connections`,
    'writes/s': Math.round(done / elapsed),
    'p50 ms': pct(50),
    'p99 ms': pct(99),
    failed,
    'CPU ms per write (all processes, events included)':
      noisy > 0 ? 'not valid' : done ? (spent / done).toFixed(1) : 'n/a',
  },
]);
// Where a write's CPU goes (the idle burn not subtracted here).
const done1 = Math.max(done, 1);
console.log(
  `CPU ms per ${what} by process: ${Object.keys(by1)
    .map((k) => `${k} ${((by1[k] - (by0[k] ?? 0)) / done1).toFixed(1)}`)
    .join(', ')}`,
);
console.log(`bare Koa hello in the same run: ${bare.rps} req/s (p99 ${bare.p99} ms)`);
if (ranOut)
  console.log(
    `the ${PREPARE} prepared ran out after ${elapsed.toFixed(1)} s of ${DURATION}: figures over that span (PREPARE= more)`,
  );
if (firstError) console.log(`first failure: ${firstError}`);
if (noisy > 0) {
  console.log(
    'NOT VALID: the product did not fall quiet before or after the span, so the idle burn ' +
      'subtracted is wrong; run again on a product with nothing queued (a new one, or after the mail has gone)',
  );
  process.exitCode = 1;
}
if (counting) {
  // Over the whole span and its settling (the relays' and jobs' own polling included: it shows as
  // the statements whose calls do not follow the writes).
  const { ms, calls, lines } = statementsOf(pgDb, { per: done1, limit: STATEMENTS });
  console.log(
    `PostgreSQL's time per ${what}, statements' wall time (lock waits included): ${ms} ms in ${calls} statements; ` +
      `the most (ms | calls | of it planning, with pg_stat_statements.track_planning | statement):`,
  );
  console.log(lines);
}
const nextDay = nextFreeDay();
console.log(`slots used: ${slotsUsed()} bookings from day +${DAY_OFFSET}; next free: DAY_OFFSET=${nextDay}`);
await mail?.end();
