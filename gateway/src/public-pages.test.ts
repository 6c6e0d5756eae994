// Money's public pay page through the gateway (decision 43): `/pay/{token}` reaches money with
// no identity (no cookie, no bearer token, no signed principal), only GET/HEAD/POST, bounded.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  fakeService,
  startGateway,
  testKeys,
  type FakeService,
  type RunningGateway,
} from './test-helpers.ts';

describe('public pages (/pay/*)', () => {
  let gateway: RunningGateway;
  let money: FakeService;

  before(async () => {
    await testKeys();
    money = await fakeService('money');
    gateway = await startGateway({ money: money.url });
  });
  after(async () => {
    await gateway.close();
    await money.close();
  });

  it('a pay page and its form post reach money, without the visitor’s cookies or token', async () => {
    const r = await fetch(`${gateway.url}/pay/${'A'.repeat(43)}?card=paid`, {
      headers: {
        cookie: 'refresh=secret',
        authorization: 'Bearer not-forwarded',
        'x-venue-principal': 'forged',
      },
    });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-served-by'), 'money');
    const seen = money.requests.at(-1)!;
    assert.equal(seen.url, `/pay/${'A'.repeat(43)}?card=paid`);
    assert.equal(seen.headers.cookie, undefined);
    assert.equal(seen.headers.authorization, undefined);
    assert.equal(seen.headers['x-venue-principal'], undefined);
    const post = await fetch(`${gateway.url}/pay/${'B'.repeat(43)}/checkout`, { method: 'POST' });
    assert.equal(post.status, 200);
    assert.equal(money.requests.at(-1)!.method, 'POST');
  });

  it('other methods and big bodies are refused at the gateway', async () => {
    const before = money.requests.length;
    assert.equal((await fetch(`${gateway.url}/pay/x`, { method: 'DELETE' })).status, 405);
    const big = await fetch(`${gateway.url}/pay/x/checkout`, { method: 'POST', body: 'x'.repeat(20_000) });
    assert.equal(big.status, 413);
    assert.equal(money.requests.length, before);
  });
});
