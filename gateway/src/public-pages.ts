import type { ServiceName } from '@venue/contracts';
import { addressKey } from '@venue/service-kit';
import { clientIp } from './client-ip.ts';
import { sendError } from './errors.ts';
import { SlidingWindowLimiter, type RateLimitOptions } from './rate-limit.ts';
import type { Upstreams } from './upstreams.ts';
import type { GatewayMiddleware } from './state.ts';

/**
 * Pages a service renders itself for visitors who never sign in, on the product's one origin:
 * `/pay/{token}` is money's payment link page (decision 43). They are proxied with no identity
 * at all (the visitor's cookies and any bearer token are not passed on), only GET and the
 * page's own form POSTs, small bodies, and a per-address rate limit.
 */
export const PUBLIC_PAGES: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/pay', service: 'money' },
];

const MAX_BODY_BYTES = 16 * 1024;

export interface PublicPagesOptions {
  upstreams: Upstreams;
  /** The proxy step (proxy.ts), given the routed target. */
  forward: GatewayMiddleware;
  /** Requests per client address (default 120 per minute). */
  rateLimit?: RateLimitOptions;
}

export function publicPages(opts: PublicPagesOptions): GatewayMiddleware {
  const limiter = new SlidingWindowLimiter(opts.rateLimit ?? { max: 120, windowMs: 60_000 });
  return async (ctx, next) => {
    const page = PUBLIC_PAGES.find((p) => ctx.path.startsWith(p.prefix + '/'));
    if (!page) return next();
    if (!['GET', 'HEAD', 'POST'].includes(ctx.method)) return sendError(ctx, 405, 'Method not allowed');
    const waitMs = limiter.hit(addressKey(clientIp(ctx)));
    if (waitMs > 0) {
      ctx.set('Retry-After', String(Math.ceil(waitMs / 1000)));
      return sendError(ctx, 429, 'Too many requests. Please try again shortly.', {
        code: 'too-many-requests',
      });
    }
    const length = Number(ctx.get('content-length') || 0);
    if (length > MAX_BODY_BYTES) return sendError(ctx, 413, 'Request body is too large.');
    delete ctx.req.headers.cookie;
    delete ctx.req.headers.authorization;
    ctx.state.target = opts.upstreams.target(page.service);
    return opts.forward(ctx, next);
  };
}
