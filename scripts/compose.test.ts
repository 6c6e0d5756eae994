// No Docker engine runs in CI, so the compose topology is checked by reading it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parse } from 'yaml';
import { SERVICES } from '@venue/contracts';

const root = path.resolve(import.meta.dirname, '..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      image?: string;
      build?: { context: string; dockerfile: string };
      command?: string[];
      environment?: Record<string, string>;
      ports?: string[];
      volumes?: string[];
    }
  >;
};

const REMOTES = ['mfe-admin', 'mfe-bookings', 'mfe-money', 'mfe-catalogue', 'mfe-comms'];

test('runs our images (built from their Dockerfiles) with the official postgres and nats, and no source mount', () => {
  for (const [name, svc] of Object.entries(compose.services)) {
    if (name === 'postgres' || name === 'nats') {
      assert.match(svc.image ?? '', new RegExp(`^${name}:`), `${name} image`);
      continue;
    }
    assert.match(svc.image ?? '', /^venuedesk\//, `${name} runs one of our images`);
    const dockerfile = svc.build?.dockerfile ?? '';
    assert.ok(existsSync(path.join(root, dockerfile)), `${name} builds from ${dockerfile}`);
    assert.equal(svc.build?.context, '.', `${name} builds from the repository (one lock file)`);
    for (const v of svc.volumes ?? []) {
      assert.doesNotMatch(v, /^\.\.?(\/|:)/, `${name} mounts no source folder (${v})`);
    }
  }
});

test('every Dockerfile is what scripts/dockerfiles.mjs writes: node:24-slim, multi-stage, non-root', () => {
  const check = spawnSync(process.execPath, [path.join(root, 'scripts/dockerfiles.mjs'), '--check'], {
    encoding: 'utf8',
  });
  assert.equal(check.status, 0, check.stderr);
  for (const file of [
    ...SERVICES.map((s) => `services/${s.name}/Dockerfile`),
    'gateway/Dockerfile',
    ...REMOTES.map((r) => `${r}/Dockerfile`),
  ]) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const froms = text.match(/^FROM .*/gm) ?? [];
    assert.ok(froms.length >= 2, `${file} is multi-stage`);
    assert.ok(
      froms.every((f) => f.startsWith('FROM node:24-slim')),
      `${file} builds on node:24-slim: ${froms.join(', ')}`,
    );
    const lastStage = text.slice(text.lastIndexOf('\nFROM '));
    assert.match(lastStage, /^USER node$/m, `${file} runs as the node user`);
    assert.doesNotMatch(
      lastStage,
      /npm ci(?! --omit=dev)/,
      `${file}'s final stage installs no dev dependencies`,
    );
  }
});

test('runs every service of the route table on PostgreSQL and NATS, on its own port', () => {
  for (const def of SERVICES) {
    const svc = compose.services[def.name];
    assert.ok(svc, `${def.name} is in docker-compose.yml`);
    const dockerfile = readFileSync(path.join(root, svc.build?.dockerfile ?? ''), 'utf8');
    const entry = /^CMD \["node", "([^"]+)"\]/m.exec(dockerfile)?.[1];
    assert.ok(entry && existsSync(path.join(root, entry)), `${def.name} image starts an existing entry`);
    assert.match(
      svc.environment?.DATABASE_URL ?? '',
      /^postgres:\/\/venue_app:/,
      `${def.name} uses the application role`,
    );
    assert.equal(svc.environment?.NATS_URL, 'nats://nats:4222');
    assert.equal(svc.environment?.PORT, String(def.defaultPort));
    for (const other of SERVICES) {
      assert.equal(
        svc.environment?.[`${other.name.toUpperCase()}_URL`],
        `http://${other.name}:${other.defaultPort}`,
      );
    }
  }
});

test('each remote deploys alone into the volume the gateway serves', () => {
  for (const r of REMOTES) {
    const svc = compose.services[r];
    assert.ok(svc, `${r} is in docker-compose.yml`);
    assert.ok(svc.volumes?.includes('static:/static'), `${r} writes into the static volume`);
  }
  const gateway = compose.services.gateway;
  assert.ok(gateway?.volumes?.includes('static:/static'));
  assert.equal(gateway?.environment?.STATIC_ROOT, '/static');
});

test('the gateway is the one published port', () => {
  const published = Object.entries(compose.services).filter(([, s]) => s.ports?.length);
  assert.deepEqual(
    published.map(([n]) => n),
    ['gateway'],
  );
  assert.deepEqual(compose.services.gateway?.ports, ['8080:8080']);
});

test('the application role cannot bypass row-level security', () => {
  const init = readFileSync(path.join(root, 'docs/compose/init-db.sql'), 'utf8');
  assert.match(init, /CREATE ROLE venue_app[^;]*NOSUPERUSER[^;]*NOBYPASSRLS/);
});
