// A product to measure: the six services and the gateway (API only, no frontend build) on their
// own ports, on embedded PGlite in a data folder or on a fresh PostgreSQL database with the two
// roles of decision 19, with the demo accounts seeded. Stays up until Ctrl+C (or SIGTERM), then
// stops the processes in the product's own order.
//
//   node bench/product.mjs                       PGlite in a new folder under /tmp (printed)
//   DATA_DIR=/tmp/vd-bench node bench/product.mjs   PGlite there (kept; reused when it exists)
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/product.mjs
//                                                a new database venue_bench_<time> (kept, printed)
//   BENCH_PG_URL=… BENCH_PG_DB=venue_bench_… node bench/product.mjs   that database again
//
// PORT (default 8290) is the gateway; PORT_BASE (default 500) moves the services to 7601–7606, so
// neither `npm start` (8080, 7101…) nor the browser suite (8090, 7201…) is disturbed. The logs go
// to DATA_DIR/product.log (BENCH_LOGS=console prints them). `bench/seed-scale.mjs` then adds the
// bulk data (PostgreSQL: while this runs; PGlite: while it is stopped, same DATA_DIR).
import { createWriteStream, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reexecUnderNode24 } from '../scripts/lib/node24.mjs';

reexecUnderNode24(import.meta.filename);

const { ensureKeys } = await import('../scripts/lib/keys.mjs');
const { productEnv, startAll, waitForHealth } = await import('../scripts/lib/processes.mjs');
const { seedDemoDomains } = await import('../scripts/lib/demo-seed.mjs');

const port = Number(process.env.PORT ?? 8290);
const portBase = Number(process.env.PORT_BASE ?? 500);
const dataDir = process.env.DATA_DIR
  ? path.resolve(process.env.DATA_DIR)
  : mkdtempSync(path.join(tmpdir(), 'venue-bench-'));
mkdirSync(dataDir, { recursive: true });

const keys = ensureKeys(dataDir);
const env = productEnv({ dataDir, keys, port, portBase });
delete env.PORT;
// The benches sign in once per run, but a session of runs signs in many times from one address.
env.LOGIN_RATE_LIMIT_PER_MINUTE = '1000';

/** The superuser URL of the benchmark database, for seed-scale.mjs and EXPLAIN (PostgreSQL only). */
let superUrl;
if (process.env.BENCH_PG_URL) {
  const { productDatabase } = await import('../scripts/lib/product-database.mjs');
  const dbName = process.env.BENCH_PG_DB ?? `venue_bench_${Date.now()}`;
  const database = await productDatabase(process.env.BENCH_PG_URL, dbName);
  superUrl = database.superUrl;
  Object.assign(env, database.env);
  const exists = !database.created;
  console.log(`[bench] PostgreSQL database ${dbName} (${exists ? 'reused' : 'new'})`);
} else {
  console.log(`[bench] PGlite under ${dataDir}`);
}

const logFile = path.join(dataDir, 'product.log');
const logStream = process.env.BENCH_LOGS === 'console' ? null : createWriteStream(logFile, { flags: 'a' });
const log = logStream ? (line) => logStream.write(line + '\n') : console.log;

const product = startAll({
  env,
  port,
  log,
  adminEnv: { AUTH_PRIVATE_KEY_FILE: keys.privateKeyFile },
});
let stopping = false;
const shutdown = async (signal, code = 0) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n[bench] ${signal}: stopping the product…`);
  await product.stop();
  logStream?.end();
  process.exit(code);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const started = Date.now();
try {
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 300_000 });
} catch (err) {
  console.error(`[bench] ${err.message} (logs: ${logFile})`);
  await shutdown('not healthy', 1);
}
// Bookings answers 503 until admin's settings event has given it the venue's copy (decision 9);
// on a busy machine that can come after health, and the demo seed's first booking would fail.
async function settingsReachedBookings(base, timeoutMs = 120_000) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.local', password: 'demo-pass-2026' }),
  });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
  const { token } = await login.json();
  const day = new Date().toISOString().slice(0, 10);
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const res = await fetch(`${base}/api/calendar?from=${day}&to=${day}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.ok) return;
    if (res.status !== 503) throw new Error(`GET /api/calendar → ${res.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the demo venue settings did not reach bookings');
}

// Halls, rates and a handful of bookings behind the demo accounts (skipped when already there).
let seeded = false;
try {
  await settingsReachedBookings(`http://127.0.0.1:${port}`);
  seeded = await seedDemoDomains(`http://127.0.0.1:${port}`, () => {});
} catch (err) {
  console.error(`[bench] demo data not created: ${err.message} (logs: ${logFile})`);
  await shutdown('no demo data', 1);
}
console.log(`
  [bench] product up after ${((Date.now() - started) / 1000).toFixed(1)} s${seeded ? ', demo data created' : ''}
    gateway   BASE_URL=http://127.0.0.1:${port}
    admin     ADMIN_URL=http://127.0.0.1:${7101 + portBase}
    data      DATA_DIR=${dataDir}${existsSync(logFile) ? `  (logs: ${logFile})` : ''}${
      superUrl
        ? `
    database  BENCH_PG_URL=${process.env.BENCH_PG_URL} BENCH_PG_DB=${new URL(superUrl).pathname.slice(1)}`
        : ''
    }
  Ctrl+C stops it.
`);
