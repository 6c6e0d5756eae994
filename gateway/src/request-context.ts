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
 * Paths whose segment after the prefix is a secret: a calendar feed's token, a payment link's token
 * (decision 43) and the venue's SMS inbound and delivery-receipt keys (decision 61). Anyone who
 * reads the access log must not be able to open the feed, pay page, opt-out or receipt door with it.
 */
const SECRET_PATHS = [
  /^(\/api\/ics\/)[^/]+/,
  /^(\/pay\/)[^/]+/,
  /^(\/api\/email-comms\/sms\/inbound\/)[^/]+/,
  /^(\/api\/email-comms\/sms\/status\/)[^/]+/,
];

/** The path as the access log may keep it. */
export function loggedPath(path: string): string {
  for (const secret of SECRET_PATHS) if (secret.test(path)) return path.replace(secret, '$1[redacted]');
  return path;
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
        // The query is left out: some endpoints (the verify and sign-in links) carry secrets there.
        path: loggedPath(ctx.path),
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
