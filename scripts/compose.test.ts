// No Docker engine runs in CI, so the compose topology is checked by reading it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { SERVICES } from '@venue/contracts';

const root = path.resolve(import.meta.dirname, '..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    { image?: string; command?: string[]; environment?: Record<string, string>; ports?: string[] }
  >;
};

test('uses only the official postgres, nats and node:24 images', () => {
  for (const [name, svc] of Object.entries(compose.services)) {
    assert.match(svc.image ?? '', /^(postgres|nats|node):/, `${name} image`);
    if (svc.image?.startsWith('node:')) assert.equal(svc.image, 'node:24', `${name} runs Node 24`);
  }
});

test('runs every service of the route table on PostgreSQL and NATS, on its own port', () => {
  for (const def of SERVICES) {
    const svc = compose.services[def.name];
    assert.ok(svc, `${def.name} is in docker-compose.yml`);
    const entry = svc.command?.find((c) => c.endsWith('main.ts'));
    assert.ok(entry && existsSync(path.join(root, entry)), `${def.name} command points at an existing entry`);
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
