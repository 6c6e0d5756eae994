import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error plain JavaScript module of the launcher
import { startProcesses } from './processes.mjs';

const fixtures = path.join(import.meta.dirname, 'fixtures');

interface Child {
  label: string;
}
interface Stopped {
  label: string;
  killed: boolean;
}

function events(file: string): { label: string; what: string; at: number }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => {
      const [label, what, at] = l.split(' ');
      return { label: label!, what: what!, at: Number(at) };
    });
}

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('npm start stops in order', () => {
  it('stops the gateway first, answering its request in flight, then the services, without SIGKILL', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'stop-')), 'events');
    const base = 17_900 + Math.floor(Math.random() * 80);
    const entry = (label: string, port: number, extra: Record<string, string> = {}) => ({
      label,
      cwd: fixtures,
      script: 'stoppable.mjs',
      env: { LABEL: label, EVENTS_FILE: file, PORT: String(port), ...extra },
    });
    const product = startProcesses(
      [
        entry('admin', base + 1, { STOP_DELAY_MS: '100' }),
        entry('bookings', base + 2, { STOP_DELAY_MS: '100' }),
        { ...entry('gateway', base, { STOP_DELAY_MS: '200' }), first: true },
      ],
      { env: process.env, log: () => {} },
    ) as { children: Child[]; stop: () => Promise<Stopped[]> };
    await until(() => events(file).filter((e) => e.what === 'ready').length === 3);

    const inFlight = fetch(`http://127.0.0.1:${base}/?ms=500`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const results = await product.stop();
    const took = Date.now() - started;

    assert.equal(await inFlight, 'gateway', 'the request in flight was answered');
    assert.deepEqual(
      results.map((r) => [r.label, r.killed]),
      [
        ['gateway', false],
        ['admin', false],
        ['bookings', false],
      ],
    );
    const log = events(file);
    const gatewayExit = log.find((e) => e.label === 'gateway' && e.what === 'exit')!.at;
    for (const svc of ['admin', 'bookings']) {
      const term = log.find((e) => e.label === svc && e.what === 'term')!.at;
      assert.ok(term >= gatewayExit, `${svc} is told to stop only after the gateway has exited`);
    }
    assert.ok(took < 10_000, `stopped in ${took} ms`);
  });

  it('kills only a process that hangs past its grace period', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'stop-')), 'events');
    const port = 17_990 + Math.floor(Math.random() * 9);
    const product = startProcesses(
      [
        {
          label: 'hung',
          cwd: fixtures,
          script: 'stoppable.mjs',
          env: { LABEL: 'hung', EVENTS_FILE: file, PORT: String(port), IGNORE_TERM: '1' },
        },
      ],
      { env: process.env, log: () => {} },
    ) as { stop: () => Promise<Stopped[]> };
    await until(() => events(file).some((e) => e.what === 'ready'));
    const [result] = await product.stop();
    assert.equal(result!.killed, true);
  });
});
