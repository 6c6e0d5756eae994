// Events after a burst of writes, through the product (issue 27 item 2): booking creates through
// the gateway at CONNECTIONS at once (default 4) for DURATION seconds (default 10), as fast as the
// product takes them (its write rate), then:
//  1. how long after the burst's last answer each service's read copy holds every booking of the
//     burst: money's booking copy, insights' bookings, comms' booking copies and catalogue's busy
//     times, polled every 20 ms in the database (PostgreSQL: BENCH_PG_URL and BENCH_PG_DB);
//  2. a user action at once: the burst's last PROBES bookings (default 40) each get a FINAL
//     invoice issued (Bookings › Send invoice), CONNECTIONS at once, starting as the burst's last
//     answer arrives: money must know each booking even if its event has not landed yet (decision
//     62: it asks bookings), so none may fail.
// A bare Koa hello is loaded afterwards in the same run, for the machine's speed at the time.
//
// Needs a product to measure (bench/README: product.mjs; its ports by default):
//   BASE_URL=http://127.0.0.1:8290 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     BENCH_PG_DB=venue_bench_… node bench/burst.mjs
// Without BENCH_PG_DB (a PGlite product, whose databases only its own process can open) only the
// user action is measured. DAY_OFFSET (default 600): the first day the creates use, days ahead;
// the script prints the next free one for another run.
import { setTimeout as sleep } from 'node:timers/promises';
import { ownerWrites } from './lib/owner-writes.mjs';
import { baseline, machine } from './lib/run.mjs';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 4);
const DURATION = Number(process.env.DURATION ?? 10);
const DAY_OFFSET = Number(process.env.DAY_OFFSET ?? 600);
const PROBES = Number(process.env.PROBES ?? 40);
const pgDb = process.env.BENCH_PG_DB;

const { send, createBooking, nextFreeDay } = await ownerWrites({
  dayOffset: DAY_OFFSET,
  customer: 'Burst Writer',
});

// The read copies, each asked "how many of these bookings do you hold" in one indexed statement.
let db;
let tenantId;
const COPIES = [
  [
    'money: booking copy',
    'SELECT count(*)::int AS n FROM money.booking_copy WHERE tenant_id = $1 AND booking_id = ANY($2::uuid[])',
  ],
  [
    'insights: bookings',
    'SELECT count(*)::int AS n FROM insights.bookings WHERE tenant_id = $1 AND id = ANY($2::uuid[])',
  ],
  [
    'comms: booking copies',
    'SELECT count(*)::int AS n FROM comms.booking_copies WHERE tenant_id = $1 AND booking_id = ANY($2::uuid[])',
  ],
  [
    'catalogue: busy times',
    'SELECT count(*)::int AS n FROM catalogue.booking_busy WHERE tenant_id = $1 AND booking_id = ANY($2::uuid[])',
  ],
];
if (pgDb) {
  const { default: pg } = await import('pg');
  const url = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${pgDb}`;
  // A client for each copy, so the four are polled side by side.
  db = new pg.Pool({ connectionString: url.toString(), max: COPIES.length });
}

// The burst.
const ids = [];
let lastAnswerAt = 0;
let failed = 0;
let firstError;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (performance.now() - t0 < DURATION * 1000) {
      const r = await createBooking();
      if (r.status === 201) {
        const b = r.body.booking ?? r.body;
        ids.push(b.id);
        tenantId ??= b.hallOwnerId;
        lastAnswerAt = performance.now();
      } else {
        failed++;
        firstError ??= `${r.status} ${r.text.slice(0, 300)}`;
      }
    }
  }),
);
const elapsed = (performance.now() - t0) / 1000;

// From the last answer: the copies polled, and the invoices issued, side by side.
const probeIds = ids.slice(-PROBES);
const polls = COPIES.map(async ([name, query]) => {
  if (!db) return [name, 'not measured (no BENCH_PG_DB)'];
  for (;;) {
    const { rows } = await db.query(query, [tenantId, ids]);
    const at = performance.now() - lastAnswerAt;
    if (rows[0].n >= ids.length) return [name, `${Math.max(0, Math.round(at))} ms`];
    if (at > 60_000) return [name, `${rows[0].n} of ${ids.length} after 60 s`];
    await sleep(20);
  }
});
const probe = (async () => {
  const outcomes = [];
  let k = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (k < probeIds.length) {
        const id = probeIds[k++];
        outcomes.push(
          await send(
            'POST',
            '/api/invoices',
            { bookingId: id, invoiceType: 'FINAL', description: 'Meeting Final Payment', issue: true },
            { 'idempotency-key': crypto.randomUUID() },
          ),
        );
      }
    }),
  );
  return { done: performance.now() - lastAnswerAt, outcomes };
})();
const copies = await Promise.all(polls);
const { done: probesDone, outcomes } = await probe;
await db?.end();
const bare = await baseline(16);

const refused = outcomes.filter((o) => o.status !== 201);
console.log(`${machine()}; bare Koa hello in the same run: ${bare.rps} req/s`);
console.log(
  `burst: ${ids.length} bookings created in ${elapsed.toFixed(1)} s at ${CONNECTIONS} connections ` +
    `(${Math.round(ids.length / elapsed)}/s), ${failed} refused${firstError ? ` (first: ${firstError})` : ''}`,
);
console.table(copies.map(([copy, at]) => ({ 'read copy': copy, 'holds every booking of the burst': at })));
console.log(
  `the burst's last ${probeIds.length} bookings invoiced (issued) from its last answer: ` +
    `${outcomes.length - refused.length} issued, ${refused.length} refused, all answered ${Math.round(probesDone)} ms after it` +
    (refused.length ? `; first refusal: ${refused[0].status} ${refused[0].text.slice(0, 300)}` : ''),
);
const nextDay = nextFreeDay() + 1;
console.log(`next free: DAY_OFFSET=${nextDay}`);
if (refused.length || failed) process.exitCode = 1;
