import type { IncomingHttpHeaders } from 'node:http';
import {
  API_KEY_PREFIX,
  CUSTOMER_HEADER,
  CUSTOMER_SIGNATURE_HEADER,
  INTERNAL_AUTH_HEADER,
  isSessionEndReason,
  PRINCIPAL_HEADER,
  PRINCIPAL_SIGNATURE_HEADER,
  SESSION_ENDED_CODE,
  SESSION_ENDED_MESSAGE,
  TOKEN_STALE_CODE,
  TOKEN_STALE_MESSAGE,
  type Principal,
  type PrincipalLookup,
  type SignedPrincipal,
  VISITOR_HEADER,
  VISITOR_SIGNATURE_HEADER,
  type CustomerPrincipal,
  type Visitor,
} from '@venue/contracts';
import {
  bearerToken,
  encodeCustomer,
  encodePrincipal,
  encodeVisitor,
  internalSecret,
  InvalidTokenError,
  loadPublicKey,
  verifyAccessToken,
} from '@venue/service-kit';
import { classifyUpstreamError, sendError, sendUpstreamFailure } from './errors.ts';
import { LookupFailure, type Lookup, type PrincipalCache } from './principal-cache.ts';
import type { Upstreams } from './upstreams.ts';
import type { GatewayContext, GatewayMiddleware } from './state.ts';
import { VerifiedTokens } from './verified-tokens.ts';

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
export const SESSION_PATHS: ReadonlySet<string> = new Set([
  '/api/login',
  '/api/logout',
  '/api/auth/refresh',
  // the shell signs out here (the refresh cookie's path); an ended session must still be able to
  '/api/auth/logout',
]);

export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';

export interface IdentityOptions {
  upstreams: Upstreams;
  publicKey: () => Promise<PublicKey>;
  cache: PrincipalCache;
  /** Authenticates a `vd_live_…` API key (api-keys.ts); without it a key is refused as a bad token. */
  apiKeys?: (ctx: GatewayContext, key: string, lenient: boolean) => Promise<boolean>;
  /** Tokens already verified (default: a new cache per middleware). */
  verified?: VerifiedTokens;
}

export interface LookupOptions {
  upstreams: Upstreams;
  secret: () => string;
  /** Budget for one look-up on admin; past it the request goes on with what is known. */
  timeoutMs: number;
}

function isPrincipal(value: unknown): value is Principal {
  const p = value as Partial<Principal> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.userId === 'string' &&
    typeof p.email === 'string' &&
    typeof p.tenantId === 'string' &&
    typeof p.role === 'string' &&
    typeof p.tokenVersion === 'number' &&
    Array.isArray(p.permissions)
  );
}

function isLookup(value: unknown): value is PrincipalLookup {
  const v = value as { status?: unknown; principal?: unknown; reason?: unknown } | null;
  if (typeof v !== 'object' || v === null) return false;
  if (v.status === 'live') return isPrincipal(v.principal);
  return v.status === 'ended' && isSessionEndReason(v.reason);
}

/** Asks admin for the principal and whether the session is live (decision 20). */
export function adminLookup(opts: LookupOptions): Lookup {
  return async (userId, sessionId) => {
    let res;
    try {
      res = await opts.upstreams.request(
        'admin',
        {
          method: 'GET',
          path: `/internal/principals/${encodeURIComponent(userId)}?sid=${encodeURIComponent(sessionId)}`,
          headers: { accept: 'application/json', [INTERNAL_AUTH_HEADER]: opts.secret() },
          headersTimeout: opts.timeoutMs,
          bodyTimeout: opts.timeoutMs,
        },
        true,
      );
    } catch (err) {
      throw new LookupFailure(classifyUpstreamError(err), 'principal lookup failed', err);
    }
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new LookupFailure('down', `principal lookup answered ${res.statusCode}`);
    }
    let body: unknown;
    try {
      body = await res.body.json();
    } catch (err) {
      throw new LookupFailure(classifyUpstreamError(err), 'principal lookup body unreadable', err);
    }
    if (!isLookup(body)) throw new LookupFailure('down', 'principal lookup returned an unexpected shape');
    return body;
  };
}

function unauthorized(ctx: GatewayContext, message: string, extra: Record<string, unknown> = {}): void {
  ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
  sendError(ctx, 401, message, extra);
}

/**
 * Verifies the bearer token once (services trust the signed principal it leads to) and
 * attaches the current principal from the cache, admin, or while admin is down the token's
 * own snapshot. A token whose session ended gets 401 `session_ended` (with the reason); one
 * that predates a change of the principal 401 `token_stale`, which the shell mends with a
 * silent refresh. Requests without a token pass through without identity; the owning service
 * decides whether that is allowed.
 */
export function identity(opts: IdentityOptions): GatewayMiddleware {
  const verified = opts.verified ?? new VerifiedTokens();
  return async (ctx, next) => {
    const token = bearerToken(ctx.get('authorization') || undefined);
    if (!token) return next();
    const lenient = SESSION_PATHS.has(ctx.path);
    const log = ctx.state.log;
    // An API key is recognised by its prefix; anything else must be a valid access token.
    if (opts.apiKeys && token.startsWith(API_KEY_PREFIX)) {
      if (await opts.apiKeys(ctx, token, lenient)) return next();
      return;
    }

    const key = await opts.publicKey();
    let claims = verified.get(token, key);
    if (!claims) {
      try {
        claims = await verifyAccessToken(token, key);
      } catch (err) {
        if (!(err instanceof InvalidTokenError)) throw err;
        log.info({ reason: err.message }, 'rejected access token');
        if (lenient) return next();
        return unauthorized(ctx, INVALID_TOKEN_MESSAGE);
      }
      verified.set(token, key, claims);
    }

    const verdict = await opts.cache.resolve(claims);
    if (verdict.kind === 'ok') {
      if (verdict.source === 'token' || verdict.source === 'stale-cache')
        log.debug({ userId: claims.sub, source: verdict.source }, 'principal vouched for without admin');
      ctx.state.principal = signedFor(verdict.principal, claims.sid ?? null, claims.exp);
      return next();
    }
    // The session endpoints live on admin and work from the refresh cookie: let them answer.
    if (lenient) return next();
    if (verdict.kind === 'unavailable') {
      return sendUpstreamFailure(ctx, verdict.failure, opts.upstreams.target('admin').def.area);
    }
    log.info({ userId: claims.sub, verdict: verdict.kind }, 'access token refused');
    if (verdict.kind === 'stale') return unauthorized(ctx, TOKEN_STALE_MESSAGE, { code: TOKEN_STALE_CODE });
    return unauthorized(ctx, SESSION_ENDED_MESSAGE, {
      code: SESSION_ENDED_CODE,
      ...(verdict.reason ? { reason: verdict.reason } : {}),
    });
  };
}

/**
 * One forwarded principal per cached principal, session and expiry: the requests of a session
 * share it (and so its encoded, signed headers below) until the cache entry is replaced.
 */
const signedPrincipals = new WeakMap<Principal, SignedPrincipal>();

function signedFor(principal: Principal, sessionId: string | null, exp: number): SignedPrincipal {
  const known = signedPrincipals.get(principal);
  if (known && known.sessionId === sessionId && known.exp === exp) return known;
  const signed: SignedPrincipal = { ...principal, sessionId, exp };
  signedPrincipals.set(principal, signed);
  return signed;
}

/** Encoded and signed once per forwarded principal and secret (JSON + HMAC showed per request). */
const encodedHeaders = new WeakMap<SignedPrincipal, { secret: string; headers: IncomingHttpHeaders }>();

/** The identity headers the upstream receives: only ever the gateway's own. */
export function identityHeaders(principal: SignedPrincipal | undefined, secret: string): IncomingHttpHeaders {
  if (!principal) return {};
  const known = encodedHeaders.get(principal);
  if (known && known.secret === secret) return known.headers;
  const { value, signature } = encodePrincipal(principal, secret);
  const headers = { [PRINCIPAL_HEADER]: value, [PRINCIPAL_SIGNATURE_HEADER]: signature };
  encodedHeaders.set(principal, { secret, headers });
  return headers;
}

/** A visitor's signed header (decision 56): signed per request, it lives a minute. */
export function visitorHeaders(visitor: Visitor, secret: string): IncomingHttpHeaders {
  const { value, signature } = encodeVisitor(visitor, secret);
  return { [VISITOR_HEADER]: value, [VISITOR_SIGNATURE_HEADER]: signature };
}

/** A customer's signed header (decision 56): good until the customer token's own expiry. */
export function customerHeaders(customer: CustomerPrincipal, secret: string): IncomingHttpHeaders {
  const { value, signature } = encodeCustomer(customer, secret);
  return { [CUSTOMER_HEADER]: value, [CUSTOMER_SIGNATURE_HEADER]: signature };
}

// Re-exported so the service-kit import path lives in this one file.
export { internalSecret, loadPublicKey };
