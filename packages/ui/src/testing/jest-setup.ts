/**
 * Runs before every UI component test file: jest-dom's matchers, what Mantine needs from a
 * browser that jsdom lacks, and the mock API's lifecycle.
 */
import '@testing-library/jest-dom/jest-globals';
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { server } from './msw.ts';

// Mantine reads media queries (color scheme, responsive props) and observes element sizes.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
// Combobox options scroll into view as the selection moves; jsdom has no layout to scroll.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// Mantine 9's notifications (their swipe to dismiss) add listeners with `{ signal }`. Under
// jest-fixed-jsdom, AbortController is Node's (msw's fetch needs it), and jsdom refuses a signal
// that is not its own. So a listener added with a signal is added without it and removed when
// the signal aborts, which is what the signal asks for.
const addListener = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = function addEventListener(type, listener, options) {
  if (typeof options !== 'object' || options?.signal === undefined) {
    return addListener.call(this, type, listener, options);
  }
  const { signal, ...rest } = options;
  if (signal.aborted) return;
  addListener.call(this, type, listener, rest);
  signal.addEventListener('abort', () => this.removeEventListener(type, listener, rest), { once: true });
};

// findBy…/waitFor give up after 1 s by default; a debounced check plus a mock answer can take
// longer on a busy machine (two cores shared with the service tests).
configure({ asyncUtilTimeout: 10_000 });

// A request no test answered fails that request (msw prints it) and then the test: a page that
// copes with a failed call would otherwise pass while asking for something nobody meant it to.
// (msw 3 calls the option onUnhandledFrame; it ignores msw 2's onUnhandledRequest and only warns.)
const unanswered: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledFrame: ({ frame, defaults }) => {
      const request = (frame.data as { request?: Request }).request;
      unanswered.push(request ? `${request.method} ${new URL(request.url).pathname}` : frame.protocol);
      defaults.error();
    },
  }),
);
afterEach(() => {
  cleanup();
  // Toasts live in one store shared by every render; a test must not see the last one's.
  notifications.clean();
  server.resetHandlers();
  const missed = unanswered.splice(0);
  if (missed.length > 0) {
    throw new Error(`No answer was given to ${missed.join(', ')}: answer it in the test (captureRequests).`);
  }
});
afterAll(() => server.close());
