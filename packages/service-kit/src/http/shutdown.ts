/** A service's graceful close: its HTTP server, and the handlers still running behind it. */
import type { Server } from 'node:http';
import type Koa from 'koa';
import type { AppCustom, AppState } from './context.ts';

/**
 * The requests being handled, over HTTP or in-process. A handler goes on when its caller's
 * connection is gone (the gateway gave up on it, or `stopHttp` cut it), and its remaining
 * statements would meet a closed database: an Idempotency-Key claimed and never answered nor
 * released, which every retry of it then met as "still being processed" (a 409) for minutes.
 * So `Service.close` lets them finish before it closes the database.
 */
export function requestsInFlight() {
  let count = 0;
  let drained: (() => void) | undefined;
  return {
    middleware: (async (_ctx, next) => {
      count++;
      try {
        await next();
      } finally {
        if (--count === 0) drained?.();
      }
    }) as Koa.Middleware<AppState, AppCustom>,
    /** Resolves when none is left, or after `ms` (a request stuck that long is let go). */
    done(ms: number): Promise<void> {
      if (count === 0 || ms <= 0) return Promise.resolve();
      return new Promise((ok) => {
        const timer = setTimeout(ok, ms);
        timer.unref();
        drained = () => (clearTimeout(timer), ok());
      });
    },
  };
}
export type RequestsInFlight = ReturnType<typeof requestsInFlight>;

/** Stops accepting and waits for in-flight requests; what is still open after 4 s is cut. */
export async function stopHttp(s: Server): Promise<void> {
  const closed = new Promise<void>((ok) => s.close(() => ok()));
  // Keep-alive sockets go as soon as their in-flight request is answered.
  s.closeIdleConnections();
  const idle = setInterval(() => s.closeIdleConnections(), 50);
  // The launcher allows 5 s per process group; cut what is still open after 4.
  const force = setTimeout(() => s.closeAllConnections(), 4_000);
  force.unref();
  await closed;
  clearInterval(idle);
  clearTimeout(force);
}
