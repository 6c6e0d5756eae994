import Koa from 'koa';
import { pino, type Logger } from 'pino';
import {
  DEFAULT_MAX_BODY_BYTES,
  defaultStaticRoot,
  resolveTargets,
  type ServiceTimeouts,
  type ServiceUrls,
} from './config.ts';
import { apiDocs } from './api-docs.ts';
import { adminApiKeyLookup, ApiKeyCache, apiKeyGate } from './api-keys.ts';
import { healthRoute } from './health.ts';
import { internalEvents, startNatsFeed, type NatsFeedConfig } from './event-feed.ts';
import { proxiedProtocol } from './client-ip.ts';
import { adminLookup, identity, internalSecret, loadPublicKey, type PublicKey } from './identity.ts';
import { PrincipalCache } from './principal-cache.ts';
import { declaredSizeLimit, proxy } from './proxy.ts';
import { door, doorLimitsFromEnv, doorRoutes, type DoorLimits } from './door.ts';
import type { RouteTable } from '@venue/contracts/api';
import { CustomerSessions, VenueCache } from './door-caches.ts';
import { portalApp } from './portal-app.ts';
import { publicPages } from './public-pages.ts';
import { loginRateLimit, type RateLimitOptions } from './rate-limit.ts';
import { requestContext } from './request-context.ts';
import { blockInternal, routeToService } from './routing.ts';
import { securityHeaders } from './security.ts';
import { remotesConfig } from './remotes-config.ts';
import { staticFiles } from './static-files.ts';
import { Upstreams } from './upstreams.ts';
import type { GatewayMiddleware, GatewayState } from './state.ts';

export interface GatewayOptions {
  /** Base URL per service; default `<NAME>_URL`, else `http://127.0.0.1:<defaultPort>`. */
  serviceUrls?: ServiceUrls;
  /** Upstream timeout per service; default SERVICES[].timeoutMs. */
  timeouts?: ServiceTimeouts;
  /** Folder holding `shell/dist` and `mfe-<name>/dist`; default STATIC_ROOT or the repo root. */
  staticRoot?: string;
  logger?: Logger;
  /** Largest request body accepted, in bytes (default 10 MB). */
  maxBodyBytes?: number;
  /** `POST /api/login` attempts per client address (default 20 per minute). */
  loginRateLimit?: RateLimitOptions;
  /**
   * Believe the proxy in front of the gateway: its X-Forwarded-For (the client's address) and
   * X-Forwarded-Proto or Forwarded `proto` (whether the browser used HTTPS, which makes the
   * refresh cookie `Secure`). Default: env TRUST_PROXY=true; never when clients reach the gateway
   * directly, since they could then choose both.
   */
  trustProxy?: boolean;
  /** Budget for each service's `/health` probe (default 1500 ms). */
  healthTimeoutMs?: number;
  /** Access-token verification key; default AUTH_PUBLIC_KEY / AUTH_PUBLIC_KEY_FILE. */
  publicKey?: PublicKey;
  /** Default INTERNAL_SECRET. */
  internalSecret?: string;
  /** How long a cached principal is used without asking admin (default 30 s; decision 20). */
  principalCacheTtlMs?: number;
  /** Budget for one principal look-up on admin (default 2 s); past it the token's snapshot serves. */
  principalLookupTimeoutMs?: number;
  /** Admin's events from JetStream; default NATS_URL, `false` for the relay's HTTP posts only. */
  nats?: NatsFeedConfig | false;
  /** Requests per API key (default 600 per minute), per gateway replica. */
  apiKeyRateLimit?: RateLimitOptions;
  /**
   * The public booking pages' limits per client address and per venue (door.ts; default
   * DEFAULT_DOOR_LIMITS scaled by PUBLIC_RATE_LIMIT_SCALE), per gateway replica.
   */
  doorLimits?: DoorLimits;
  /** How long a venue's slug and a customer session are used without asking admin (default 30 s). */
  doorCacheTtlMs?: number;
  /** The route tables the door routes public and portal calls by (default every table in contracts). */
  doorTables?: readonly RouteTable[];
}

export interface Gateway extends Koa<GatewayState> {
  /** Closes the event feed and the upstream connection pools (after the HTTP server has stopped accepting). */
  close(): Promise<void>;
  /** The principal cache (tests look at it). */
  readonly principals: PrincipalCache;
  /** The API key cache (tests look at it). */
  readonly apiKeys: ApiKeyCache;
  /** Venues by slug and customer sessions (decision 56; tests look at them). */
  readonly venues: VenueCache;
  readonly customers: CustomerSessions;
}

/** Runs middleware in order as one; `next` of the last one continues the outer chain. */
function chain(middleware: GatewayMiddleware[]): GatewayMiddleware {
  return (ctx, next) => {
    const dispatch = (i: number): Promise<unknown> =>
      i === middleware.length ? next() : Promise.resolve(middleware[i]!(ctx, () => dispatch(i + 1)));
    return dispatch(0);
  };
}

function once<T>(fn: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = fn();
      done = true;
    }
    return value;
  };
}

/**
 * Said once: a proxy in front says the product was reached over HTTPS, but TRUST_PROXY is off,
 * so its X-Forwarded-* are ignored (they could be a client's own) and the refresh cookie goes out
 * without `Secure`. The operator fixes it by setting TRUST_PROXY=true (docs/deploy.md).
 */
function untrustedProxyWarning(logger: Logger): GatewayMiddleware {
  let warned = false;
  return (ctx, next) => {
    if (!warned && proxiedProtocol(ctx.req.headers) === 'https') {
      warned = true;
      logger.warn(
        'a request says it came through a proxy over HTTPS, but TRUST_PROXY is not true: X-Forwarded-* are ignored, so the refresh cookie is not marked Secure and limits count the proxy as one client. Set TRUST_PROXY=true if the gateway is reached only through that proxy.',
      );
    }
    return next();
  };
}

interface GatewayCaches {
  principals: PrincipalCache;
  apiKeys: ApiKeyCache;
  venues: VenueCache;
  customers: CustomerSessions;
}

/** What the gateway keeps of admin's answers: principals, API keys, venues and customer sessions. */
function createCaches(
  options: GatewayOptions,
  upstreams: Upstreams,
  secret: () => string,
  logger: Logger,
): GatewayCaches {
  const timeoutMs = options.principalLookupTimeoutMs ?? 2000;
  const principals = new PrincipalCache({
    lookup: adminLookup({ upstreams, secret, timeoutMs }),
    ttlMs: options.principalCacheTtlMs,
    onAdminUnavailable: (err) =>
      logger.warn(
        { err: err.cause ?? err, failure: err.failure },
        'admin cannot be asked for principals; sessions continue on cached and token principals',
      ),
  });
  const apiKeys = new ApiKeyCache({ lookup: adminApiKeyLookup({ upstreams, secret, timeoutMs }) });
  const venues = new VenueCache({ upstreams, secret, timeoutMs, ttlMs: options.doorCacheTtlMs });
  const customers = new CustomerSessions({ upstreams, secret, timeoutMs, ttlMs: options.doorCacheTtlMs });
  return { principals, apiKeys, venues, customers };
}

/** Admin's events from JetStream, unless turned off or no NATS_URL is set. */
function natsConfigOf(options: GatewayOptions): NatsFeedConfig | undefined {
  if (options.nats === false) return undefined;
  const natsUrl = process.env.NATS_URL;
  return options.nats ?? (natsUrl ? { url: natsUrl } : undefined);
}

/** The staff API under /api: health, login limit, routing, size limit, identity, then the service. */
function staffApi(
  options: GatewayOptions,
  upstreams: Upstreams,
  caches: GatewayCaches,
  keys: { publicKey: () => Promise<PublicKey>; secret: () => string },
  maxBodyBytes: number,
): GatewayMiddleware {
  return chain([
    healthRoute(upstreams, options.healthTimeoutMs ?? 1500),
    loginRateLimit(options.loginRateLimit ?? { max: 20, windowMs: 60_000 }),
    routeToService(upstreams),
    declaredSizeLimit(maxBodyBytes),
    identity({
      upstreams,
      publicKey: keys.publicKey,
      cache: caches.principals,
      apiKeys: apiKeyGate({
        cache: caches.apiKeys,
        rateLimit: options.apiKeyRateLimit,
        adminArea: () => upstreams.target('admin').def.area,
      }),
    }),
    proxy({ upstreams, maxBodyBytes, secret: keys.secret }),
  ]);
}

export function createGateway(options: GatewayOptions = {}): Gateway {
  const logger = options.logger ?? pino({ name: 'gateway', level: process.env.LOG_LEVEL ?? 'info' });
  const upstreams = new Upstreams(resolveTargets(options.serviceUrls, options.timeouts));
  upstreams.startHealthWatch();
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // Keys are read on first use so tests and the launcher can set the environment after import.
  const publicKey = options.publicKey ? async () => options.publicKey! : once(() => loadPublicKey());
  const secret = options.internalSecret ? () => options.internalSecret! : once(() => internalSecret());

  const app = new Koa<GatewayState>() as Gateway;
  app.proxy = options.trustProxy ?? process.env.TRUST_PROXY === 'true';
  // With a trusted proxy, only the address it saw is believed, not what the client wrote before it.
  app.maxIpsCount = 1;
  app.silent = true;
  app.on('error', (err: Error) => logger.warn({ err }, 'response error'));

  const caches = createCaches(options, upstreams, secret, logger);
  const { principals, apiKeys, venues, customers } = caches;
  const doorCaches = { venues, customers };
  const natsConfig = natsConfigOf(options);
  const feed = natsConfig ? startNatsFeed(natsConfig, principals, logger, apiKeys, doorCaches) : undefined;
  const api = staffApi(options, upstreams, caches, { publicKey, secret }, maxBodyBytes);

  app.use(requestContext(logger));
  if (!app.proxy) app.use(untrustedProxyWarning(logger));
  app.use(securityHeaders());
  // The one internal path served here, for the outbox relay only; every other one is blocked.
  app.use(internalEvents({ cache: principals, secret, apiKeys, door: doorCaches }));
  app.use(blockInternal());
  // The API reference (/api/openapi.json, /api/docs): public, answered here, never proxied.
  app.use(apiDocs());
  // The customer's door (decision 56): a venue's visitors and its signed-in customers.
  app.use(
    door({
      upstreams,
      venues,
      customers,
      publicKey,
      maxBodyBytes,
      limits: options.doorLimits ?? doorLimitsFromEnv(),
      routes: doorRoutes(options.doorTables),
      forward: proxy({ upstreams, maxBodyBytes, secret }),
    }),
  );
  app.use((ctx, next) => (ctx.path === '/api' || ctx.path.startsWith('/api/') ? api(ctx, next) : next()));
  // Pages a service renders for visitors without an account (money's /pay/{token}): no identity.
  app.use(publicPages({ upstreams, forward: proxy({ upstreams, maxBodyBytes: 16 * 1024, secret }) }));
  const staticRoot = options.staticRoot ?? defaultStaticRoot();
  // The customers' light app at /book/* and /my/* (decision 56), before the shell's fallback.
  app.use(portalApp({ root: staticRoot }));
  app.use(remotesConfig({ root: staticRoot }));
  app.use(staticFiles({ root: staticRoot }));

  app.close = async () => {
    await feed?.close();
    await upstreams.close();
  };
  for (const [name, cache] of Object.entries(caches)) Object.defineProperty(app, name, { value: cache });
  return app;
}
