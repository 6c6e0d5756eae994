// Starts the six services and the gateway as child processes with one shared environment,
// prefixes their output, waits for health, and stops them all on Ctrl+C.
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

export function productEnv({ dataDir, keys, port, portBase = 0 }) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    AUTH_PUBLIC_KEY_FILE: keys.publicKeyFile,
    INTERNAL_SECRET: keys.internalSecret,
    STATIC_ROOT: root,
    GATEWAY_PORT: String(port),
  };
  for (const [name, p] of SERVICES) {
    env[`${name.toUpperCase()}_URL`] = `http://127.0.0.1:${p + portBase}`;
  }
  return env;
}

export function startAll({ env, port, adminEnv = {}, portBase = 0, log = console.log }) {
  const children = [];
  const spawnOne = (label, cwd, extraEnv) => {
    const child = spawn(process.execPath, ['src/main.ts'], {
      cwd: path.join(root, cwd),
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `[${label}]`.padEnd(12);
    for (const stream of [child.stdout, child.stderr]) {
      let buf = '';
      stream.on('data', (d) => {
        buf += d;
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          log(prefix + buf.slice(0, i));
          buf = buf.slice(i + 1);
        }
      });
    }
    child.on('exit', (code, signal) => {
      if (!stopping) log(`${prefix}exited (${signal ?? code})`);
    });
    children.push(child);
    return child;
  };
  let stopping = false;
  for (const [name, p] of SERVICES) {
    spawnOne(name, `services/${name}`, {
      PORT: String(p + portBase),
      ...(name === 'admin' ? adminEnv : {}),
    });
  }
  spawnOne('gateway', 'gateway', { PORT: String(port) });

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      children.map(
        (c) =>
          new Promise((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            const timer = setTimeout(() => c.kill('SIGKILL'), 8000);
            c.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            c.kill('SIGTERM');
          }),
      ),
    );
  };
  return { children, stop };
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
