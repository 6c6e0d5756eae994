import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadOnce } from './load-once.ts';

test('loadOnce fetches once while it succeeds, and again after a failure', async () => {
  let calls = 0;
  let fail = true;
  const load = loadOnce(async () => {
    calls += 1;
    if (fail) throw new Error('chunk did not arrive');
    return 'module';
  });
  await assert.rejects(load(), /chunk did not arrive/);
  fail = false;
  assert.equal(await load(), 'module');
  assert.equal(await load(), 'module');
  assert.equal(calls, 2);
});
