import { tooManySignInAttemptsMessage } from '@venue/contracts';
import { addressKey } from '@venue/service-kit';
import { clientIp } from './client-ip.ts';
import { sendError } from './errors.ts';
import type { GatewayMiddleware } from './state.ts';

export interface RateLimitOptions {
  /** Requests allowed per window per key. */
  max: number;
  windowMs: number;
}

/**
 * Sliding-window log: the timestamps of the last `max` hits per key. Exact (no burst at window
 * edges) and small, since a key never holds more than `max` entries. In-memory, so each gateway
 * instance limits on its own; that is enough to blunt password guessing from one address.
 */
export class SlidingWindowLimiter {
  readonly max: number;
  readonly windowMs: number;
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(options: RateLimitOptions) {
    this.max = options.max;
    this.windowMs = options.windowMs;
  }

  /** Records a hit; returns 0 when allowed, else the milliseconds until the next slot frees. */
  hit(key: string, now = Date.now()): number {
    this.sweep(now);
    const since = now - this.windowMs;
    const log = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (log.length >= this.max) {
      this.hits.set(key, log);
      return log[0]! + this.windowMs - now;
    }
    log.push(now);
    this.hits.set(key, log);
    return 0;
  }

  /** Drops idle keys now and then so a scan from many addresses cannot grow the map forever. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const since = now - this.windowMs;
    for (const [key, log] of this.hits) {
      if (log[log.length - 1]! <= since) this.hits.delete(key);
    }
  }
}

/**
 * Limits `POST /api/login` per client address (IPv6 per /64, see `addressKey`). Admin throttles
 * failed sign-ins more finely; this cap only keeps one address from flooding it.
 */
export function loginRateLimit(options: RateLimitOptions): GatewayMiddleware {
  const limiter = new SlidingWindowLimiter(options);
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || (ctx.path !== '/api/login' && ctx.path !== '/api/login/')) return next();
    const ip = clientIp(ctx);
    const waitMs = limiter.hit(addressKey(ip));
    if (waitMs > 0) {
      ctx.state.log.warn({ ip }, 'login rate limit reached');
      const retryAfter = Math.ceil(waitMs / 1000);
      ctx.set('Retry-After', String(retryAfter));
      sendError(ctx, 429, tooManySignInAttemptsMessage(retryAfter), { code: 'too-many-requests' });
      return;
    }
    return next();
  };
}
