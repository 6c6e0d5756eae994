// What a product burns with nothing asked of it: CPU ms a second of each of its processes and,
// on PostgreSQL (BENCH_PG_DB), of the server's backends serving its database, over SECONDS
// (default 60) after a settling pause (SETTLE, default 10 s). With pg_stat_statements in the
// server's shared_preload_libraries it also counts the statements the product sent a second,
// the busiest first. A venue's small host pays this all day; the write benches subtract it.
//
//   BENCH_PG_DB=venue_bench_… node bench/idle.mjs       (a product.mjs product; PORTS as writes.mjs)
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { backends, cpuMs, listening } from './lib/cpu.mjs';
import { machine } from './lib/run.mjs';
import { startCounting, statementsOf } from './lib/statements.mjs';

const SECONDS = Number(process.env.SECONDS ?? 60);
const SETTLE = Number(process.env.SETTLE ?? 10);
const ports = (process.env.PORTS ?? '8290,7601,7602,7603,7604,7605,7606').split(',').map(Number);
const pgDb = process.env.BENCH_PG_DB;
const pids = [...new Set(ports.flatMap((p) => listening(p)))];
if (!pids.length) throw new Error(`no process listens on PORTS ${ports.join(',')}`);
// Backends come and go: each keeps what it had when last seen (as writes.mjs counts them).
const seen = new Map();
const look = () => {
  for (const [pid, ms] of cpuMs(pgDb ? backends(pgDb) : [])) seen.set(pid, ms);
};
const sum = (m) => [...m.values()].reduce((a, b) => a + b, 0);

await sleep(SETTLE * 1000);
const counting = pgDb !== undefined && startCounting();
look();
const pg0 = sum(seen);
const own0 = cpuMs(pids);
const t0 = performance.now();
while (performance.now() - t0 < SECONDS * 1000) {
  await sleep(200);
  look();
}
const s = (performance.now() - t0) / 1000;
const own1 = cpuMs(pids);
const perProcess = pids.map((pid) => ({
  process: `pid ${pid} :${ports.filter((p) => listening(p).includes(pid)).join(',')}`,
  'CPU ms/s': (((own1.get(pid) ?? 0) - (own0.get(pid) ?? 0)) / s).toFixed(1),
}));
if (pgDb)
  perProcess.push({
    process: `PostgreSQL backends of ${pgDb}`,
    'CPU ms/s': ((sum(seen) - pg0) / s).toFixed(1),
  });
console.log(
  `${machine()}; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; idle for ${s.toFixed(0)} s`,
);
console.table(perProcess);
if (counting) {
  const { calls, lines } = statementsOf(pgDb, { per: s, limit: 12, order: 'calls' });
  console.log(
    `statements a second: ${calls}; the most called (ms | calls | of it planning | statement, a second):\n${lines}`,
  );
}
