/**
 * `/book/embed.js`: a venue puts `<div data-venuedesk-book="<slug>"></div>` and this script on
 * its own website, and the booking page appears there in a frame that grows and shrinks with
 * it (the page posts its height: embed-height.ts). No React, no dependencies: it runs on pages
 * we do not control, so it touches only the elements that ask for it.
 */
(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  // The frame's origin is the script's: the product that served it.
  const origin = script?.src ? new URL(script.src).origin : window.location.origin;
  const SLUG = /^[a-z0-9-]{3,60}$/;
  const frames = new Set<HTMLIFrameElement>();

  function mount(host: HTMLElement) {
    const slug = host.dataset.venuedeskBook ?? '';
    if (!SLUG.test(slug) || host.dataset.venuedeskMounted) return;
    host.dataset.venuedeskMounted = '1';
    const frame = document.createElement('iframe');
    frame.src = `${origin}/book/${slug}?embed=1`;
    frame.title = host.dataset.venuedeskTitle || 'Book online';
    frame.loading = 'lazy';
    frame.style.cssText = 'display:block;width:100%;border:0;min-height:480px;height:720px;';
    host.appendChild(frame);
    frames.add(frame);
  }

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== origin) return;
    const data = event.data as { type?: unknown; height?: unknown } | null;
    if (!data || data.type !== 'venuedesk:height' || typeof data.height !== 'number') return;
    for (const frame of frames) {
      if (frame.contentWindow !== event.source) continue;
      frame.style.height = `${Math.max(200, Math.min(20000, Math.ceil(data.height)))}px`;
    }
  });

  const mountAll = () => {
    document.querySelectorAll<HTMLElement>('[data-venuedesk-book]').forEach((host) => {
      if (host instanceof HTMLIFrameElement) frames.add(host);
      else mount(host);
    });
    // The iframe form of the snippet (`<iframe src="…/book/<slug>?embed=1">` with this script
    // beside it) resizes too.
    document.querySelectorAll<HTMLIFrameElement>('iframe').forEach((frame) => {
      if (frame.src.startsWith(`${origin}/book/`)) frames.add(frame);
    });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mountAll);
  else mountAll();
})();

// A module (for the type check and the tests' import), though it exports nothing.
export {};
