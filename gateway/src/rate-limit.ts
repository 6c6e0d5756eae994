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
 * edges) and small, since a key never holds more than `max` live entries. In-memory, so each
 * gateway instance limits on its own; that is enough to blunt password guessing from one address.
 * Each key's log is a queue with a moving head: a hit drops the expired entries from the front
 * and appends, so it costs the same whether the limit is 10 or a venue's 12,000 (copying the log
 * on every hit grew with the traffic).
 */
export class SlidingWindowLimiter {
  readonly max: number;
  readonly windowMs: number;
  private readonly hits = new Map<string, { times: number[]; head: number }>();
  private lastSweep = 0;

  constructor(options: RateLimitOptions) {
    this.max = options.max;
    this.windowMs = options.windowMs;
  }

  /** Records a hit; returns 0 when allowed, else the milliseconds until the next slot frees. */
  hit(key: string, now = Date.now()): number {
    this.sweep(now);
    const since = now - this.windowMs;
    let log = this.hits.get(key);
    if (!log) {
      log = { times: [], head: 0 };
      this.hits.set(key, log);
    }
    while (log.head < log.times.length && log.times[log.head]! <= since) log.head++;
    // Compact once the dropped part outgrows the live part (amortised: each entry is moved once).
    if (log.head > 64 && log.head * 2 > log.times.length) {
      log.times = log.times.slice(log.head);
      log.head = 0;
    }
    if (log.times.length - log.head >= this.max) return log.times[log.head]! + this.windowMs - now;
    log.times.push(now);
    return 0;
  }

  /** Drops idle keys now and then so a scan from many addresses cannot grow the map forever. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const since = now - this.windowMs;
    for (const [key, log] of this.hits) {
      if (log.times.length === 0 || log.times[log.times.length - 1]! <= since) this.hits.delete(key);
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
