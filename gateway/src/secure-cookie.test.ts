/**
 * The refresh cookie is `Secure` whenever the product is reached over HTTPS (issue 24 item 15):
 * TLS ends at a proxy in front of the gateway, whose word (X-Forwarded-Proto, or RFC 7239
 * Forwarded `proto`) is believed only with TRUST_PROXY=true, and then only the hop it wrote
 * itself. The real admin service signs in, refreshes and signs out behind a real gateway.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_PASSWORD, startAdmin, type Harness } from '../../services/admin/src/testing/harness.ts';
import { proxiedProtocol } from './client-ip.ts';
import { startGateway, type RunningGateway } from './test-helpers.ts';

let h: Harness;
let trusting: RunningGateway;
let direct: RunningGateway;

describe('the refresh cookie end to end', () => {
  before(async () => {
    h = await startAdmin();
    trusting = await startGateway({ admin: h.url }, { trustProxy: true });
    direct = await startGateway({ admin: h.url }, { trustProxy: false });
  });
  after(async () => {
    await trusting?.close();
    await direct?.close();
    await h?.close();
  });

  let address = 10;
  /** Sign-in is throttled per client address: each sign-in comes from one of its own. */
  const client = () => `203.0.113.${(address += 1)}`;

  async function post(
    gateway: RunningGateway,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) {
    const res = await fetch(gateway.url + path, {
      method: 'POST',
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.arrayBuffer();
    return res;
  }

  /** The refresh cookie's attributes, lower-cased; undefined when none was set. */
  function refreshCookie(res: Response): { value: string; attrs: string[] } | undefined {
    const line = res.headers.getSetCookie().find((c) => c.startsWith('venue_refresh='));
    if (!line) return undefined;
    const [pair, ...attrs] = line.split(';').map((p) => p.trim());
    return { value: pair!.slice('venue_refresh='.length), attrs: attrs.map((a) => a.toLowerCase()) };
  }

  async function signIn(gateway: RunningGateway, headers: Record<string, string>) {
    const res = await post(gateway, '/api/login', headers, {
      email: 'owner@demo.local',
      password: DEMO_PASSWORD,
    });
    assert.equal(res.status, 200);
    const cookie = refreshCookie(res);
    assert.ok(cookie, 'a refresh cookie is set');
    return cookie;
  }

  describe('the refresh cookie behind a proxy that ends TLS', () => {
    test('is Secure on sign-in, refresh and sign-out when the trusted proxy says https', async () => {
      const https = (more: Record<string, string> = {}) => ({
        'x-forwarded-for': client(),
        'x-forwarded-proto': 'https',
        ...more,
      });
      const signedIn = await signIn(trusting, https());
      assert.ok(signedIn.attrs.includes('secure'), `sign-in: ${signedIn.attrs.join('; ')}`);
      assert.ok(signedIn.attrs.includes('httponly'));

      const refreshed = await post(
        trusting,
        '/api/auth/refresh',
        https({ cookie: `venue_refresh=${signedIn.value}` }),
      );
      assert.equal(refreshed.status, 200);
      const rotated = refreshCookie(refreshed);
      assert.ok(rotated?.attrs.includes('secure'), `refresh: ${rotated?.attrs.join('; ')}`);

      const out = await post(
        trusting,
        '/api/auth/logout',
        https({ cookie: `venue_refresh=${rotated!.value}` }),
      );
      assert.equal(out.status, 200);
      const cleared = refreshCookie(out);
      assert.ok(cleared?.attrs.includes('secure'), `sign-out: ${cleared?.attrs.join('; ')}`);
    });

    test('believes the hop the trusted proxy wrote, not what the client put before it', async () => {
      // A proxy that appends: the client claimed http, the proxy (reached over TLS) added https.
      const appended = await signIn(trusting, {
        'x-forwarded-for': client(),
        'x-forwarded-proto': 'http, https',
      });
      assert.ok(appended.attrs.includes('secure'), appended.attrs.join('; '));
      // and the other way round: a client claiming https over the proxy's plain-http listener
      const claimed = await signIn(trusting, {
        'x-forwarded-for': client(),
        'x-forwarded-proto': 'https, http',
      });
      assert.ok(!claimed.attrs.includes('secure'), claimed.attrs.join('; '));
    });

    test('reads RFC 7239 Forwarded proto from a proxy that sends only that', async () => {
      const forwarded = await signIn(trusting, {
        'x-forwarded-for': client(),
        forwarded: 'for=198.51.100.7;proto=http, for=203.0.113.60;host=venue.example;proto="https"',
      });
      assert.ok(forwarded.attrs.includes('secure'), forwarded.attrs.join('; '));
    });

    test('is not Secure over plain http, and a client reaching the gateway directly cannot make it so', async () => {
      const plain = await signIn(trusting, { 'x-forwarded-for': client() });
      assert.ok(!plain.attrs.includes('secure'), plain.attrs.join('; '));
      // Without TRUST_PROXY the headers are the client's own: not believed, and the operator is told once.
      const spoofed = await signIn(direct, { 'x-forwarded-proto': 'https', forwarded: 'proto=https' });
      assert.ok(!spoofed.attrs.includes('secure'), spoofed.attrs.join('; '));
      await signIn(direct, { 'x-forwarded-proto': 'https' });
      const warnings = direct.logs.filter((l) => String(l.msg).includes('TRUST_PROXY is not true'));
      assert.equal(warnings.length, 1);
    });
  });
});

describe('proxiedProtocol', () => {
  test('takes the last hop of X-Forwarded-Proto, else the last element of Forwarded', () => {
    assert.equal(proxiedProtocol({}), null);
    assert.equal(proxiedProtocol({ 'x-forwarded-proto': 'HTTPS' }), 'https');
    assert.equal(proxiedProtocol({ 'x-forwarded-proto': ['http', 'https'] }), 'https');
    assert.equal(proxiedProtocol({ 'x-forwarded-proto': 'https , http' }), 'http');
    assert.equal(proxiedProtocol({ 'x-forwarded-proto': 'gopher' }), null);
    assert.equal(proxiedProtocol({ forwarded: 'For="[2001:db8::1]";Proto=https' }), 'https');
    assert.equal(proxiedProtocol({ forwarded: 'proto=https, for=192.0.2.1' }), null);
    assert.equal(proxiedProtocol({ 'x-forwarded-proto': 'http', forwarded: 'proto=https' }), 'http');
  });
});
