// Processor time of the processes behind a benchmark, from /proc (Linux): what a request costs
// whatever else the machine is doing, where latency and throughput move with everyone's load.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Pids listening on `port` (ss -ltnp). */
export function listening(port) {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  return [...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1]));
}
/** Pids of PostgreSQL backends serving `db` (their process title names it). */
export function backends(db) {
  const pids = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres:') && cmd.includes(` ${db} `)) pids.push(Number(d));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}
/** utime + stime of each pid, in ms. */
export function cpuMs(pids) {
  const ticks = 1000 / 100; // USER_HZ is 100 on Linux
  const out = new Map();
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) * ticks);
    } catch {
      // ended meanwhile
    }
  }
  return out;
}
