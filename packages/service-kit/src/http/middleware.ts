import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Context, Next } from 'koa';
import { REQUEST_ID_HEADER } from '@venue/contracts';
import type { ServiceOptions } from '../kit.ts';
import type { Logger } from '../log.ts';
import { HttpError } from '../errors.ts';
import { requestScope } from './internal-client.ts';

type LoggedContext = Context & { log?: Logger };

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps the gateway's request id when it looks sane, else makes one; echoes it and logs with it. */
export function requestContext(baseLog: Logger, peers?: ServiceOptions['peers']) {
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const requestId = SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    // The gateway forwards every request with its request id and the client's address.
    const proxied = ctx.get('x-forwarded-for') !== '';
    ctx.state.requestId = requestId;
    ctx.set(REQUEST_ID_HEADER, requestId);
    const log = baseLog.child({ requestId });
    (ctx as LoggedContext).log = log;
    const started = performance.now();
    try {
      // Calls to other services made while serving this request carry its id.
      await requestScope.run({ requestId, peers }, next);
    } finally {
      ctx.set(REQUEST_ID_HEADER, requestId);
      // Health probes arrive every few seconds; keep them out of the info log. So are the
      // successes the gateway proxied: its access line, with the same request id, is the
      // record of them (decision 51), and a second line per request cost this process ~11 %
      // of its CPU on a small read (issue 9). So are the successes of another service's internal
      // calls (a price quote, a relay's delivery of events, the mail worker fetching an invoice's
      // PDF): their caller logs what fails, and a line each was four to five lines per booking
      // create and two per invoice issue, ~1.5 ms of this process's CPU (issue 27). Errors and
      // direct calls of the API stay at info.
      const traced = incoming === requestId && proxied;
      const quiet =
        ctx.status < 400 && (ctx.path === '/health' || ctx.path.startsWith('/internal/') || traced);
      const level = quiet ? 'debug' : 'info';
      if (level === 'info' || log.isLevelEnabled('debug')) {
        log[level](
          {
            method: ctx.method,
            // Calendar-feed URLs carry their secret in the path.
            path: ctx.path.replace(/^\/api\/ics\/[^/]+/, '/api/ics/[redacted]'),
            status: ctx.status,
            ms: Math.round(performance.now() - started),
          },
          'request',
        );
      }
    }
  };
}

interface StatusError extends Error {
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

/**
 * One place that turns errors into `{message}` JSON. Client errors carry their own message;
 * anything else is logged with the request id and answered with a generic 500, never a stack.
 */
export function errorHandler() {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      // Unknown routes and router-level refusals (405, 501) still answer JSON.
      if (ctx.status >= 400 && ctx.body == null) {
        const status = ctx.status;
        ctx.body = { message: status === 404 ? 'Not found' : (STATUS_CODES[status] ?? 'Error') };
        ctx.status = status;
      }
    } catch (raw) {
      const err = (raw instanceof Error ? raw : new Error(String(raw))) as StatusError;
      const status = err instanceof HttpError ? err.status : (err.status ?? err.statusCode ?? 500);
      const log = (ctx as LoggedContext).log;
      if (err instanceof HttpError) {
        if (status >= 500)
          log?.warn({ err: { message: err.message }, path: ctx.path }, 'request answered with an error');
        ctx.status = status;
        ctx.body = { message: err.message, ...err.extra };
      } else if (status >= 400 && status < 500 && err.expose) {
        ctx.status = status;
        ctx.body = { message: err.message || 'Bad request' };
      } else {
        log?.error({ err, method: ctx.method, path: ctx.path }, 'request failed');
        ctx.status = 500;
        ctx.body = { message: 'Internal server error' };
      }
      // Headers set by handlers (e.g. a download's disposition) do not belong on an error.
      ctx.remove('content-disposition');
    }
  };
}
