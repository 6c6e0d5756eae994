// Builds the shell, the five remotes and the customers' light app (portal/, decision 56),
// skipping any whose inputs are unchanged since its last build (a content hash of its sources
// and of the shared packages it bundles).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './node24.mjs';

export const FRONTENDS = [
  'shell',
  'mfe-admin',
  'mfe-bookings',
  'mfe-money',
  'mfe-catalogue',
  'mfe-comms',
  'portal',
];
/** Apps built straight into `dist/` (the shell with the gateway, the portal on its own), not as releases. */
const UNRELEASED = new Set(['shell', 'portal']);
const SHARED_INPUTS = ['packages/ui', 'packages/contracts', 'packages/mfe-webpack', 'package-lock.json'];

/** Files that never reach a bundle: editing them must not rebuild every frontend. */
const NOT_BUNDLED = /(\.(test|spec)\.[cm]?[jt]sx?|\.md)$/;

function hashTree(hash, target) {
  const abs = path.join(root, target);
  if (!existsSync(abs)) return;
  const st = statSync(abs);
  if (st.isFile()) {
    if (NOT_BUNDLED.test(target)) return;
    hash.update(target).update(readFileSync(abs));
    return;
  }
  for (const entry of readdirSync(abs).sort()) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    hashTree(hash, path.join(target, entry));
  }
}

export function inputHash(app) {
  const hash = createHash('sha256');
  for (const t of [app, ...SHARED_INPUTS]) hashTree(hash, t);
  return hash.digest('hex');
}

const stampFile = (app) => path.join(root, app, 'dist', '.build-stamp');

/**
 * Up to date: built from these inputs, and (a remote) with a current release. A remote's build
 * writes `dist/<version>/` and `dist/current.json` (decision 41); the stamp stays beside them,
 * so the skip works as before, and a rebuild from the same inputs gets the same version.
 */
export function isUpToDate(app) {
  const stamp = stampFile(app);
  const released = UNRELEASED.has(app) || existsSync(path.join(root, app, 'dist', 'current.json'));
  return released && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputHash(app);
}

function run(cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} in ${cwd} failed:\n${out}`)),
    );
  });
}

/** One build at a time per checkout: two launchers must never write the same dist folder. */
async function withBuildLock(fn) {
  const lock = path.join(root, 'node_modules', '.cache', 'frontends.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than the longest build is left over from a killed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 10 * 60_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds what is stale, two at a time (the machines have two cores). */
export function buildFrontends(options = {}) {
  return withBuildLock(() => buildStale(options));
}

async function buildStale({ force = false, log = console.log } = {}) {
  const stale = FRONTENDS.filter((app) => force || !isUpToDate(app));
  if (stale.length === 0) {
    log('[build] frontends up to date');
    return;
  }
  // The kit's own CLI entry finds webpack-cli wherever npm put it (packages/mfe-webpack/bin).
  const webpackCli = path.join(root, 'packages', 'mfe-webpack', 'bin', 'webpack.cjs');
  const queue = [...stale];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const started = Date.now();
      const hash = inputHash(app);
      await run(process.execPath, [webpackCli, '--mode', 'production'], path.join(root, app));
      writeFileSync(stampFile(app), hash);
      log(`[build] ${app} built in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    }
  };
  await Promise.all([worker(), worker()]);
}
