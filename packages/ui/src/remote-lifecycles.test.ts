import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRemoteLifecycles, remoteCrashFallback } from './remote-lifecycles.ts';

test('a remote gets every lifecycle the shell calls on its parcel', () => {
  const lifecycles = createRemoteLifecycles(() => null);
  for (const name of ['bootstrap', 'mount', 'unmount', 'update'] as const) {
    assert.equal(typeof lifecycles[name], 'function', name);
  }
});

test('the last-resort fallback names the failure', () => {
  const html = renderToStaticMarkup(remoteCrashFallback(new Error('providers exploded')));
  assert.match(html, /role="alert"/);
  assert.match(html, /This section is unavailable: providers exploded/);
});
