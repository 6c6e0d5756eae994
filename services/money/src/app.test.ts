/** services/money starts, answers its health check and keeps tenant data behind row-level security. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { unstarted, useStarted } from '@venue/service-kit/testing';
import { startMoney, type Harness } from './testing/harness.ts';

const h = unstarted<Harness>();
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('app.test.ts', () => {
  useStarted(startMoney, h);

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
