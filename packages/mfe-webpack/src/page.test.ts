import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import page from '../page.cjs';

const { pageHtml } = page as {
  pageHtml: (o: { title: string; themeColor?: string; noscript?: string }) => string;
};

describe('the HTML page of the shell and the light app (page.cjs)', () => {
  it('names the page, its colour and what it says without JavaScript, escaped', () => {
    const html = pageHtml({
      title: 'Book <Harbourside> & co',
      themeColor: '#1c7ed6',
      noscript: 'Turn "JavaScript" on',
    });
    assert.match(html, /<title>Book &lt;Harbourside&gt; &amp; co<\/title>/);
    assert.match(html, /<meta name="theme-color" content="#1c7ed6" \/>/);
    assert.match(html, /<noscript>Turn &quot;JavaScript&quot; on<\/noscript>/);
    assert.match(html, /<div id="root"><\/div>/);
    // The icon is inline, so the browser never asks for /favicon.ico.
    assert.match(html, /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,/);
  });

  it('leaves the colour out and says VenueDesk needs JavaScript when not told otherwise', () => {
    const html = pageHtml({ title: 'VenueDesk' });
    assert.doesNotMatch(html, /theme-color/);
    assert.match(html, /<noscript>VenueDesk needs JavaScript to run.<\/noscript>/);
  });
});
