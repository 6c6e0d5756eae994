import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '@venue/contracts';
import { sendError } from './errors.ts';
import type { GatewayMiddleware } from './state.ts';

/** Ids from a load balancer or the browser are kept only if they cannot smuggle anything into logs or headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:=+/-]{1,128}$/;

export function requestIdFrom(header: string): string {
  return SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * Outermost middleware: request id on request and response, a per-request logger carrying
 * it, one access line per request, and the last-resort JSON 500.
 */
export function requestContext(logger: Logger): GatewayMiddleware {
  return async (ctx, next) => {
    const requestId = requestIdFrom(ctx.get(REQUEST_ID_HEADER));
    const log = logger.child({ requestId });
    ctx.state.requestId = requestId;
    ctx.state.log = log;
    ctx.set(REQUEST_ID_HEADER, requestId);

    const started = performance.now();
    // Logged on 'close' so streamed responses (proxied or static) are measured to the last byte.
    ctx.res.once('close', () => {
      const entry = {
        method: ctx.method,
        // The query is left out: some endpoints (calendar feeds, password resets) carry secrets there.
        // Calendar-feed URLs carry their secret in the path.
        path: ctx.path.replace(/^\/api\/ics\/[^/]+/, '/api/ics/[redacted]'),
        status: ctx.res.statusCode,
        service: ctx.state.target?.def.name,
        userId: ctx.state.principal?.userId,
        ms: Math.round(performance.now() - started),
        ...(ctx.res.writableFinished ? {} : { aborted: true }),
      };
      if (ctx.res.statusCode >= 500) log.warn(entry, 'request');
      // Health probes arrive every few seconds; keep them out of the info log.
      else if (ctx.path === '/api/health' && ctx.res.statusCode < 400) log.debug(entry, 'request');
      else log.info(entry, 'request');
    });

    try {
      await next();
    } catch (err) {
      log.error({ err }, 'unhandled error');
      if (ctx.headerSent || !ctx.writable) {
        ctx.res.destroy();
        return;
      }
      sendError(ctx, 500, 'Something went wrong. Please try again.');
    }
  };
}
