import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import release from '../release.cjs';

/** A finished webpack build in a staging folder of `dist`. */
function build(dist: string, files: Record<string, string>): string {
  const staging = join(dist, `.staging-${Math.random().toString(36).slice(2)}`);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(staging, name, '..'), { recursive: true });
    writeFileSync(join(staging, name), content);
  }
  return staging;
}

const current = (dist: string) => JSON.parse(readFileSync(join(dist, 'current.json'), 'utf8'));
const options = { name: 'catalogue', packageVersion: '0.1.0', shared: { '@venue/ui': '^1.0.0' } };

describe('versioned releases of a remote (decision 41)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mfe-release-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('names a build by its content, points current.json at it and reuses an identical one', () => {
    const dist = join(dir, 'a', 'dist');
    // the unversioned layout of before, and a build stamp that must survive
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'mf-manifest.json'), '{}');
    writeFileSync(join(dist, 'main.0123abcd.js'), 'old');
    writeFileSync(join(dist, '.build-stamp'), 'hash');

    const first = release.release(
      build(dist, { 'mf-manifest.json': '{"v":1}', 'remoteEntry.js': 'one' }),
      options,
    );
    assert.match(first.version, /^0\.1\.0-[0-9a-f]{10}$/);
    assert.deepEqual(current(dist).shared, { '@venue/ui': '^1.0.0' });
    assert.equal(readFileSync(join(dist, first.version, 'remoteEntry.js'), 'utf8'), 'one');
    assert.deepEqual(readdirSync(dist).sort(), ['.build-stamp', 'current.json', first.version].sort());

    const again = release.release(
      build(dist, { 'mf-manifest.json': '{"v":1}', 'remoteEntry.js': 'one' }),
      options,
    );
    assert.equal(again.version, first.version);
    assert.deepEqual(readdirSync(dist).sort(), ['.build-stamp', 'current.json', first.version].sort());
  });

  it('keeps the current release and the two before it, and rolls back to a kept one', () => {
    const dist = join(dir, 'b', 'dist');
    mkdirSync(dist, { recursive: true });
    const made: string[] = [];
    for (let i = 1; i <= 5; i++) {
      made.push(release.release(build(dist, { 'mf-manifest.json': `{"v":${i}}` }), options).version);
      // builds one after another in the same millisecond must still order
      const info = join(dist, made.at(-1)!, 'release.json');
      const data = JSON.parse(readFileSync(info, 'utf8'));
      data.builtAt = new Date(Date.UTC(2026, 0, i)).toISOString();
      writeFileSync(info, JSON.stringify(data));
    }
    release.prune(dist);
    assert.deepEqual(release.versions(dist), [made[4], made[3], made[2]]);
    assert.equal(release.rollback(dist).version, made[3]);
    assert.equal(current(dist).version, made[3]);
    assert.equal(release.rollback(dist, made[4]).version, made[4]);
    assert.throws(() => release.rollback(dist, made[0]), /no kept version/);
  });

  it('never removes the release it replaces, even an older one rolled back to', () => {
    const dist = join(dir, 'e', 'dist');
    mkdirSync(dist, { recursive: true });
    const made: string[] = [];
    for (let i = 1; i <= 3; i++) {
      made.push(release.release(build(dist, { 'mf-manifest.json': `{"v":${i}}` }), options).version);
      const info = join(dist, made.at(-1)!, 'release.json');
      const data = JSON.parse(readFileSync(info, 'utf8'));
      data.builtAt = new Date(Date.UTC(2026, 0, i)).toISOString();
      writeFileSync(info, JSON.stringify(data));
    }
    release.activate(dist, made[0]!); // pages now run the oldest
    const next = release.release(build(dist, { 'mf-manifest.json': '{"v":4}' }), options).version;
    assert.equal(current(dist).version, next);
    assert.ok(existsSync(join(dist, made[0]!, 'mf-manifest.json')), 'the replaced release stays');
  });

  it('publishes a build from elsewhere beside the served versions', () => {
    const built = join(dir, 'c', 'built', 'dist');
    const served = join(dir, 'c', 'served', 'dist');
    mkdirSync(built, { recursive: true });
    const old = release.release(build(served, { 'mf-manifest.json': '{"old":true}' }), options);
    const fresh = release.release(build(built, { 'mf-manifest.json': '{"new":true}' }), options);
    release.publish(built, served);
    assert.equal(current(served).version, fresh.version);
    assert.ok(
      existsSync(join(served, old.version, 'mf-manifest.json')),
      'the old release stays for open pages',
    );
    assert.throws(() => release.publish(join(dir, 'nothing'), served), /no current.json/);
  });

  it('removes a staging folder left by a build that died long ago, not one in progress', () => {
    const dist = join(dir, 'd', 'dist');
    const dead = build(dist, { 'remoteEntry.js': 'half' });
    const live = build(dist, { 'remoteEntry.js': 'half' });
    const hourAgo = (Date.now() - 2 * 60 * 60_000) / 1000;
    utimesSync(dead, hourAgo, hourAgo);
    release.prune(dist);
    assert.equal(existsSync(dead), false);
    assert.equal(existsSync(live), true);
  });
});
