'use strict';
/**
 * Versioned releases of a remote (issue 15 item 1, decision 41). A production build of a remote
 * writes its files into `dist/<version>/`, where the version is the package version plus a hash
 * of the built files, and then points `dist/current.json` at it. The gateway serves every
 * version folder and lists the current ones at `/mfe/remotes.json`; the shell reads that list
 * on each page load. Old folders stay for a while because a page opened before the switch still
 * loads its lazy chunks from the version it started with.
 *
 *   node packages/mfe-webpack/release.cjs publish <built dist> <served dist>   # deploy a build
 *   node packages/mfe-webpack/release.cjs rollback <served dist> [version]     # back to a kept one
 *   node packages/mfe-webpack/release.cjs current <served dist>                # print current.json
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/** How many versions a dist folder keeps: the current one and the two before it. */
const KEEP = 3;
const CURRENT = 'current.json';
const RELEASE = 'release.json';
/**
 * `<semver>-<10 hex>`: also what the gateway accepts in a URL, so it can never name a dotfile
 * or a path outside the folder.
 */
const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?-[0-9a-f]{10}$/;

function filesUnder(dir, prefix = '') {
  const out = [];
  for (const entry of fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesUnder(path.join(dir, entry.name), rel));
    else out.push(rel);
  }
  return out;
}

/** The hash of a built folder: every file's path and content, so an identical build gets the same version. */
function contentHash(dir) {
  const hash = createHash('sha256');
  for (const rel of filesUnder(dir)) {
    if (rel === RELEASE) continue;
    hash
      .update(rel)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, rel)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

/** Writes a file so that a reader sees the old or the new content, never half of one. */
function writeAtomically(file, text) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function readCurrent(dist) {
  const current = readJson(path.join(dist, CURRENT));
  return current && typeof current.version === 'string' && VERSION_PATTERN.test(current.version)
    ? current
    : null;
}

/** Makes `version` (a folder in dist holding its release.json) the one the gateway lists. */
function activate(dist, version) {
  if (!VERSION_PATTERN.test(version)) throw new Error(`not a release version: ${version}`);
  const release = readJson(path.join(dist, version, RELEASE));
  if (!release || release.version !== version)
    throw new Error(`${path.join(dist, version)} is not a complete release (no ${RELEASE})`);
  writeAtomically(path.join(dist, CURRENT), JSON.stringify(release, null, 2) + '\n');
  return release;
}

/** Version folders in dist, newest first (by the build time each release records). */
function versions(dist) {
  if (!fs.existsSync(dist)) return [];
  return fs
    .readdirSync(dist, { withFileTypes: true })
    .filter((e) => e.isDirectory() && VERSION_PATTERN.test(e.name))
    .map((e) => ({ version: e.name, builtAt: readJson(path.join(dist, e.name, RELEASE))?.builtAt ?? '' }))
    .sort((a, b) => (a.builtAt < b.builtAt ? 1 : a.builtAt > b.builtAt ? -1 : 0))
    .map((v) => v.version);
}

/**
 * Keeps the current version, `alsoKeep` (the one it replaced: pages opened before the switch
 * still load from it, even when it was an older release rolled back to) and the newest others
 * up to KEEP; removes older versions, staging
 * folders of builds that died more than an hour ago and the files of the unversioned layout
 * (before decision 41). The build stamp (`.build-stamp`) stays.
 */
function prune(dist, keep = KEEP, alsoKeep = []) {
  const current = readCurrent(dist)?.version;
  const kept = new Set([...(current ? [current] : []), ...alsoKeep.filter(Boolean)]);
  for (const v of versions(dist)) if (kept.size < keep) kept.add(v);
  for (const entry of fs.readdirSync(dist, { withFileTypes: true })) {
    const at = path.join(dist, entry.name);
    if (entry.name === CURRENT || entry.name === '.build-stamp' || kept.has(entry.name)) continue;
    if (entry.name.startsWith('.')) {
      const stale = Date.now() - fs.statSync(at).mtimeMs > 60 * 60_000;
      if (entry.name.startsWith('.staging-') && stale) fs.rmSync(at, { recursive: true, force: true });
      continue;
    }
    if (entry.name.endsWith('.tmp')) continue;
    fs.rmSync(at, { recursive: true, force: true });
  }
}

/**
 * Turns a finished build in `staging` (a folder inside dist) into a release: names it by its
 * content, records release.json, activates it and prunes. An identical earlier build keeps its
 * folder (its files may be cached by browsers already).
 */
function release(staging, { name, packageVersion, shared }) {
  const dist = path.dirname(staging);
  const version = `${packageVersion}-${contentHash(staging)}`;
  const target = path.join(dist, version);
  const info = { name, version, builtAt: new Date().toISOString(), shared };
  const previous = readCurrent(dist)?.version;
  if (fs.existsSync(path.join(target, RELEASE))) {
    fs.rmSync(staging, { recursive: true, force: true });
  } else {
    fs.rmSync(target, { recursive: true, force: true });
    fs.writeFileSync(path.join(staging, RELEASE), JSON.stringify(info, null, 2) + '\n');
    fs.renameSync(staging, target);
  }
  activate(dist, version);
  prune(dist, KEEP, [previous]);
  return readCurrent(dist);
}

/**
 * Deploys a built dist (from another checkout, a CI artefact or an image) into the dist folder
 * the gateway serves: copies its current version folder in beside the others, then switches
 * current.json. A page already open keeps working on the version it loaded.
 */
function publish(fromDist, toDist) {
  const current = readCurrent(fromDist);
  if (!current) throw new Error(`${fromDist} has no ${CURRENT}: build the remote first`);
  fs.mkdirSync(toDist, { recursive: true });
  const target = path.join(toDist, current.version);
  if (!fs.existsSync(path.join(target, RELEASE))) {
    const staging = path.join(toDist, `.staging-${process.pid}-${Date.now()}`);
    fs.cpSync(path.join(fromDist, current.version), staging, { recursive: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  }
  const previous = readCurrent(toDist)?.version;
  activate(toDist, current.version);
  prune(toDist, KEEP, [previous]);
  return current;
}

/** Goes back to `version`, or to the newest kept version older than the current one. */
function rollback(dist, version) {
  const all = versions(dist);
  const current = readCurrent(dist)?.version;
  const to = version ?? all[all.indexOf(current) + 1];
  if (!to || !all.includes(to)) throw new Error(`no kept version to roll back to in ${dist}`);
  return activate(dist, to);
}

module.exports = {
  KEEP,
  VERSION_PATTERN,
  activate,
  contentHash,
  prune,
  publish,
  readCurrent,
  release,
  rollback,
  versions,
};

if (require.main === module) {
  const [command, a, b] = process.argv.slice(2);
  const abs = (p) => path.resolve(p);
  try {
    if (command === 'publish' && a && b) console.log(JSON.stringify(publish(abs(a), abs(b))));
    else if (command === 'rollback' && a) console.log(JSON.stringify(rollback(abs(a), b)));
    else if (command === 'current' && a) console.log(JSON.stringify(readCurrent(abs(a))));
    else {
      console.error(
        'usage: release.cjs publish <built dist> <served dist> | rollback <dist> [version] | current <dist>',
      );
      process.exit(2);
    }
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
