import type { Next } from 'koa';
import {
  hasPermission,
  INTERNAL_AUTH_HEADER,
  PRINCIPAL_HEADER,
  PRINCIPAL_SIGNATURE_HEADER,
  type PermissionKey,
  type Principal,
  type Role,
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
import { runRollbackable } from '../db/database.ts';
import { publicKey } from './keys.ts';
import {
  bearerToken,
  decodePrincipal,
  internalSecret,
  InvalidTokenError,
  safeEqual,
  verifyAccessToken,
} from './tokens.ts';

function headerValue(ctx: AppContext, name: string): string | undefined {
  const v = ctx.get(name);
  return v === '' ? undefined : v;
}

async function authenticate(ctx: AppContext): Promise<Principal> {
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

  // The gateway's signed copy saves a round trip; anything unsigned, forged or stale is ignored.
  let principal: Principal | null = decodePrincipal(
    headerValue(ctx, PRINCIPAL_HEADER),
    headerValue(ctx, PRINCIPAL_SIGNATURE_HEADER),
    internalSecret(),
  );
  if (!principal || principal.userId !== claims.sub || principal.tokenVersion !== claims.pv) {
    principal = await ctx.kit.resolvePrincipal(claims.sub);
  }
  if (!principal || principal.userId !== claims.sub || principal.tokenVersion !== claims.pv) {
    throw new HttpError(401, SESSION_EXPIRED_MESSAGE);
  }
  return principal;
}

async function authMiddleware(ctx: AppContext, next: Next): Promise<void> {
  const principal = await authenticate(ctx);
  ctx.state.principal = principal;
  // The request's one transaction, scoped to the caller's tenant for row-level security;
  // committed only when the response is a success.
  await runRollbackable(
    (fn) => ctx.kit.db.tenantTx(principal.tenantId, fn),
    async (tx) => {
      ctx.state.tx = tx;
      await next();
      return { value: undefined, commit: ctx.status < 400 };
    },
  );
}

/**
 * Verifies the bearer token, loads the current principal and opens the request transaction
 * (`ctx.state.principal`, `ctx.state.claims`, `ctx.state.tx`). Use as `requireAuth` or
 * `requireAuth()`.
 */
export function requireAuth(): AppMiddleware;
export function requireAuth(ctx: AppContext, next: Next): Promise<void>;
export function requireAuth(ctx?: AppContext, next?: Next): AppMiddleware | Promise<void> {
  if (ctx === undefined || next === undefined) return authMiddleware;
  return authMiddleware(ctx, next);
}

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
