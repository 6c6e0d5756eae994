// Starts the gateway and the services' process (the six services together, decision 64) as
// child processes with one shared environment, prefixes their output, waits for health, and
// stops them in order on Ctrl+C: the gateway first (it stops accepting and drains in-flight
// requests while the services still answer), then the services, within their grace period.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './node24.mjs';

export const SERVICES = [
  ['admin', 7101],
  ['catalogue', 7102],
  ['bookings', 7103],
  ['money', 7104],
  ['comms', 7105],
  ['insights', 7106],
];

/**
 * V8's young generation capped at 8 MB a semi-space (decision 76). Left to itself on a machine with
 * plenty of memory, V8 lets it grow under load, and `npm start` peaked at 1.3–1.4 GB under the
 * read bench where the budget is 1.2 GB; with the cap 1.0–1.2 GB, for the same CPU a read.
 */
export const NODE_FLAGS = ['--max-semi-space-size=8'];

export function productEnv({ dataDir, keys, port, portBase = 0 }) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    AUTH_PUBLIC_KEY_FILE: keys.publicKeyFile,
    INTERNAL_SECRET: keys.internalSecret,
    STATIC_ROOT: root,
    GATEWAY_PORT: String(port),
    // where admin's relay posts session and principal changes for the gateway's cache
    GATEWAY_URL: `http://127.0.0.1:${port}`,
    // V8's code for the modules every start compiles again (node's compile cache, checked
    // against each file's content): a later start skips most of that work.
    NODE_COMPILE_CACHE:
      process.env.NODE_COMPILE_CACHE ?? path.join(root, 'node_modules', '.cache', 'node-compile'),
  };
  for (const [name, p] of SERVICES) {
    env[`${name.toUpperCase()}_URL`] = `http://127.0.0.1:${p + portBase}`;
  }
  return env;
}

/**
 * How long a stopped process may take before it is killed; only a hung process gets there. The
 * gateway and the services each cut lingering connections after 4 s themselves, so the two
 * groups together end within 10 s.
 */
export const STOP_GRACE_MS = 5_000;

/**
 * Sends SIGTERM and waits for the exit; SIGKILL only when `graceMs` passes (a hung process).
 * Resolves with how the process ended.
 */
export function stopChild(child, graceMs = STOP_GRACE_MS) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      return resolve({ code: child.exitCode, signal: child.signalCode, killed: false });
    }
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, graceMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, killed });
    });
    child.kill('SIGTERM');
  });
}

/**
 * Runs `main.ts` of each entry as a child. Children get their own process group (`detached`):
 * Ctrl+C in a terminal signals the whole foreground group at once, and the order of the stop
 * (gateway first) is then this launcher's to decide. They still end with it (see `stop`).
 */
export function startProcesses(entries, { env, log = console.log }) {
  const children = [];
  let stopping = false;
  const spawnOne = ({ label, cwd, env: extraEnv, script = 'src/main.ts' }) => {
    const child = spawn(process.execPath, [...NODE_FLAGS, script], {
      cwd: path.isAbsolute(cwd) ? cwd : path.join(root, cwd),
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.label = label;
    const prefix = `[${label}]`.padEnd(12);
    // The lines are only forwarded, with the prefix: one `log` call per chunk for all its whole
    // lines (the rest waits for the next chunk), not a split and a call per line, since under
    // load this process handled every log line of every process (issue 9).
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      let partial = '';
      stream.on('data', (d) => {
        const text = partial + d;
        const end = text.lastIndexOf('\n');
        if (end < 0) {
          partial = text;
          return;
        }
        partial = text.slice(end + 1);
        log(prefix + text.slice(0, end).replaceAll('\n', '\n' + prefix));
      });
    }
    child.on('exit', (code, signal) => {
      if (!stopping) log(`${prefix}exited (${signal ?? code})`);
    });
    children.push(child);
    return child;
  };
  for (const entry of entries) spawnOne(entry);

  // A launcher that dies unexpectedly must not leave its detached children behind.
  const killAll = () =>
    children.forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL'));
  process.once('exit', killAll);

  /** Stops the entries marked `first` (the gateway), then the rest together. */
  const stop = async () => {
    if (stopping) return [];
    stopping = true;
    const first = children.filter((c) => entries.find((e) => e.label === c.label)?.first);
    const rest = children.filter((c) => !first.includes(c));
    const results = [];
    for (const group of [first, rest]) {
      const ended = await Promise.all(group.map((c) => stopChild(c)));
      ended.forEach((r, i) => results.push({ label: group[i].label, ...r }));
    }
    process.off('exit', killAll);
    for (const r of results)
      if (r.killed) log(`[${r.label}] did not stop within ${STOP_GRACE_MS / 1000} s and was killed`);
    return results;
  };
  return { children, stop };
}

/**
 * The product: the gateway, and the six services in one process (`scripts/services.mjs`,
 * decision 64) on the ports `productEnv` gave their `<NAME>_URL`s. `adminEnv` is what only the
 * identity service reads (the signing key's file).
 */
export function startAll({ env, port, adminEnv = {}, log = console.log }) {
  return startProcesses(
    [
      { label: 'services', cwd: '.', script: 'scripts/services.mjs', env: adminEnv },
      { label: 'gateway', cwd: 'gateway', env: { PORT: String(port) }, first: true },
    ],
    { env, log },
  );
}

export async function waitForHealth(url, { timeoutMs = 120000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      const body = await res.json();
      if (body.status === 'ok') return body;
      last = JSON.stringify(body);
    } catch (err) {
      last = err.message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`product did not become healthy at ${url}: ${last}`);
}
