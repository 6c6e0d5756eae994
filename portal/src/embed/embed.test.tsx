import { describe, expect, test } from '@jest/globals';

describe("embed.js on a venue's website", () => {
  test('frames the booking page of each slug asked for, resized by the height it posts', async () => {
    document.body.innerHTML = `
      <div id="a" data-venuedesk-book="harbourside-hall" data-venuedesk-title="Book Harbourside Hall"></div>
      <div id="b" data-venuedesk-book="../../evil"></div>`;
    await import('./embed.ts');
    const frame = document.querySelector<HTMLIFrameElement>('#a iframe')!;
    // jsdom has no current script: the page's own origin stands in for the script's
    expect(frame.src).toBe(`${window.location.origin}/book/harbourside-hall?embed=1`);
    expect(frame.title).toBe('Book Harbourside Hall');
    expect(document.querySelector('#b iframe')).toBeNull();

    const post = (origin: string, data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { origin, data, source: frame.contentWindow }));
    post(window.location.origin, { type: 'venuedesk:height', height: 1234.2 });
    expect(frame.style.height).toBe('1235px');
    // another origin, another message kind, or a silly height change nothing past the limits
    post('https://evil.example', { type: 'venuedesk:height', height: 10 });
    post(window.location.origin, { type: 'something-else', height: 10 });
    expect(frame.style.height).toBe('1235px');
    post(window.location.origin, { type: 'venuedesk:height', height: 1e9 });
    expect(frame.style.height).toBe('20000px');
  });
});
