/** services/money starts, answers its health check and keeps tenant data behind row-level security. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMoney, type Harness } from './testing/harness.ts';

let h: Harness;
before(async () => {
  h = await startMoney();
});
after(() => h.close());

test('health answers ok', async () => {
  const r = await h.call('GET', '/health');
  assert.equal(r.status, 200);
  assert.equal(r.body.service, 'money');
});

test('without a token the money routes are 401', async () => {
  for (const path of [
    '/api/invoices/hall-owner/x',
    '/api/payments/hall-owner/x',
    '/api/deposits/hall-owner/x',
  ]) {
    assert.equal((await h.call('GET', path)).status, 401, path);
  }
});
