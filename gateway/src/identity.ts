import type { IncomingHttpHeaders } from 'node:http';
import {
  INTERNAL_AUTH_HEADER,
  PRINCIPAL_HEADER,
  PRINCIPAL_SIGNATURE_HEADER,
  REQUEST_ID_HEADER,
  type AccessClaims,
  type Principal,
} from '@venue/contracts';
import {
  bearerToken,
  encodePrincipal,
  internalSecret,
  InvalidTokenError,
  loadPublicKey,
  verifyAccessToken,
} from '@venue/service-kit';
import { classifyUpstreamError, sendError, sendUpstreamFailure } from './errors.ts';
import type { Upstreams } from './upstreams.ts';
import type { GatewayContext, GatewayMiddleware } from './state.ts';

export type PublicKey = Awaited<ReturnType<typeof loadPublicKey>>;

/**
 * Headers only the gateway may set. A client copy could impersonate another user or tenant
 * (or pose as an internal caller), so they are dropped before anything is forwarded.
 */
export function isIdentityHeader(name: string): boolean {
  const n = name.toLowerCase();
  return (
    n.startsWith('x-venue-') ||
    n.startsWith('x-user-') ||
    n.startsWith('x-tenant-') ||
    n === 'x-forwarded-user'
  );
}

/**
 * Session endpoints work from the refresh cookie or credentials, not the access token. A browser
 * may still attach a stale bearer token to them; refusing that would make it impossible to
 * refresh or sign out, so here a bad token just means "no identity".
 */
export const SESSION_PATHS: ReadonlySet<string> = new Set(['/api/login', '/api/logout', '/api/auth/refresh']);

export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please sign in again.';

export interface IdentityOptions {
  upstreams: Upstreams;
  publicKey: () => Promise<PublicKey>;
  secret: () => string;
  /** Budget for the principal look-up on admin. */
  lookupTimeoutMs: number;
}

class PrincipalLookupError extends Error {
  readonly failure: 'timeout' | 'down';
  constructor(failure: 'timeout' | 'down', message: string, cause?: unknown) {
    super(message, { cause });
    this.failure = failure;
  }
}

function isPrincipal(value: unknown): value is Principal {
  const p = value as Partial<Principal> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.userId === 'string' &&
    typeof p.tenantId === 'string' &&
    typeof p.role === 'string' &&
    typeof p.tokenVersion === 'number' &&
    Array.isArray(p.permissions)
  );
}

/** Current principal from admin, or null when the user is gone or inactive (404). */
async function fetchPrincipal(
  opts: IdentityOptions,
  userId: string,
  requestId: string,
): Promise<Principal | null> {
  const target = opts.upstreams.target('admin');
  let res;
  try {
    res = await opts.upstreams.pool('admin').request({
      method: 'GET',
      path: `${target.basePath}/internal/principals/${encodeURIComponent(userId)}`,
      headers: {
        accept: 'application/json',
        [INTERNAL_AUTH_HEADER]: opts.secret(),
        [REQUEST_ID_HEADER]: requestId,
      },
      headersTimeout: opts.lookupTimeoutMs,
      bodyTimeout: opts.lookupTimeoutMs,
    });
  } catch (err) {
    throw new PrincipalLookupError(classifyUpstreamError(err), 'principal lookup failed', err);
  }
  if (res.statusCode === 404) {
    await res.body.dump();
    return null;
  }
  if (res.statusCode !== 200) {
    await res.body.dump();
    throw new PrincipalLookupError('down', `principal lookup answered ${res.statusCode}`);
  }
  let body: unknown;
  try {
    body = await res.body.json();
  } catch (err) {
    throw new PrincipalLookupError(classifyUpstreamError(err), 'principal lookup body unreadable', err);
  }
  if (!isPrincipal(body))
    throw new PrincipalLookupError('down', 'principal lookup returned an unexpected shape');
  return body;
}

function unauthorized(ctx: GatewayContext, message: string): void {
  ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
  sendError(ctx, 401, message);
}

/**
 * Verifies the bearer token and attaches the *current* principal (never cached: a bumped
 * token version must take effect on the very next request). Requests without a token pass
 * through without identity; the owning service decides whether that is allowed.
 */
export function identity(opts: IdentityOptions): GatewayMiddleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization') || undefined);
    if (!token) return next();
    const lenient = SESSION_PATHS.has(ctx.path);
    const log = ctx.state.log;

    let claims: AccessClaims;
    try {
      claims = await verifyAccessToken(token, await opts.publicKey());
    } catch (err) {
      if (!(err instanceof InvalidTokenError)) throw err;
      log.info({ reason: err.message }, 'rejected access token');
      if (lenient) return next();
      return unauthorized(ctx, INVALID_TOKEN_MESSAGE);
    }

    let principal: Principal | null;
    try {
      principal = await fetchPrincipal(opts, claims.sub, ctx.state.requestId);
    } catch (err) {
      if (!(err instanceof PrincipalLookupError)) throw err;
      log.warn({ err: err.cause ?? err, failure: err.failure }, 'principal lookup on admin failed');
      // The session endpoints live on admin too: let the proxy report admin's state itself.
      if (lenient) return next();
      return sendUpstreamFailure(ctx, err.failure, opts.upstreams.target('admin').def.area);
    }

    if (!principal || principal.userId !== claims.sub || principal.tokenVersion !== claims.pv) {
      log.info({ userId: claims.sub, found: Boolean(principal) }, 'stale session');
      if (lenient) return next();
      return unauthorized(ctx, SESSION_EXPIRED_MESSAGE);
    }
    ctx.state.principal = principal;
    return next();
  };
}

/** The identity headers the upstream receives: only ever the gateway's own. */
export function identityHeaders(principal: Principal | undefined, secret: string): IncomingHttpHeaders {
  if (!principal) return {};
  const { value, signature } = encodePrincipal(principal, secret);
  return { [PRINCIPAL_HEADER]: value, [PRINCIPAL_SIGNATURE_HEADER]: signature };
}

// Re-exported so the service-kit import path lives in this one file.
export { internalSecret, loadPublicKey };
