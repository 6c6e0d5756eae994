import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultStaticRoot } from './config.ts';
import { startGateway, testKeys, type RunningGateway } from './test-helpers.ts';

/**
 * Against the real build (skipped until `npm run build` has produced shell/dist): every script
 * and stylesheet the shell's index.html references is served with the right type, and nothing
 * in it would be blocked by the gateway's CSP (inline scripts, foreign origins).
 */
const root = defaultStaticRoot();
const indexFile = join(root, 'shell', 'dist', 'index.html');
const built = existsSync(indexFile);

describe('the built app under the gateway', { skip: built ? false : 'shell/dist not built' }, () => {
  let gateway: RunningGateway;
  before(async () => {
    await testKeys();
    gateway = await startGateway({}, { staticRoot: root });
  });
  after(async () => gateway?.close());

  it('serves index.html and every asset it references, within the CSP', async () => {
    const html = readFileSync(indexFile, 'utf8');
    const res = await fetch(`${gateway.url}/`);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), html);

    // CSP has script-src 'self' without 'unsafe-inline': inline scripts would not run.
    const inlineScripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
      ([, attrs, body]) =>
        !/\bsrc=/.test(attrs ?? '') &&
        (body ?? '').trim() !== '' &&
        !/type=["']?application\/(ld\+)?json/.test(attrs ?? ''),
    );
    assert.deepEqual(
      inlineScripts.map((m) => m[0].slice(0, 80)),
      [],
      'inline scripts would be blocked by the CSP',
    );

    const refs = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)=["']([^"']+)["']/gi)].map(
      (m) => m[1]!,
    );
    for (const ref of refs) {
      assert.ok(!/^(https?:)?\/\//.test(ref) || ref.startsWith(gateway.url), `${ref} is not same-origin`);
      const asset = await fetch(new URL(ref, `${gateway.url}/`));
      assert.equal(asset.status, 200, ref);
      const type = asset.headers.get('content-type') ?? '';
      if (ref.endsWith('.js')) assert.match(type, /javascript/, ref);
      if (ref.endsWith('.css')) assert.match(type, /text\/css/, ref);
      await asset.arrayBuffer();
    }
  });
});

/**
 * The customers' light app (portal/dist, decision 56) the same way: its index.html at
 * /book/<slug> and /my, every asset it names served with the right type, nothing inline that the
 * app's own CSP would block, and no foreign origin.
 */
const portalIndex = join(root, 'portal', 'dist', 'index.html');
describe(
  'the built light app under the gateway',
  { skip: existsSync(portalIndex) ? false : 'portal/dist not built' },
  () => {
    let gateway: RunningGateway;
    before(async () => {
      await testKeys();
      gateway = await startGateway({}, { staticRoot: root });
    });
    after(async () => gateway?.close());

    it('serves its index.html at /book/<slug> and /my and every asset it references, within its CSP', async () => {
      const html = readFileSync(portalIndex, 'utf8');
      for (const path of ['/book/harbourside-hall', '/my/sign-in']) {
        const res = await fetch(`${gateway.url}${path}`, { headers: { accept: 'text/html' } });
        assert.equal(res.status, 200, path);
        assert.equal(await res.text(), html, path);
        assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'self'(;|$)/);
      }
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
        ([, attrs, body]) => !/\bsrc=/.test(attrs ?? '') && (body ?? '').trim() !== '',
      );
      assert.deepEqual(
        inline.map((m) => m[0].slice(0, 80)),
        [],
        'inline scripts would be blocked by the CSP',
      );
      const refs = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)=["']([^"']+)["']/gi)]
        .map((m) => m[1]!)
        .filter((ref) => !ref.startsWith('data:'));
      assert.ok(refs.length > 0, 'the page names its bundle');
      for (const ref of refs) {
        assert.ok(ref.startsWith('/book/'), `${ref} is served from /book/`);
        const asset = await fetch(new URL(ref, `${gateway.url}/`));
        assert.equal(asset.status, 200, ref);
        const type = asset.headers.get('content-type') ?? '';
        if (ref.endsWith('.js')) assert.match(type, /javascript/, ref);
        if (ref.endsWith('.css')) assert.match(type, /text\/css/, ref);
        await asset.arrayBuffer();
      }
      const embed = await fetch(`${gateway.url}/book/embed.js`);
      assert.equal(embed.status, 200);
      assert.match(embed.headers.get('content-type') ?? '', /javascript/);
    });
  },
);
