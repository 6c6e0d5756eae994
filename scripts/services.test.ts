import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error plain JavaScript modules of the launcher
import { ensureKeys } from './lib/keys.mjs';
// @ts-expect-error plain JavaScript modules of the launcher
import { productEnv, SERVICES } from './lib/processes.mjs';

const NAMES = (SERVICES as [string, number][]).map(([name]) => name);

/**
 * A port below the kernel's ephemeral range (32768–60999 on Linux), free when asked. A port that
 * `listen(0)` handed out sits in that range, where any outgoing connection of the test processes
 * running beside this one may take it as its source port before the services bind it (an
 * EADDRINUSE start, one guess at CI's unexplained failure of this test); a port below it is
 * taken only by an explicit bind.
 */
let nextPort = 20_000 + Math.floor(Math.random() * 10_000);
async function freePort(): Promise<number> {
  for (;;) {
    const port = nextPort++;
    const server = createServer();
    const free = await new Promise<boolean>((ok) => {
      server.once('error', () => ok(false));
      server.listen(port, '127.0.0.1', () => ok(true));
    });
    if (free) {
      await new Promise<void>((ok) => server.close(() => ok()));
      return port;
    }
  }
}

/** `scripts/services.mjs` as `npm start` runs it, with its output kept for the assertions. */
function startHost(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'services.mjs')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d) => (text += d));
  child.stderr!.on('data', (d) => (text += d));
  return { child, output: () => text };
}

async function allHealthy(urls: string[], child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 180_000;
  for (const url of urls) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the services' process ended:\n${output()}`);
      const ok = await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`${url} never answered:\n${output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));

// `npm start` and the browser tests run on the embedded default here; on the PostgreSQL server the
// browser suite (CI's e2e pass) starts the same host.
describe(
  'the six services in one process (npm start, decision 64)',
  {
    skip: process.env.TEST_DATABASE_URL
      ? 'the embedded default (PGlite) host; the PostgreSQL server runs it in the browser tests'
      : false,
  },
  () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'services-host-'));
    after(() => rmSync(dataDir, { recursive: true, force: true }));

    // Two cold starts of six embedded databases, the first migrating them: on a loaded 2-core
    // machine (npm test beside the browser suite, 2026-11-30) the two took longer than the
    // suite's 120 s per test, so it has its own limit, past allHealthy's 180 s for each start.
    it(
      'serves every service on its own port, closes them together on SIGTERM, and keeps the data',
      { timeout: 420_000 },
      async () => {
        const keys = ensureKeys(dataDir);
        const gateway = await freePort();
        const env: NodeJS.ProcessEnv = { ...productEnv({ dataDir, keys, port: gateway }), LOG_LEVEL: 'info' };
        // As `npm start` has them: no database server, no bus, and the keys from the data folder,
        // not the inline test keys another test of this process may have set.
        for (const name of ['PORT', 'DATABASE_URL', 'NATS_URL', 'AUTH_PUBLIC_KEY', 'AUTH_PRIVATE_KEY'])
          delete env[name];
        const urls: string[] = [];
        for (const name of NAMES) {
          const url = `http://127.0.0.1:${await freePort()}`;
          env[`${name.toUpperCase()}_URL`] = url;
          urls.push(url);
        }

        const first = startHost(env);
        await allHealthy(urls, first.child, first.output);
        assert.match(first.output(), /migrations applied/, 'a new data folder is migrated');
        first.child.kill('SIGTERM');
        assert.equal(await exited(first.child), 0, `closed cleanly:\n${first.output().slice(-2000)}`);
        for (const name of NAMES)
          assert.match(
            first.output(),
            new RegExp(`"service":"${name}"[^\\n]*"msg":"listening"`),
            `${name} listened`,
          );

        // A second start opens the same six databases as they were left: nothing to migrate again.
        const second = startHost(env);
        await allHealthy(urls, second.child, second.output);
        assert.doesNotMatch(second.output(), /migrations applied/);
        second.child.kill('SIGINT');
        assert.equal(await exited(second.child), 0, second.output().slice(-2000));
      },
    );
  },
);
