import type { Next } from 'koa';
import {
  CUSTOMER_HEADER,
  CUSTOMER_SIGNATURE_HEADER,
  hasPermission,
  INTERNAL_AUTH_HEADER,
  PORTAL_SESSION_ENDED_CODE,
  PORTAL_SIGN_IN_MESSAGE,
  VISITOR_HEADER,
  VISITOR_SIGNATURE_HEADER,
  PRINCIPAL_HEADER,
  PRINCIPAL_SIGNATURE_HEADER,
  SESSION_ENDED_CODE,
  TOKEN_STALE_CODE,
  TOKEN_STALE_MESSAGE,
  type PermissionKey,
  type Principal,
  type Role,
  type SessionEndReason,
} from '@venue/contracts';
import {
  ACCESS_DENIED_MESSAGE,
  AUTH_REQUIRED_MESSAGE,
  HttpError,
  INVALID_TOKEN_MESSAGE,
  OWN_TENANT_ONLY_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
} from '../errors.ts';
import type { AppContext, AppMiddleware } from '../http/context.ts';
import { idempotent, storeAnswerInTx } from '../http/idempotency.ts';
import { runRollbackable } from '../db/database.ts';
import type { Tx } from '../db/types.ts';
import { publicKey } from './keys.ts';
import { decodeCustomer, decodeVisitor } from './callers.ts';
import {
  bearerToken,
  decodePrincipal,
  internalSecret,
  InvalidTokenError,
  safeEqual,
  unsigned,
  verifyAccessToken,
} from './tokens.ts';

function headerValue(ctx: AppContext, name: string): string | undefined {
  const v = ctx.get(name);
  return v === '' ? undefined : v;
}

function sessionEnded(reason?: SessionEndReason): HttpError {
  return new HttpError(401, SESSION_EXPIRED_MESSAGE, {
    code: SESSION_ENDED_CODE,
    ...(reason ? { reason } : {}),
  });
}

/**
 * Who is calling. Through the gateway: its HMAC-signed principal, trusted as it stands (the
 * gateway verified the token and checked the session; decision 20), unless past the token's
 * expiry. Called directly: the bearer token is verified here and the principal and session
 * are asked of admin, so a direct call is held to the same rules, one hop dearer.
 */
async function authenticate(ctx: AppContext): Promise<Principal> {
  const signed = decodePrincipal(
    headerValue(ctx, PRINCIPAL_HEADER),
    headerValue(ctx, PRINCIPAL_SIGNATURE_HEADER),
    internalSecret(),
  );
  if (signed) {
    const principal = unsigned(signed);
    ctx.state.claims = {
      sub: principal.userId,
      role: principal.role,
      tid: principal.tenantId,
      pv: principal.tokenVersion,
      ...(signed.sessionId ? { sid: signed.sessionId } : {}),
    };
    return principal;
  }

  const token = bearerToken(headerValue(ctx, 'authorization'));
  if (!token) throw new HttpError(401, AUTH_REQUIRED_MESSAGE);
  let claims;
  try {
    claims = await verifyAccessToken(token, await publicKey());
  } catch (err) {
    if (err instanceof InvalidTokenError) throw new HttpError(401, INVALID_TOKEN_MESSAGE);
    throw err;
  }
  ctx.state.claims = claims;

  const lookup = await ctx.kit.resolvePrincipal(claims.sub, claims.sid);
  if (lookup.status === 'ended') throw sessionEnded(lookup.reason);
  const principal = lookup.principal;
  if (principal.userId !== claims.sub) throw sessionEnded();
  if (principal.tokenVersion !== claims.pv) {
    // An older version: the principal changed under a live session, so a refresh mends it.
    throw new HttpError(401, TOKEN_STALE_MESSAGE, { code: TOKEN_STALE_CODE });
  }
  return principal;
}

async function authMiddleware(ctx: AppContext, next: Next): Promise<void> {
  ctx.state.principal = await authenticate(ctx);
  // Keys are per tenant, so Idempotency-Key is honoured here, as soon as the caller is known.
  await idempotent(ctx, next);
}

/**
 * Establishes the caller (`ctx.state.principal`, `ctx.state.claims`): the gateway's signed
 * principal, or else the verified bearer token and admin's answer. It opens no transaction: that is the explicit `withTx` step (or
 * `inRequestTx`), placed after the guards, the validation and any call to another service, so a
 * slow neighbour never holds a database connection. Use as `requireAuth` or `requireAuth()`.
 */
export function requireAuth(): AppMiddleware;
export function requireAuth(ctx: AppContext, next: Next): Promise<void>;
export function requireAuth(ctx?: AppContext, next?: Next): AppMiddleware | Promise<void> {
  if (ctx === undefined || next === undefined) return authMiddleware;
  return authMiddleware(ctx, next);
}

/**
 * Whose rows the request's transaction may see: the staff principal's tenant, the visitor's
 * venue, or the customer's venue and e-mail (decision 56). 401 when no caller is established.
 */
function scopeOf(ctx: AppContext): { tenantId: string; customerEmail?: string } {
  const state = ctx.state as Partial<typeof ctx.state>;
  if (state.customer) return { tenantId: state.customer.tenantId, customerEmail: state.customer.email };
  if (state.principal) return { tenantId: state.principal.tenantId };
  if (state.visitor) return { tenantId: state.visitor.tenantId };
  throw new HttpError(401, AUTH_REQUIRED_MESSAGE);
}

async function requestTx<T>(
  ctx: AppContext,
  fn: (tx: Tx) => Promise<T>,
  commit: (value: T) => boolean,
): Promise<T> {
  const scope = scopeOf(ctx);
  if (ctx.state.tx) return fn(ctx.state.tx);
  try {
    return await runRollbackable<T>(
      (open) =>
        scope.customerEmail !== undefined
          ? ctx.kit.db.customerTx(scope.tenantId, scope.customerEmail, open)
          : ctx.kit.db.tenantTx(scope.tenantId, open),
      async (tx) => {
        ctx.state.tx = tx;
        const value = await fn(tx);
        return { value, commit: commit(value) };
      },
    );
  } finally {
    ctx.state.tx = undefined as unknown as Tx;
  }
}

/**
 * Runs `fn` in the request's transaction, scoped to the caller's tenant for row-level security
 * (`ctx.state.tx` is set for the code inside); for a customer, a customer transaction
 * (`db.customerTx`). Committed when `fn` returns, rolled back when it throws. For handlers that
 * validate and call other services before they write.
 */
export function inRequestTx<T>(ctx: AppContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return requestTx(ctx, fn, () => true);
}

/**
 * `inRequestTx` for a step that only reads (the settings and copies a handler checks before it
 * asks another service): over the network no BEGIN or COMMIT (decision 54), and the database
 * refuses a write in it. A customer's read is a customer transaction, as in `withRead`.
 */
export async function inRequestRead<T>(ctx: AppContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const scope = scopeOf(ctx);
  if (ctx.state.tx) return fn(ctx.state.tx);
  return scope.customerEmail !== undefined
    ? ctx.kit.db.customerTx(scope.tenantId, scope.customerEmail, fn)
    : ctx.kit.db.tenantRead(scope.tenantId, fn);
}

/**
 * The explicit transaction step of a route, placed after the guards: the rest of the chain runs
 * in the request transaction, committed only when the response is a success. Scoped to the
 * caller: a staff principal's or a visitor's tenant, or a customer's tenant and e-mail.
 */
export const withTx: AppMiddleware = (ctx, next) =>
  requestTx(
    ctx,
    async (tx) => {
      await next();
      // A keyed POST's answer commits with its work (src/http/idempotency.ts).
      if (ctx.status < 400) await storeAnswerInTx(ctx, tx);
    },
    () => ctx.status < 400,
  );

/**
 * The step of a route that only reads, in place of `withTx`: the rest of the chain runs in a
 * read of the caller's tenant (`db.tenantRead`, `ctx.state.tx` as with withTx), which on the
 * server costs no BEGIN or COMMIT (decision 54). The database refuses any write in it, so a
 * route that writes on the side (a tenant's defaults created on first read, say) keeps withTx.
 */
export const withRead: AppMiddleware = async (ctx, next) => {
  const scope = scopeOf(ctx);
  if (ctx.state.tx) return next();
  const read = async (tx: Tx) => {
    ctx.state.tx = tx;
    await next();
  };
  try {
    // A customer's read is a customer transaction: the setting the customer policy compares is
    // local to a transaction, never left on a pooled session (decision 56).
    if (scope.customerEmail !== undefined)
      await ctx.kit.db.customerTx(scope.tenantId, scope.customerEmail, read);
    else await ctx.kit.db.tenantRead(scope.tenantId, read);
  } finally {
    ctx.state.tx = undefined as unknown as Tx;
  }
};

// --- visitors and customers (decision 56) -----------------------------------------------------

export const VISITOR_REQUIRED_MESSAGE = "Open this through the venue's booking page.";

/**
 * A visitor of a venue's public page: the gateway's signed visitor (the venue it resolved from
 * the slug, the client address), refused when unsigned, forged or stale, and never a staff
 * principal or a customer in its place. A route with a `:slug` parameter must be the slug the
 * header was signed for. Sets `ctx.state.visitor`; honours Idempotency-Key per venue. Place
 * `withTx` / `withRead` after it as on staff routes: they scope to the visitor's tenant.
 */
export const requireVisitor: AppMiddleware = async (ctx, next) => {
  const visitor = decodeVisitor(
    headerValue(ctx, VISITOR_HEADER),
    headerValue(ctx, VISITOR_SIGNATURE_HEADER),
    internalSecret(),
  );
  if (!visitor) throw new HttpError(401, VISITOR_REQUIRED_MESSAGE);
  const slug = ctx.params?.slug;
  if (slug !== undefined && slug !== visitor.slug) throw new HttpError(401, VISITOR_REQUIRED_MESSAGE);
  ctx.state.visitor = visitor;
  await idempotent(ctx, next, { tenantId: visitor.tenantId, caller: `visitor:${visitor.slug}` });
};

/**
 * A signed-in customer of one venue: the gateway's signed customer (it verified the customer
 * access token, audience `venue-portal`, and checked the session with admin), refused when
 * unsigned, forged or past the token's expiry. A staff principal or token is never accepted
 * here, and `requireAuth` never accepts a customer. Sets `ctx.state.customer`; honours
 * Idempotency-Key per customer. `withCustomerTx` (or `withTx` / `withRead`) after it runs the
 * rest in a customer transaction.
 */
export const requireCustomer: AppMiddleware = async (ctx, next) => {
  const customer = decodeCustomer(
    headerValue(ctx, CUSTOMER_HEADER),
    headerValue(ctx, CUSTOMER_SIGNATURE_HEADER),
    internalSecret(),
  );
  if (!customer) throw new HttpError(401, PORTAL_SIGN_IN_MESSAGE, { code: PORTAL_SESSION_ENDED_CODE });
  ctx.state.customer = customer;
  await idempotent(ctx, next, { tenantId: customer.tenantId, caller: `customer:${customer.customerId}` });
};

/**
 * The transaction step of a portal route: the rest of the chain runs in a customer transaction
 * (`db.customerTx`: the tenant and `app.customer_email` set for row-level security), committed
 * only when the response is a success. 401 unless `requireCustomer` ran before it.
 */
export const withCustomerTx: AppMiddleware = async (ctx, next) => {
  if (!(ctx.state as Partial<typeof ctx.state>).customer) {
    throw new HttpError(401, PORTAL_SIGN_IN_MESSAGE, { code: PORTAL_SESSION_ENDED_CODE });
  }
  await withTx(ctx, next);
};

function principalOf(ctx: AppContext): Principal {
  const p = ctx.state.principal as Principal | undefined;
  if (!p) throw new HttpError(401, AUTH_REQUIRED_MESSAGE);
  return p;
}

/** 403 unless the caller may open the page `key` (owners and super admins always may). */
export function requirePermission(key: PermissionKey): AppMiddleware {
  return async (ctx, next) => {
    if (!hasPermission(principalOf(ctx), key)) throw new HttpError(403, ACCESS_DENIED_MESSAGE);
    await next();
  };
}

/** 403 unless the caller has one of `roles`. */
export function requireRole(...roles: Role[]): AppMiddleware {
  return async (ctx, next) => {
    if (!roles.includes(principalOf(ctx).role)) throw new HttpError(403, ACCESS_DENIED_MESSAGE);
    await next();
  };
}

/**
 * A hall-owner id in the path (or, failing that, the query) must be the caller's tenant;
 * a super admin may name any. Absent → the handler uses the caller's tenant.
 */
export function requireTenantParam(name: string): AppMiddleware {
  return async (ctx, next) => {
    const principal = principalOf(ctx);
    const fromPath = ctx.params?.[name];
    const fromQuery = ctx.query[name];
    const values = fromPath !== undefined ? [fromPath] : fromQuery === undefined ? [] : [fromQuery].flat();
    if (principal.role !== 'super_admin' && values.some((v) => v !== principal.tenantId)) {
      throw new HttpError(403, OWN_TENANT_ONLY_MESSAGE);
    }
    await next();
  };
}

/** Service-to-service routes (`/internal/*`, never routed by the gateway): the shared secret or 401. */
export const requireInternal: AppMiddleware = async (ctx, next) => {
  const presented = headerValue(ctx, INTERNAL_AUTH_HEADER);
  if (!presented || !safeEqual(presented, internalSecret())) {
    throw new HttpError(401, 'Internal credentials required.');
  }
  await next();
};
