// Dashboard and Reports at scale (issue 14): the insights service in a child process of its own
// (as the product runs it; the load generator in this process), on loopback, with one tenant
// holding 10,000 bookings and 5,000 invoices (with their payments) in its read model. PGlite in
// memory by default; TEST_DATABASE_URL uses a throwaway schema on PostgreSQL. The rows arrive as
// the owners' events through `kit.handleEvent`, exactly as the relay delivers them, so the bench
// follows the read model's schema wherever it goes.
//
// What is timed is what the pages do: the Dashboard fetches its calls together (spec 01 §7's six,
// the issue's figure; then again with the alerts, as the page asks for them too), the Reports page
// its nine, so one sample is the time until the last answer of a set is in. Each set's CPU cost
// is printed too: the service's process, its PostgreSQL backends, the load generator.
// CONNECTIONS (default 8) sets run side by side for DURATION seconds (default 10). Before that,
// each call alone (median of 60, with its CPU; on PostgreSQL again with the read model changed
// before each call, so that its answer is worked out rather than kept), and a bare Koa hello is
// measured in the same run
// (in this process, as every bench here does). The load average is printed at the start and the
// end. Requests carry what the gateway sends (the signed principal): the access token is the
// gateway's to verify, and auth-path.mjs measures that hop; AUTH=bearer calls with the token.
//
//   node bench/insights.mjs
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/insights.mjs
//   SERVICE_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/p' …  profiles the service's process
//   PROFILE_SQL=1 …  the child prints each SQL text's count and total time of the one-at-a-time pass
//   AUTH=bearer …  calls with the access token, as a program calling the service directly would
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { cpuMs } from './lib/cpu.mjs';
import { ownerTx } from '../packages/service-kit/src/testing/database.ts';
import { makePrincipal } from '../packages/service-kit/src/testing/index.ts';
import { encodePrincipal } from '../packages/service-kit/src/auth/tokens.ts';
import { PRINCIPAL_HEADER, PRINCIPAL_SIGNATURE_HEADER } from '../packages/contracts/src/index.ts';
import { baseline } from './lib/run.mjs';
import { DASHBOARD_PATHS, REPORTS_PATHS } from '../packages/contracts/src/insights/index.ts';
import {
  OWNER,
  bookingEvent,
  invoiceEvent,
  paymentEvent,
  resourceEvent,
  settingsEvent,
  startInsights,
} from '../services/insights/src/testing/harness.ts';

const BOOKINGS = Number(process.env.BOOKINGS ?? 10_000);
const INVOICES = Number(process.env.INVOICES ?? 5_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const DURATION = Number(process.env.DURATION ?? 10);
const DAY = 86_400_000;

// A small deterministic generator, so two runs seed the same spread.
let seed = 42;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (list) => list[Math.floor(rand() * list.length)];

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
const now = Date.now();

/** The child: starts the service, seeds it, says where it listens, serves until told to stop. */
async function serve() {
  const sqlTimes = new Map();
  if (process.env.PROFILE_SQL === '1') {
    // Times every statement node-postgres runs (text with placeholders, so calls group).
    const pg = (await import('pg')).default;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (text, ...rest) {
      const sql = typeof text === 'string' ? text : text?.text;
      const started = performance.now();
      const out = query.call(this, text, ...rest);
      if (sql && out && typeof out.then === 'function') {
        out.then(
          () => {
            if (!process.profiling) return;
            const t = sqlTimes.get(sql) ?? { n: 0, ms: 0 };
            t.n++;
            t.ms += performance.now() - started;
            sqlTimes.set(sql, t);
          },
          () => {},
        );
      }
      return out;
    };
  }
  const h = await startInsights();
  const seedStarted = Date.now();
  await h.deliver(settingsEvent(OWNER, 1));
  const resources = ['Main Hall', 'Garden Room', 'Studio'].map((name) => ({ id: randomUUID(), name }));
  const hours = Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, { open: '07:00', close: '23:00' }]),
  );
  for (const r of resources) await h.deliver(resourceEvent(OWNER, { ...r, hours }));

  // Bookings spread over a year back and three months ahead, in every status.
  const bookingIds = [];
  for (let i = 0; i < BOOKINGS; i++) {
    const dayOffset = Math.floor(rand() * 455) - 365;
    const start =
      new Date(`${isoDay(now + dayOffset * DAY)}T00:00:00Z`).getTime() +
      (8 + Math.floor(rand() * 10)) * 3_600_000;
    const future = dayOffset >= 0;
    const status = future
      ? pick(['confirmed', 'confirmed', 'tentative', 'pending', 'cancelled'])
      : pick(['completed', 'completed', 'completed', 'cancelled', 'expired']);
    const r = pick(resources);
    const id = randomUUID();
    bookingIds.push(id);
    await h.deliver(
      bookingEvent(OWNER, {
        id,
        code: `BK-${String(i).padStart(6, '0')}`,
        resourceId: r.id,
        resourceName: r.name,
        status,
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + (1 + Math.floor(rand() * 5)) * 3_600_000).toISOString(),
        customerId: `CUST-${String(Math.floor(rand() * 2_400)).padStart(5, '0')}`,
        customerName: `Customer ${i % 2_400}`,
        holdExpiresAt: status === 'tentative' ? new Date(now + rand() * 72 * 3_600_000).toISOString() : null,
        cancelledAt: status === 'cancelled' ? new Date(start - 5 * DAY).toISOString() : null,
      }),
    );
  }

  // Invoices of those bookings in every status, most with a payment.
  for (let i = 0; i < INVOICES; i++) {
    const issued = now - Math.floor(rand() * 300) * DAY;
    const totalCents = 50_000 + Math.floor(rand() * 400) * 500;
    const status = pick(['PAID', 'PAID', 'PAID', 'SENT', 'PARTIAL', 'OVERDUE', 'VOID']);
    const paidCents = status === 'PAID' ? totalCents : status === 'PARTIAL' ? Math.floor(totalCents / 2) : 0;
    const invoice = {
      id: randomUUID(),
      number: `INV-${String(i + 1).padStart(6, '0')}`,
      type: pick(['DEPOSIT', 'FINAL', 'FINAL']),
      status,
      bookingId: bookingIds[i % bookingIds.length],
      issueDate: isoDay(issued),
      dueDate: isoDay(issued + 30 * DAY),
      totalCents,
      paidCents,
    };
    await h.deliver(invoiceEvent(OWNER, invoice));
    if (paidCents > 0) {
      await h.deliver(
        paymentEvent(OWNER, {
          id: randomUUID(),
          amountCents: paidCents,
          processedAt: new Date(issued + Math.floor(rand() * 45) * DAY).toISOString(),
          invoice,
        }),
      );
    }
  }
  let schema = null;
  if (h.t.database.kind === 'pg') {
    // The tables as autovacuum leaves them within a minute of the bulk load (it vacuums after
    // inserts too): statistics, so the statements run on the plans a venue's database would give
    // them (estimates of one row everywhere before), and the visibility map, without which no
    // index-only scan is chosen. VACUUM runs outside a transaction, so on a client of its own.
    schema = await ownerTx(
      h.t.kit.db,
      async (tx) => (await tx.query('SELECT current_schema() AS s')).rows[0].s,
    );
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    try {
      const { rows } = await c.query('SELECT tablename FROM pg_tables WHERE schemaname = $1', [schema]);
      for (const r of rows) await c.query(`VACUUM (ANALYZE) "${schema}"."${r.tablename}"`);
    } finally {
      await c.end();
    }
  }
  const seedSeconds = ((Date.now() - seedStarted) / 1000).toFixed(1);
  // The pool's connections carry this name, so the parent can find their PostgreSQL backends.
  const appName =
    h.t.database.kind === 'pg'
      ? (await h.t.kit.db.query("SELECT current_setting('application_name') AS a")).rows[0].a
      : null;
  // What the gateway sends with each request of a signed-in user (decision 20): the principal it
  // checked, HMAC-signed with the internal secret, valid until the access token expires.
  const signed = encodePrincipal(
    { ...makePrincipal({ userId: OWNER }), sessionId: null, exp: Math.floor(Date.now() / 1000) + 3600 },
    process.env.INTERNAL_SECRET,
  );
  const gateway = { [PRINCIPAL_HEADER]: signed.value, [PRINCIPAL_SIGNATURE_HEADER]: signed.signature };
  console.log(
    `READY ${JSON.stringify({ url: h.t.url, token: h.token[OWNER], gateway, seedSeconds, database: h.t.database.kind, appName, schema, tenantId: OWNER, pid: process.pid })}`,
  );
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'profile on') process.profiling = true;
    if (line === 'profile off') {
      process.profiling = false;
      const top = [...sqlTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
      for (const [sql, t] of top)
        console.error(
          `${t.ms.toFixed(0).padStart(7)} ms ${String(t.n).padStart(5)}× ${sql.replace(/\s+/g, ' ').slice(0, 400)}`,
        );
    }
    if (line === 'stop') break;
  }
  await h.close();
  // stdin (the parent's pipe) would keep this process alive
  process.exit(0);
}

/** The load generator: starts the child, times the sets and each call, then the bare Koa. */
async function measure() {
  const loadAtStart = loadavg();
  // SERVICE_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) go to the service's node only.
  const extra = (process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...process.execArgv, ...extra, import.meta.filename, '--serve'], {
    env: process.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const ready = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve(JSON.parse(line.slice(6)));
      else console.log(`[service] ${line}`);
    });
  });
  const url = ready.url;
  const { seedSeconds } = ready;
  try {
    // Exactly what the pages ask on load (their query strings as the screens send them by default).
    // The issue's figure is spec 01 §7's six calls; the page also asks for its alerts, so the
    // seven are measured too.
    const six = [
      `${DASHBOARD_PATHS.stats}?date=${today}`,
      `${DASHBOARD_PATHS.schedule}?date=${today}`,
      `${DASHBOARD_PATHS.paymentsDue}?date=${today}`,
      DASHBOARD_PATHS.holds,
      DASHBOARD_PATHS.activity,
      DASHBOARD_PATHS.resources,
    ];
    const sets = {
      "Dashboard: spec 01's six calls together": six,
      'Dashboard page: the six and the alerts': [...six, DASHBOARD_PATHS.alerts],
      'Reports: the nine calls together': [
        `${REPORTS_PATHS.executiveKpis}?period=90d`,
        `${REPORTS_PATHS.historical}?months=6`,
        `${REPORTS_PATHS.pipeline}?months=6`,
        `${REPORTS_PATHS.funnel}?period=90d`,
        REPORTS_PATHS.payments,
        REPORTS_PATHS.utilisation,
        `${REPORTS_PATHS.cancellations}?period=90d`,
        `${REPORTS_PATHS.forecast}?periods=6`,
        `${REPORTS_PATHS.summary}?period=90d`,
      ],
    };
    // As the product calls it: through the gateway, which verified the access token and sends the
    // signed principal (decision 20). AUTH=bearer calls it as another program would directly,
    // with the token, which the service then verifies and checks with admin (here a directory
    // in the process) on every call.
    const auth = process.env.AUTH === 'bearer' ? { authorization: `Bearer ${ready.token}` } : ready.gateway;
    const headers = { ...auth, 'accept-encoding': 'gzip, br' };

    // Every call must answer 200 before anything is timed: a fast 501 or 400 is not a figure.
    for (const [label, paths] of Object.entries(sets)) {
      for (const path of paths) {
        const res = await fetch(url + path, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${label}: ${path} answered ${res.status}`);
      }
    }

    // CPU per call and per set: the service's process, its PostgreSQL backends (found by the pool's
    // application name) and this process (the load generator), from /proc and process.cpuUsage.
    const pg = ready.appName ? (await import('pg')).default : null;
    const backendPids = async () => {
      if (!pg) return [];
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      try {
        const r = await c.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
          ready.appName,
        ]);
        return r.rows.map((x) => x.pid);
      } finally {
        await c.end();
      }
    };
    const cpuNow = async () => {
      const pids = await backendPids();
      const pgCpu = cpuMs(pids);
      return {
        service: cpuMs([ready.pid]).get(ready.pid) ?? 0,
        pg: pgCpu,
        self: process.cpuUsage(),
      };
    };
    // Each call alone, one at a time: its median of 60, its CPU (and the answer's size).
    if (process.env.PROFILE_SQL === '1') child.stdin.write('profile on\n');
    const alone = [];
    for (const path of new Set(Object.values(sets).flat())) {
      const times = [];
      let bytes = 0;
      const cpuBefore = await cpuNow();
      for (let i = 0; i < 60; i++) {
        const started = performance.now();
        const res = await fetch(url + path, { headers: auth });
        bytes = (await res.arrayBuffer()).byteLength;
        times.push(performance.now() - started);
      }
      const cpuAfter = await cpuNow();
      let pgMs = 0;
      for (const [pid, ms] of cpuAfter.pg) pgMs += ms - (cpuBefore.pg.get(pid) ?? 0);
      times.sort((a, b) => a - b);
      const row = {
        call: path.split('?')[0],
        'median ms': Number(times[30].toFixed(1)),
        kB: Math.round(bytes / 1024),
        'CPU ms: service + PostgreSQL': `${((cpuAfter.service - cpuBefore.service) / 60).toFixed(2)} + ${pg ? (pgMs / 60).toFixed(2) : '–'}`,
      };
      if (pg) {
        // Again with the read model changed before each call: the answer worked out, not kept.
        const changer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await changer.connect();
        const changed = [];
        let serviceMs = 0;
        let changedPgMs = 0;
        for (let i = 0; i < 60; i++) {
          await changer.query(
            `UPDATE "${ready.schema}".read_versions SET version = gen_random_uuid() WHERE tenant_id = $1`,
            [ready.tenantId],
          );
          const before = await cpuNow();
          const started = performance.now();
          await (await fetch(url + path, { headers: auth })).arrayBuffer();
          changed.push(performance.now() - started);
          const after = await cpuNow();
          serviceMs += after.service - before.service;
          for (const [pid, ms] of after.pg) changedPgMs += ms - (before.pg.get(pid) ?? 0);
        }
        await changer.end();
        changed.sort((a, b) => a - b);
        row['after a change: median ms'] = Number(changed[30].toFixed(1));
        row['CPU ms'] = `${(serviceMs / 60).toFixed(2)} + ${(changedPgMs / 60).toFixed(2)}`;
      }
      alone.push(row);
    }
    if (process.env.PROFILE_SQL === '1') child.stdin.write('profile off\n');

    // The sets as they come when nothing changed between them (answers kept per version of the
    // read model, the service's db/answers.ts), then on PostgreSQL with the read model changed
    // before every set: each connection gives the tenant a new version first, as a landing event
    // would (on a client of its own, whose backend's CPU is not counted), so the set's answers
    // are worked out again.
    const runs = Object.entries(sets).map(([label, paths]) => ({ label, paths, change: false }));
    if (pg) {
      for (const [label, paths] of Object.entries(sets))
        runs.push({ label: `${label}, a change before each`, paths, change: true });
    }
    const rows = [];
    for (const { label, paths, change } of runs) {
      const samples = [];
      let failed = 0;
      const changers = change
        ? await Promise.all(
            Array.from({ length: CONNECTIONS }, async () => {
              const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
              await c.connect();
              return c;
            }),
          )
        : [];
      const cpuBefore = await cpuNow();
      const until = Date.now() + DURATION * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, k) => {
          while (Date.now() < until) {
            if (change) {
              await changers[k].query(
                `UPDATE "${ready.schema}".read_versions SET version = gen_random_uuid() WHERE tenant_id = $1`,
                [ready.tenantId],
              );
            }
            const started = performance.now();
            const answers = await Promise.all(
              paths.map(async (path) => {
                const res = await fetch(url + path, { headers });
                await res.arrayBuffer();
                return res.status;
              }),
            );
            samples.push(performance.now() - started);
            failed += answers.filter((s) => s !== 200).length;
          }
        }),
      );
      const cpuAfter = await cpuNow();
      await Promise.all(changers.map((c) => c.end()));
      samples.sort((a, b) => a - b);
      const at = (q) => Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]);
      let pgMs = 0;
      for (const [pid, ms] of cpuAfter.pg) pgMs += ms - (cpuBefore.pg.get(pid) ?? 0);
      const selfMs = process.cpuUsage(cpuBefore.self);
      const perSet = (ms) => (ms / samples.length).toFixed(1);
      rows.push({
        figure: label,
        'sets/s': Math.round(samples.length / DURATION),
        'p50 ms': at(0.5),
        'p99 ms': at(0.99),
        failed,
        'CPU ms/set: service + PostgreSQL + load generator': `${perSet(cpuAfter.service - cpuBefore.service)} + ${pg ? perSet(pgMs) : '(in the service)'} + ${perSet((selfMs.user + selfMs.system) / 1000)}`,
      });
    }
    const koa = await baseline(CONNECTIONS);
    rows.push({
      figure: koa.title,
      'sets/s': koa.rps,
      'p50 ms': koa.p50,
      'p99 ms': koa.p99,
      failed: koa.failed,
    });

    const load = (l) => l.map((v) => v.toFixed(2)).join(' ');
    console.log(
      `\n${new Date().toISOString().slice(0, 16)}Z, insights on ${ready.database} in its own process: ` +
        `${BOOKINGS} bookings, ${INVOICES} invoices in one tenant (seeded through the consumers in ` +
        `${seedSeconds} s), ${CONNECTIONS} connections, ${DURATION} s each, ` +
        `${process.env.AUTH === 'bearer' ? 'called directly with the bearer token' : 'called as the gateway calls it (signed principal)'}; load average ` +
        `${load(loadAtStart)} at the start, ${load(loadavg())} at the end`,
    );
    console.table(alone);
    console.table(rows);
    console.log(
      "targets: Dashboard (spec 01's six) p99 ≤ 150 ms, Reports p99 ≤ 400 ms (PostgreSQL, 8 connections)",
    );
    process.exitCode = rows.some((r) => r.failed > 0) ? 1 : 0;
  } finally {
    child.stdin.end('stop\n');
    // The service closes its pool and exits; one that hangs is ended rather than held on to.
    const exited = new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
}

if (process.argv.includes('--serve')) await serve();
else await measure();
