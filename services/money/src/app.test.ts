/** services/money starts, answers its health check and keeps tenant data behind row-level security. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMoney, type Harness } from './testing/harness.ts';

let h: Harness;
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('app.test.ts', () => {
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
});
