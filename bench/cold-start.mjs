// A fresh clone's first `npm start` (issue 27 item 6): clones this checkout's HEAD into a new
// folder, empties npm's cache for it (every package comes from the registry, as on a new
// machine), runs `npm start` there on its own port and data, and reports how long until the
// product answers (gateway health ok) and until it says it is running (the demo venues seeded),
// with the CPU that took (user + system of the whole tree, from /usr/bin/time) and the lines of
// its log that carry a stack trace. The clone and the cache are removed afterwards.
//   node bench/cold-start.mjs            PORT=8490 by default; KEEP=1 keeps the folder
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { machine } from './lib/run.mjs';

const repo = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8490);
const work = mkdtempSync(path.join(tmpdir(), 'venue-cold-'));
const clone = path.join(work, 'clone');
execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repo, clone]);
const head = execFileSync('git', ['-C', clone, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();

console.log(`# cold start of ${head}; ${machine()}`);
const started = Date.now();
const child = spawn('/usr/bin/time', ['-f', 'cpu %U user %S sys', 'npm', 'start'], {
  cwd: clone,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: path.join(work, 'data'),
    npm_config_cache: path.join(work, 'npm-cache'),
    // the machine's own node (npm start installs Node 24 and re-runs itself under it)
    PATH: process.env.PATH.split(':')
      .filter((p) => !p.includes('node_modules'))
      .join(':'),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  // its own process group: Ctrl+C's SIGINT goes to npm and the launcher (time ignores it)
  detached: true,
});
const stop = () => process.kill(-child.pid, 'SIGINT');
let log = '';
let healthyAt = null;
let runningAt = null;
const seconds = (at) => ((at - started) / 1000).toFixed(0);
const onData = (d) => {
  log += d;
  if (!runningAt && log.includes('VenueDesk is running')) {
    runningAt = Date.now();
    stop();
  }
};
child.stdout.on('data', onData);
child.stderr.on('data', onData);
const poll = setInterval(async () => {
  if (healthyAt) return;
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    if ((await res.json()).status === 'ok') healthyAt = Date.now();
  } catch {
    // not up yet
  }
}, 500);
const timeout = setTimeout(stop, 15 * 60_000);
await new Promise((resolve) => child.once('exit', resolve));
clearInterval(poll);
clearTimeout(timeout);

const stackLines = log.split('\n').filter((l) => /^\s*(\[\w+\]\s*)?\s+at .+\(.+:\d+:\d+\)$/.test(l));
console.log(`installed, built and serving (health ok): ${healthyAt ? `${seconds(healthyAt)} s` : 'never'}`);
console.log(
  `demo venues seeded ("VenueDesk is running"): ${runningAt ? `${seconds(runningAt)} s` : 'never'}`,
);
console.log(log.match(/cpu [\d.]+ user [\d.]+ sys/)?.[0] ?? 'cpu: not reported');
console.log(`stack-trace lines in the log: ${stackLines.length}`);
for (const line of stackLines.slice(0, 10)) console.log(`  ${line.trim()}`);
if (process.env.KEEP) console.log(`kept: ${work}`);
else rmSync(work, { recursive: true, force: true });
