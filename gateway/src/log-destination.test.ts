import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { batchedLines } from './log-destination.ts';

function recording() {
  const writes: string[] = [];
  return { writes, sink: { write: (chunk: string) => writes.push(chunk) } };
}

describe('batched log lines', () => {
  it('writes the lines of a burst once, in order, within the delay', async () => {
    const { writes, sink } = recording();
    const logger = pino({ base: null, timestamp: false }, batchedLines(sink, { maxDelayMs: 20 }));
    for (let i = 0; i < 100; i++) logger.info({ i }, 'request');
    assert.equal(writes.length, 0, 'nothing written while the burst is on');
    await sleep(60);
    assert.equal(writes.length, 1);
    const lines = writes[0]!
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i: number });
    assert.deepEqual(
      lines.map((l) => l.i),
      Array.from({ length: 100 }, (_, i) => i),
    );
  });

  it('does not hold more than maxPending characters back', () => {
    const { writes, sink } = recording();
    const lines = batchedLines(sink, { maxDelayMs: 60_000, maxPending: 100 });
    for (let i = 0; i < 10; i++) lines.write(`${'x'.repeat(29)}\n`);
    assert.equal(writes.length, 2, 'written at 120 and 240 characters');
    assert.equal(writes.join('').length, 240);
  });

  it('writes what is pending when the process exits, fatal error included', () => {
    const program = `
      import { pino } from 'pino';
      import { batchedLines } from './src/log-destination.ts';
      const logger = pino({ base: null }, batchedLines());
      logger.info('served');
      setTimeout(() => { logger.fatal('about to fail'); throw new Error('boom'); }, 5);
    `;
    let out = '';
    try {
      execFileSync(process.execPath, ['--input-type=module', '-e', program], {
        cwd: new URL('..', import.meta.url),
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (err) {
      out = String((err as { stdout: Buffer }).stdout);
    }
    const msgs = out
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
    assert.deepEqual(msgs, ['served', 'about to fail']);
  });
  it('keeps serving while the reader of its stdout has stopped reading, and loses no line', async () => {
    // 4 MB of lines, far more than a pipe holds; then the event loop must still turn (the timer
    // prints to stderr) although nobody reads stdout. A synchronous sink froze here, and with it
    // the gateway under the browser suite, whose launcher reads logs only when the tests end.
    const program = `
      import { pino } from 'pino';
      import { batchedLines } from './src/log-destination.ts';
      const logger = pino({ base: null, timestamp: false }, batchedLines(undefined, { maxDelayMs: 5 }));
      for (let i = 0; i < 20000; i++) logger.info({ i, pad: 'x'.repeat(150) }, 'request');
      setTimeout(() => process.stderr.write('alive\\n'), 50);
      setTimeout(() => process.exit(0), 500);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
      cwd: new URL('..', import.meta.url),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pause();
    let err = '';
    child.stderr.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`no sign of life: ${err}`));
      }, 10_000);
      child.stderr.on('data', (d: string) => {
        err += d;
        if (err.includes('alive')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => (out += d));
    child.stdout.resume();
    await once(child, 'close');
    const lines = out.trim().split('\n');
    assert.equal(lines.length, 20000);
    assert.equal((JSON.parse(lines.at(-1)!) as { i: number }).i, 19999);
  });
});
