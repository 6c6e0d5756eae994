// The cost of the auth path: an authenticated read through the gateway, the same read sent to
// the service directly (it then verifies the token and looks the principal up itself), and a
// bare Koa hello, all in one run. Targets: gateway ≥ 10 % of bare Koa; gateway ÷ direct ≥ 0.85.
// Needs a running product (`npm start`, or DATABASE_URL=… npm start for PostgreSQL).
//
// The ratio moves with whatever else the machine is doing; CPU time per request does not. On
// Linux, PRODUCT_PID=<pid of bench/product.mjs or npm start> adds the CPU milliseconds per
// request of the launcher, each of its processes (named by folder) and, with BENCH_PG_DB, the
// PostgreSQL backends of that database, plus the load generator and the load average.
import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { base, baseline, duration, load, report, signIn } from './lib/run.mjs';

const readPath = process.env.READ_PATH ?? '/api/users/profile';
const direct = process.env.ADMIN_URL ?? 'http://127.0.0.1:7101';
const connections = Number(process.env.CONNECTIONS ?? 16);
const productPid = process.env.PRODUCT_PID ? Number(process.env.PRODUCT_PID) : null;
const pgDb = process.env.BENCH_PG_DB;

/** user + system CPU ms of a process so far (0 once it is gone). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

function pgrep(args) {
  try {
    return execFileSync('pgrep', args, { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // none found
  }
}

/** Process groups to account: launcher, its children by folder, PostgreSQL backends. */
function processes() {
  const groups = { launcher: [productPid] };
  for (const pid of pgrep(['-P', String(productPid)])) {
    try {
      groups[path.basename(readlinkSync(`/proc/${pid}/cwd`))] = [pid];
    } catch {
      // gone meanwhile
    }
  }
  if (pgDb) groups.postgres = pgrep(['-f', `postgres: .* ${pgDb} `]);
  return groups;
}

function snapshot(groups) {
  const own = process.cpuUsage();
  const at = { 'load generator': (own.user + own.system) / 1000 };
  for (const [name, pids] of Object.entries(groups)) at[name] = pids.reduce((sum, p) => sum + cpuMs(p), 0);
  return at;
}

/** Runs `load` and, with PRODUCT_PID, reports CPU ms per request of each process. */
async function measured(url, opts) {
  if (!productPid) return load(url, opts);
  const groups = processes();
  const before = snapshot(groups);
  const result = await load(url, opts);
  // postgres backends that began during the run count from zero
  const after = snapshot({ ...groups, ...processes() });
  const requests = result.rps * duration;
  const perRequest = {};
  for (const [name, ms] of Object.entries(after)) {
    const used = ms - (before[name] ?? 0);
    if (used >= 20) perRequest[name] = +(used / requests).toFixed(3);
  }
  result.cpu = perRequest;
  return result;
}

const token = await signIn();
const headers = { authorization: `Bearer ${token}` };

const viaGateway = await measured(base + readPath, {
  connections,
  headers,
  title: `${readPath} through the gateway`,
});
const toService = await measured(direct + readPath, {
  connections,
  headers,
  title: `${readPath} to admin directly`,
});
const bare = await baseline(connections);
report([viaGateway, toService], bare, `${connections} connections`);
console.log(`gateway ÷ direct: ${(viaGateway.rps / toService.rps).toFixed(2)} (target ≥ 0.85)`);
console.log(`gateway ÷ bare Koa: ${((100 * viaGateway.rps) / bare.rps).toFixed(1)} % (target ≥ 10 %)`);
if (productPid) {
  for (const r of [viaGateway, toService]) console.log(`CPU ms per request, ${r.title}:`, r.cpu);
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}
process.exitCode = viaGateway.failed + toService.failed > 0 ? 1 : 0;
