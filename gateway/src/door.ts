/**
 * The customer's door at the gateway (issue 25, decision 56).
 *
 * `/api/public/venues/{slug}/…`: a visitor. The slug is resolved through admin (VenueCache); an
 * unknown slug or a venue with online bookings off is a 404 before any service is reached. The
 * request is limited per client address (an IPv6 /64 is one address) and per venue, sending
 * (POST: a request, its verification, a sign-in link) far tighter than reading, and goes to the
 * owning service with the signed visitor header (the venue, the slug, the client address). No
 * cookie and no bearer token go with it: a public answer is nobody's.
 *
 * `/api/portal/…`: a customer. A call the route tables mark `customer` needs a customer access
 * token (audience `venue-portal`: a staff token is refused here, as a customer token is on
 * every staff route) whose session admin says is live (CustomerSessions); the service gets the
 * signed customer header. The session calls themselves (`public` in the tables) work from the
 * refresh cookie and pass without a token.
 *
 * The owning service of each call comes from the route tables in contracts, never a list here:
 * a call that is not in a table is a 404.
 */
import {
  CUSTOMER_TOKEN_AUDIENCE,
  PORTAL_SESSION_ENDED_CODE,
  PORTAL_SIGN_IN_MESSAGE,
  VENUE_NOT_ONLINE_MESSAGE,
  type CustomerPrincipal,
  type ServiceName,
} from '@venue/contracts';
import { API_ROUTE_TABLES } from '@venue/contracts/openapi';
import { VENUE_PUBLIC_PREFIX, type RouteTable } from '@venue/contracts/api';
import { addressKey, bearerToken, InvalidTokenError, verifyCustomerToken } from '@venue/service-kit';
import { clientIp } from './client-ip.ts';
import type { CustomerSessions, VenueCache } from './door-caches.ts';
import { sendError, sendUpstreamFailure } from './errors.ts';
import type { PublicKey } from './identity.ts';
import { tooLarge } from './proxy.ts';
import { declaredLength } from './body-limit.ts';
import { SlidingWindowLimiter, type RateLimitOptions } from './rate-limit.ts';
import type { Upstreams } from './upstreams.ts';
import type { GatewayContext, GatewayMiddleware } from './state.ts';

export const PUBLIC_PREFIX = '/api/public/';
export const PORTAL_PREFIX = '/api/portal/';

/** One call of the door as the route tables declare it. */
export interface DoorRoute {
  method: string;
  path: string;
  service: ServiceName;
  access: string;
  pattern: RegExp;
}

/** The public and portal calls of every route table, literal paths first. */
export function doorRoutes(tables: readonly RouteTable[] = API_ROUTE_TABLES): DoorRoute[] {
  const routes: DoorRoute[] = [];
  for (const route of tables.flat()) {
    if (
      !route.path.startsWith(VENUE_PUBLIC_PREFIX) &&
      !route.path.startsWith(PORTAL_PREFIX) &&
      route.path !== '/api/portal'
    )
      continue;
    const pattern = new RegExp(
      `^${route.path
        .split('/')
        .map((seg) => (/^\{\w+\}$/.test(seg) ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}$`,
    );
    routes.push({
      method: route.method.toUpperCase(),
      path: route.path,
      service: route.service,
      access: route.access,
      pattern,
    });
  }
  // Literal segments win over parameters: /api/portal/session before /api/portal/{x}.
  const params = (r: DoorRoute) => (r.path.match(/\{/g) ?? []).length;
  return routes.sort((a, b) => params(a) - params(b));
}

export function matchDoorRoute(
  routes: readonly DoorRoute[],
  method: string,
  path: string,
): DoorRoute | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  return routes.find((r) => r.method === m && r.pattern.test(path));
}

/**
 * The door's limits. Reading (GET, and POST …/quote, which only prices a slot) and sending
 * (every other POST: a request, its verification, a sign-in link) are counted apart, per
 * client address and per venue. Each is a sliding window per gateway replica.
 */
export interface DoorLimits {
  addressReads: RateLimitOptions;
  addressSends: RateLimitOptions;
  venueReads: RateLimitOptions;
  venueSends: RateLimitOptions;
}

export const DEFAULT_DOOR_LIMITS: DoorLimits = {
  addressReads: { max: 600, windowMs: 60_000 },
  addressSends: { max: 20, windowMs: 10 * 60_000 },
  venueReads: { max: 12_000, windowMs: 60_000 },
  venueSends: { max: 300, windowMs: 10 * 60_000 },
};

/** The defaults scaled by PUBLIC_RATE_LIMIT_SCALE (a load test or an event day raises them). */
export function doorLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): DoorLimits {
  const scale = Number(env.PUBLIC_RATE_LIMIT_SCALE ?? '1');
  const k = Number.isFinite(scale) && scale > 0 ? scale : 1;
  const scaled = (o: RateLimitOptions) => ({ max: Math.max(1, Math.round(o.max * k)), windowMs: o.windowMs });
  return {
    addressReads: scaled(DEFAULT_DOOR_LIMITS.addressReads),
    addressSends: scaled(DEFAULT_DOOR_LIMITS.addressSends),
    venueReads: scaled(DEFAULT_DOOR_LIMITS.venueReads),
    venueSends: scaled(DEFAULT_DOOR_LIMITS.venueSends),
  };
}

/** A visitor's request body is a form: far below the uploads' limit. */
export const PUBLIC_MAX_BODY_BYTES = 64 * 1024;
const SLUG = /^[a-z0-9][a-z0-9-]{0,58}[a-z0-9]?$/;

export const TOO_MANY_MESSAGE = 'Too many requests. Please wait a moment and try again.';

function isSending(method: string, path: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && !path.endsWith('/quote');
}

export interface DoorOptions {
  upstreams: Upstreams;
  venues: VenueCache;
  customers: CustomerSessions;
  publicKey: () => Promise<PublicKey>;
  /** The proxy step (proxy.ts), given the routed target and the caller. */
  forward: GatewayMiddleware;
  maxBodyBytes: number;
  limits?: DoorLimits;
  /** The calls (default: from every route table). */
  routes?: readonly DoorRoute[];
}

type DoorLimiters = { [K in keyof DoorLimits]: SlidingWindowLimiter };
type DoorStep = (ctx: GatewayContext, next: () => Promise<unknown>) => Promise<void>;

function tooMany(ctx: GatewayContext, waitMs: number, what: string): void {
  ctx.state.log.warn({ ip: clientIp(ctx), path: ctx.path, limit: what }, 'public rate limit reached');
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
  sendError(ctx, 429, TOO_MANY_MESSAGE, { code: 'too-many-requests' });
}

function notOnline(ctx: GatewayContext): void {
  sendError(ctx, 404, VENUE_NOT_ONLINE_MESSAGE);
}

function signIn(ctx: GatewayContext): void {
  ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
  sendError(ctx, 401, PORTAL_SIGN_IN_MESSAGE, { code: PORTAL_SESSION_ENDED_CODE });
}

/** A visitor's call under /api/public/venues/{slug}/…: limited, its venue resolved, then forwarded. */
function visitorDoor(opts: DoorOptions, routes: readonly DoorRoute[], limits: DoorLimits): DoorStep {
  const limiter: DoorLimiters = {
    addressReads: new SlidingWindowLimiter(limits.addressReads),
    addressSends: new SlidingWindowLimiter(limits.addressSends),
    venueReads: new SlidingWindowLimiter(limits.venueReads),
    venueSends: new SlidingWindowLimiter(limits.venueSends),
  };
  const adminArea = () => opts.upstreams.target('admin').def.area;

  return async (ctx, next) => {
    const raw = ctx.path.slice(VENUE_PUBLIC_PREFIX.length).split('/')[0] ?? '';
    let slug: string;
    try {
      slug = decodeURIComponent(raw);
    } catch {
      return notOnline(ctx);
    }
    const sending = isSending(ctx.method, ctx.path);
    const address = clientIp(ctx);
    const byAddress = (sending ? limiter.addressSends : limiter.addressReads).hit(addressKey(address));
    if (byAddress > 0) return tooMany(ctx, byAddress, sending ? 'address-sends' : 'address-reads');
    if (!SLUG.test(slug)) return notOnline(ctx);
    const verdict = await opts.venues.resolve(slug);
    if (verdict.kind === 'unavailable') return sendUpstreamFailure(ctx, verdict.failure, adminArea());
    if (verdict.kind === 'none' || !verdict.venue.enabled) return notOnline(ctx);
    const byVenue = (sending ? limiter.venueSends : limiter.venueReads).hit(slug);
    if (byVenue > 0) return tooMany(ctx, byVenue, sending ? 'venue-sends' : 'venue-reads');
    const route = matchDoorRoute(routes, ctx.method, ctx.path);
    if (!route) return sendError(ctx, 404, 'Not found');
    const length = declaredLength(ctx.get('content-length') || undefined);
    if (length !== null && length > PUBLIC_MAX_BODY_BYTES) return tooLarge(ctx, PUBLIC_MAX_BODY_BYTES);
    // Nothing of the visitor's own goes on: no cookie, no token.
    delete ctx.req.headers.cookie;
    delete ctx.req.headers.authorization;
    ctx.state.target = opts.upstreams.target(route.service);
    ctx.state.visitor = { tenantId: verdict.venue.tenantId, slug: verdict.venue.slug, address };
    await opts.forward(ctx, next);
  };
}

/**
 * The customer a `customer` call's bearer token names, when the token verifies and admin says
 * its session is live; otherwise undefined (the caller is asked to sign in).
 */
async function customerOf(ctx: GatewayContext, opts: DoorOptions): Promise<CustomerPrincipal | undefined> {
  const token = bearerToken(ctx.get('authorization') || undefined);
  if (!token) return undefined;
  let claims;
  try {
    claims = await verifyCustomerToken(token, await opts.publicKey());
  } catch (err) {
    if (!(err instanceof InvalidTokenError)) throw err;
    ctx.state.log.info({ reason: err.message, audience: CUSTOMER_TOKEN_AUDIENCE }, 'rejected customer token');
    return undefined;
  }
  const verdict = await opts.customers.resolve(claims);
  if (verdict.kind === 'ended') return undefined;
  return { ...verdict.customer, sessionId: claims.sid, exp: claims.exp };
}

/** A customer's call under /api/portal/…: a live session where the table asks for one, then forwarded. */
function customerDoor(opts: DoorOptions, routes: readonly DoorRoute[]): DoorStep {
  return async (ctx, next) => {
    const route = matchDoorRoute(routes, ctx.method, ctx.path);
    if (!route) return sendError(ctx, 404, 'Not found');
    const length = declaredLength(ctx.get('content-length') || undefined);
    if (length !== null && length > opts.maxBodyBytes) return tooLarge(ctx, opts.maxBodyBytes);
    if (route.access === 'customer') {
      const customer = await customerOf(ctx, opts);
      if (!customer) return signIn(ctx);
      ctx.state.customer = customer;
    }
    // The session calls read the refresh cookie (sent only to /api/portal/session); the token
    // has done its work here.
    delete ctx.req.headers.authorization;
    ctx.state.target = opts.upstreams.target(route.service);
    await opts.forward(ctx, next);
  };
}

export function door(opts: DoorOptions): GatewayMiddleware {
  const routes = opts.routes ?? doorRoutes();
  const visitor = visitorDoor(opts, routes, opts.limits ?? doorLimitsFromEnv());
  const customer = customerDoor(opts, routes);

  return async (ctx, next) => {
    const isPublic = ctx.path === '/api/public' || ctx.path.startsWith(PUBLIC_PREFIX);
    const isPortal = ctx.path === '/api/portal' || ctx.path.startsWith(PORTAL_PREFIX);
    if (!isPublic && !isPortal) return next();
    if (ctx.method === 'CONNECT' || ctx.method === 'TRACE') return sendError(ctx, 405, 'Method not allowed');
    if (isPublic) {
      if (!ctx.path.startsWith(VENUE_PUBLIC_PREFIX)) return sendError(ctx, 404, 'Not found');
      return visitor(ctx, next);
    }
    return customer(ctx, next);
  };
}
