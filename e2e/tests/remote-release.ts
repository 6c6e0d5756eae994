// Helpers of remotes-deploy.spec.ts: the product under test serves the bundles of this checkout
// (scripts/e2e.mjs starts it with the repository as STATIC_ROOT), so a test deploys a remote the
// way an operator does — a release folder beside the others, then current.json — and puts the
// previous release back afterwards.
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

interface ReleaseInfo {
  name: string;
  version: string;
  builtAt: string;
  shared: Record<string, string>;
}

interface ReleaseTool {
  activate(dist: string, version: string): ReleaseInfo;
  publish(fromDist: string, toDist: string): ReleaseInfo;
  readCurrent(dist: string): ReleaseInfo | null;
}

export const releases = createRequire(import.meta.url)(
  path.join(ROOT, 'packages', 'mfe-webpack', 'release.cjs'),
) as ReleaseTool;

export const distOf = (remote: string) => path.join(ROOT, `mfe-${remote}`, 'dist');

/** Path, size and mtime of every file of the shell and of the remotes other than `except`. */
export function fingerprint(except: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const at = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(at);
      else {
        const s = statSync(at);
        out.push(`${path.relative(ROOT, at)} ${s.size} ${s.mtimeMs}`);
      }
    }
  };
  walk(path.join(ROOT, 'shell', 'dist'));
  for (const remote of ['admin', 'bookings', 'money', 'catalogue', 'comms'])
    if (remote !== except) walk(distOf(remote));
  return out.sort();
}

/**
 * Builds a copy of one remote with `change` applied to its sources, in a git-ignored folder of
 * this checkout (so it resolves the same node_modules and packages/ui), and returns the copy's
 * dist. Nothing under the remote's own folder is touched; the copy keeps its webpack cache for
 * the next run.
 */
export async function buildChangedCopy(remote: string, change: (src: string) => void): Promise<string> {
  const copy = path.join(ROOT, 'e2e', 'test-results', 'remote-rebuild', `mfe-${remote}`);
  mkdirSync(copy, { recursive: true });
  for (const part of ['src', 'dist', 'package.json', 'webpack.config.cjs'])
    rmSync(path.join(copy, part), { recursive: true, force: true });
  const source = path.join(ROOT, `mfe-${remote}`);
  cpSync(path.join(source, 'src'), path.join(copy, 'src'), { recursive: true });
  cpSync(path.join(source, 'package.json'), path.join(copy, 'package.json'));
  cpSync(path.join(source, 'webpack.config.cjs'), path.join(copy, 'webpack.config.cjs'));
  // A package npm installed for this remote alone (not hoisted: @hookform/resolvers) is found
  // through the remote's own node_modules, linked beside the copy.
  const ownModules = path.join(source, 'node_modules');
  const linked = path.join(copy, 'node_modules');
  if (existsSync(ownModules) && !lstatSync(linked, { throwIfNoEntry: false }))
    symlinkSync(ownModules, linked, 'dir');
  change(path.join(copy, 'src'));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      // The kit's CLI entry, as every frontend's build runs it (webpack-cli sits inside the kit).
      [path.join(ROOT, 'packages', 'mfe-webpack', 'bin', 'webpack.cjs'), '--mode', 'production'],
      { cwd: copy, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build of the copy failed:\n${output}`)),
    );
  });
  return path.join(copy, 'dist');
}

/** Edits one file of a copy, failing loudly when the text to change is no longer there. */
export function replaceIn(file: string, find: string, replacement: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(find)) throw new Error(`${file} no longer contains ${JSON.stringify(find)}`);
  writeFileSync(file, text.replace(find, replacement));
}

/**
 * A release of `remote` that declares other shared versions than the build it copies, as a
 * remote built against another UI kit would: same files, its own version folder.
 */
export function fakeRelease(remote: string, version: string, shared: Record<string, string>): ReleaseInfo {
  const dist = distOf(remote);
  const current = releases.readCurrent(dist);
  if (!current) throw new Error(`${dist} has no current release: build it first`);
  const target = path.join(dist, version);
  rmSync(target, { recursive: true, force: true });
  cpSync(path.join(dist, current.version), target, { recursive: true });
  const info = { ...current, version, shared: { ...current.shared, ...shared } };
  writeFileSync(path.join(target, 'release.json'), JSON.stringify(info, null, 2) + '\n');
  return releases.activate(dist, version);
}
