// Resident memory of the product's processes (issue 27 item 3): every process listening on
// PORTS (default product.mjs's gateway 8290 and services 7601–7606; `npm start`'s are
// 8080,7101-7106) and, with BENCH_PG_DB, the PostgreSQL backends serving that database, sampled
// every half second for DURATION seconds (default 10). Idle unless something else loads the
// product meanwhile, e.g. `node bench/reads.mjs` in another terminal.
//
// Reported per process and in all: RSS (what `ps` shows; pages shared between processes, such as
// the node binary every service maps, counted in each) and PSS (shared pages divided among those
// that share them: the sum is what the product costs the machine), the mean and the highest
// sample of each.
//   BASE_URL=… node bench/memory.mjs            PORTS=8080,7101,7102,7103,7104,7105,7106 for npm start
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { backends, listening } from './lib/cpu.mjs';
import { machine } from './lib/run.mjs';

const DURATION = Number(process.env.DURATION ?? 10);
const ports = (process.env.PORTS ?? '8290,7601,7602,7603,7604,7605,7606').split(',').map(Number);
const pgDb = process.env.BENCH_PG_DB;

/** RSS and PSS in MB of one process, from smaps_rollup; null when it has ended. */
function resident(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (name) => Number(text.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
    return { rss: kb('Rss') / 1024, pss: kb('Pss') / 1024 };
  } catch {
    return null;
  }
}

// A process listening on several ports (the six services share one, decision 64) is one row,
// labelled with all of them.
const byPid = new Map();
for (const p of ports) for (const pid of listening(p)) byPid.set(pid, [...(byPid.get(pid) ?? []), `:${p}`]);
const procs = [...byPid].map(([pid, labels]) => ({ label: labels.join(' '), pid }));
// The launcher that started them (npm start's, or bench/product.mjs) is part of the product too.
const parentOf = (pid) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
const launchers = new Set(procs.map(({ pid }) => parentOf(pid)).filter((pid) => pid > 1 && !byPid.has(pid)));
for (const pid of launchers) procs.push({ label: 'launcher', pid });
if (!procs.length) throw new Error(`nothing listens on ${ports.join(', ')}: start the product first`);
const samples = new Map();
const record = (label, r) => {
  const s = samples.get(label) ?? { rss: [], pss: [] };
  s.rss.push(r.rss);
  s.pss.push(r.pss);
  samples.set(label, s);
};
const t0 = Date.now();
while (Date.now() - t0 < DURATION * 1000) {
  const total = { rss: 0, pss: 0 };
  for (const { label, pid } of procs) {
    const r = resident(pid);
    if (!r) continue;
    record(label, r);
    total.rss += r.rss;
    total.pss += r.pss;
  }
  if (pgDb) {
    const pg = { rss: 0, pss: 0 };
    for (const pid of backends(pgDb)) {
      const r = resident(pid);
      if (!r) continue;
      pg.rss += r.rss;
      pg.pss += r.pss;
    }
    record('postgres backends', pg);
    total.rss += pg.rss;
    total.pss += pg.pss;
  }
  record('all', total);
  await sleep(500);
}

const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
console.log(`${machine()}; ${DURATION} s, ${samples.get('all').rss.length} samples`);
console.table(
  [...samples].map(([label, s]) => ({
    process: label,
    'RSS MB mean': Math.round(mean(s.rss)),
    'RSS MB max': Math.round(Math.max(...s.rss)),
    'PSS MB mean': Math.round(mean(s.pss)),
    'PSS MB max': Math.round(Math.max(...s.pss)),
  })),
);
