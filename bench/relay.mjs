// Event delivery (issue 27 item 2): how many events a second one service's outbox relay gets
// applied in a subscriber, and how far behind the subscriber is after a burst: handed over in the
// process (the default, as in `npm start`), over loopback HTTP (OVER=http) or NATS.
// A publisher and a subscriber built on the service kit (its test fixture: `widget.*` events,
// the subscriber writes one row per event in its own transaction with the inbox insert, as every
// consumer does) run in this process on loopback, each on its own database (PGlite in memory, or
// with TEST_DATABASE_URL two schemas on the PostgreSQL server).
//
// 1. Backlog: EVENTS (default 5,000) events committed in one transaction, then the time until the
//    subscriber has applied the last one: events a second, and the CPU per event of this process
//    (both services) and, on PostgreSQL, its backends.
// 2. Burst: RATE transactions a second (default 100, one event each) for DURATION seconds
//    (default 10), then the time from the last commit until the subscriber has it.
// A bare Koa hello is loaded in the same run, for the machine's speed at the time.
//
//   node bench/relay.mjs
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/relay.mjs
//   OVER=http node bench/relay.mjs       (a subscriber in another process: over a loopback socket)
import { connect, createServer } from 'node:net';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { backends, cpuMs } from './lib/cpu.mjs';
import { baseline, machine } from './lib/run.mjs';
import { startTestService } from '../packages/service-kit/src/testing/index.ts';
import { OWNER_A, publishWidget, widgetsApp } from '../packages/service-kit/src/test-fixtures/widgets-app.ts';

const EVENTS = Number(process.env.EVENTS ?? 5000);
const RATE = Number(process.env.RATE ?? 100);
const DURATION = Number(process.env.DURATION ?? 10);
const pgDb = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL).pathname.slice(1) : null;

async function freePort() {
  const s = createServer();
  await new Promise((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address();
  await new Promise((ok) => s.close(ok));
  return port;
}

const cpuNow = () => {
  const own = process.cpuUsage();
  const pg = pgDb ? [...cpuMs(backends(pgDb)).values()].reduce((a, b) => a + b, 0) : 0;
  return { own: (own.user + own.system) / 1000, pg };
};

// The relay signs its calls with the internal secret, as in the product.
process.env.INTERNAL_SECRET ??= 'bench-internal-secret-0123456789';
// BENCH_NATS_URL: both services deliver through NATS JetStream instead (a stream and subjects of
// this run's own, removed at the end).
const natsUrl = process.env.BENCH_NATS_URL;
const runId = `bench${Date.now()}`;
const nats = natsUrl ? { nats: { url: natsUrl, stream: runId.toUpperCase(), subjectPrefix: runId } } : {};
const port = await freePort();
// Both services run in this process, as the six do in `npm start`, so the relay hands its batches
// to the receiver in memory (decision 74). OVER=http sends them over a loopback socket instead, as
// to a subscriber in another process: through a TCP pass-through whose origin is not one this
// process hosts (its copying is counted in this process's CPU with the rest).
const overHttp = process.env.OVER === 'http' && !natsUrl;
if (overHttp) {
  const passThrough = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const end = () => (client.destroy(), upstream.destroy());
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise((ok) => passThrough.listen(0, '127.0.0.1', ok));
  passThrough.unref();
  process.env.RECEIVER_URL = `http://127.0.0.1:${passThrough.address().port}`;
} else {
  process.env.RECEIVER_URL = `http://127.0.0.1:${port}`;
}
const receiver = await startTestService(
  widgetsApp({
    name: 'receiver',
    ...nats,
    resolvePrincipal: async () => null,
    consumers: {
      'widget.*': async (event, tx) => {
        await tx.query('INSERT INTO kit_log (what) VALUES ($1)', [event.data.name]);
      },
    },
  }),
  { port },
);
const publisher = await startTestService(widgetsApp({ ...nats, subscriptions: { receiver: ['widget.*'] } }));
const applied = async () =>
  Number((await receiver.kit.db.query('SELECT count(*)::int AS n FROM kit_log')).rows[0].n);
const arrived = async (name) =>
  (await receiver.kit.db.query('SELECT 1 FROM kit_log WHERE what = $1', [name])).rowCount > 0;

async function waitFor(check, what) {
  const until = Date.now() + 300_000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await sleep(5);
  }
}

console.log(
  `${machine()}; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `engine: ${pgDb ? `PostgreSQL (${pgDb})` : 'PGlite in memory'}; events over ${natsUrl ? `NATS (${natsUrl})` : overHttp ? 'loopback HTTP' : 'the relay handing batches over in this process'}`,
);

// 1. A backlog, drained.
const before = await applied();
const c0 = cpuNow();
const t0 = performance.now();
await publisher.kit.db.tenantTx(OWNER_A, async (tx) => {
  for (let i = 0; i < EVENTS; i++) await publishWidget(tx, 'widget.created', { name: `backlog-${i}` });
});
const committed = performance.now();
await waitFor(async () => (await applied()) - before >= EVENTS, 'the backlog');
const drained = performance.now();
const c1 = cpuNow();
const seconds = (drained - committed) / 1000;
const backlog = {
  figure: `backlog of ${EVENTS} events`,
  'events/s': Math.round(EVENTS / seconds),
  'drained in s': seconds.toFixed(2),
  'CPU ms/event (both services)': ((c1.own - c0.own) / EVENTS).toFixed(3),
  'PostgreSQL CPU ms/event': pgDb ? ((c1.pg - c0.pg) / EVENTS).toFixed(3) : 'n/a',
  'publish s': ((committed - t0) / 1000).toFixed(2),
};

// 2. A burst at RATE commits a second, then the lag of the last one.
const interval = 1000 / RATE;
const start = performance.now();
let n = 0;
while (performance.now() - start < DURATION * 1000) {
  await publisher.kit.db.tenantTx(OWNER_A, (tx) =>
    publishWidget(tx, 'widget.created', { name: `burst-${n}` }),
  );
  n++;
  const next = start + n * interval;
  const wait = next - performance.now();
  if (wait > 0) await sleep(wait);
}
const lastCommit = performance.now();
await waitFor(() => arrived(`burst-${n - 1}`), 'the last event of the burst');
const lag = performance.now() - lastCommit;
const burst = {
  figure: `burst: ${n} commits in ${DURATION} s`,
  'commits/s': Math.round(n / DURATION),
  'last event applied after ms': Math.round(lag),
};

await publisher.close();
await receiver.close();
if (natsUrl) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: natsUrl });
  await (await jetstreamManager(nc)).streams.delete(runId.toUpperCase()).catch(() => {});
  await nc.close();
}
const bare = await baseline(16);
console.table([backlog]);
console.table([burst]);
console.log(
  `bare Koa hello in the same run: ${bare.rps} req/s (p99 ${bare.p99} ms); load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
