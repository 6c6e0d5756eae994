/**
 * API keys at the gateway (issue 10). A bearer credential starting `vd_live_` is a key, not a
 * JWT: the public id written into it names the key, admin verifies the key's SHA-256 (the key
 * itself never leaves the gateway) and answers the principal it acts as — a staff member of the
 * tenant holding the key's page permissions. Each key is rate limited on its own.
 *
 * Admin is asked on every request a key makes (issue 24 item 11): a revocation, or the owner's
 * deactivation or deletion, is committed in admin's database before its answer leaves, so the
 * very next request, on any gateway replica, is refused — no event has to arrive first. What
 * admin answered is kept only for while admin cannot be asked (down, or slower than the look-up
 * budget): then a key it vouched for keeps working until its expiry, as sessions do
 * (decision 20), unless `api_key.revoked` or an event about its owner arrived meanwhile.
 */
import { createHash } from 'node:crypto';
import {
  API_KEY_REFUSALS,
  apiKeyPublicId,
  apiKeyRateLimitMessage,
  INTERNAL_AUTH_HEADER,
  INVALID_API_KEY_CODE,
  INVALID_API_KEY_MESSAGE,
  type ApiKeyVerification,
  type Principal,
} from '@venue/contracts';
import { safeEqual } from '@venue/service-kit';
import { classifyUpstreamError, sendError, sendUpstreamFailure, type UpstreamFailure } from './errors.ts';
import { LookupFailure } from './principal-cache.ts';
import { SlidingWindowLimiter, type RateLimitOptions } from './rate-limit.ts';
import type { Upstreams } from './upstreams.ts';
import type { GatewayContext } from './state.ts';

export type ApiKeyLookup = (publicId: string, hash: string) => Promise<ApiKeyVerification>;

export type ApiKeyVerdict =
  | {
      kind: 'ok';
      publicId: string;
      principal: Principal;
      /** The key's expiry, ms since the epoch. */
      expiresAt: number;
      source: 'admin' | 'stale-cache';
    }
  | { kind: 'refused' }
  | { kind: 'unavailable'; failure: UpstreamFailure };

export interface ApiKeyCacheOptions {
  lookup: ApiKeyLookup;
  /** Largest number of keys kept for while admin is down (default 10 000); the oldest go first. */
  maxEntries?: number;
  /** After a failed look-up, how long admin is not asked again (default 2 s). */
  retryAfterMs?: number;
  now?: () => number;
}

interface Entry {
  hash: string;
  principal: Principal;
  expiresAt: number;
}

/** Revocations are remembered this long: enough for any look-up in flight when one lands. */
const REVOKED_MEMORY_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 30_000;

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export class ApiKeyCache {
  readonly #lookup: ApiKeyLookup;
  readonly #maxEntries: number;
  readonly #retryAfterMs: number;
  readonly #now: () => number;
  /** Public id → what admin last answered for it: used only while admin cannot be asked. */
  readonly #entries = new Map<string, Entry>();
  readonly #revoked = new Map<string, number>();
  /** Per owner (tenant), when an event about them last landed: answers asked before it are not kept. */
  readonly #ownerEvents = new Map<string, number>();
  #adminDownUntil = 0;
  #sweptAt = 0;

  constructor(options: ApiKeyCacheOptions) {
    this.#lookup = options.lookup;
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#retryAfterMs = options.retryAfterMs ?? 2_000;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  async resolve(key: string): Promise<ApiKeyVerdict> {
    const publicId = apiKeyPublicId(key);
    if (!publicId) return { kind: 'refused' };
    const hash = hashKey(key);
    const now = this.#now();
    this.#sweep(now);
    if ((this.#revoked.get(publicId) ?? 0) > now) return { kind: 'refused' };

    let entry = this.#entries.get(publicId);
    if (entry && entry.expiresAt <= now) {
      this.#entries.delete(publicId);
      return { kind: 'refused' };
    }
    // A key's hash never changes: another secret under a known id is a wrong key, no need to ask.
    if (entry && !safeEqual(entry.hash, hash)) return { kind: 'refused' };
    if (now < this.#adminDownUntil) return this.#fallback(publicId, entry, 'down');

    // Each request asks for itself: one joining a look-up that started before a revocation
    // committed would be let through after the owner was told the key is revoked.
    const askedAt = now;
    let answer: ApiKeyVerification;
    try {
      answer = await this.#lookup(publicId, hash);
    } catch (err) {
      if (!(err instanceof LookupFailure)) throw err;
      this.#adminDownUntil = this.#now() + this.#retryAfterMs;
      entry = this.#entries.get(publicId);
      return this.#fallback(publicId, entry && safeEqual(entry.hash, hash) ? entry : undefined, err.failure);
    }
    if (answer.status === 'refused') {
      this.#entries.delete(publicId);
      if (answer.reason === 'revoked') this.#revoked.set(publicId, this.#now() + REVOKED_MEMORY_MS);
      return { kind: 'refused' };
    }
    // A revocation that landed while admin was being asked wins over its answer.
    if ((this.#revoked.get(publicId) ?? 0) > this.#now()) return { kind: 'refused' };
    const fresh: Entry = { hash, principal: answer.principal, expiresAt: Date.parse(answer.expiresAt) };
    if (!((this.#ownerEvents.get(answer.principal.tenantId) ?? 0) >= askedAt)) this.#store(publicId, fresh);
    return this.#ok(publicId, fresh, 'admin');
  }

  /** `api_key.revoked`: the key is refused from its next request on, even while admin is down. */
  revoked(publicId: string): void {
    this.#entries.delete(publicId);
    this.#revoked.set(publicId, this.#now() + REVOKED_MEMORY_MS);
  }

  /**
   * Something changed about a user (`session.ended`, `principal.changed`): if they own keys,
   * what admin said of them is not used while admin is down, since a deactivated or deleted
   * owner's keys stop working.
   */
  ownerChanged(userId: string): void {
    this.#ownerEvents.set(userId, this.#now());
    for (const [id, e] of this.#entries) if (e.principal.tenantId === userId) this.#entries.delete(id);
  }

  #ok(publicId: string, entry: Entry, source: 'admin' | 'stale-cache'): ApiKeyVerdict {
    return { kind: 'ok', publicId, principal: entry.principal, expiresAt: entry.expiresAt, source };
  }

  /** Admin cannot be asked: a key it vouched for before keeps working, as sessions do. */
  #fallback(publicId: string, entry: Entry | undefined, failure: UpstreamFailure): ApiKeyVerdict {
    if (entry && entry.expiresAt > this.#now()) return this.#ok(publicId, entry, 'stale-cache');
    return { kind: 'unavailable', failure };
  }

  #store(publicId: string, entry: Entry): void {
    this.#entries.delete(publicId);
    this.#entries.set(publicId, entry);
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  #sweep(now: number): void {
    if (now - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now;
    for (const [id, e] of this.#entries) if (e.expiresAt <= now) this.#entries.delete(id);
    for (const [id, until] of this.#revoked) if (until <= now) this.#revoked.delete(id);
    for (const [id, at] of this.#ownerEvents) if (now - at > REVOKED_MEMORY_MS) this.#ownerEvents.delete(id);
  }
}

function isVerification(value: unknown): value is ApiKeyVerification {
  const v = value as { status?: unknown; reason?: unknown; expiresAt?: unknown; principal?: unknown } | null;
  if (typeof v !== 'object' || v === null) return false;
  if (v.status === 'refused') return (API_KEY_REFUSALS as readonly unknown[]).includes(v.reason);
  const p = v.principal as Partial<Principal> | null | undefined;
  return (
    v.status === 'live' &&
    typeof v.expiresAt === 'string' &&
    !Number.isNaN(Date.parse(v.expiresAt)) &&
    typeof p === 'object' &&
    p !== null &&
    typeof p.userId === 'string' &&
    typeof p.email === 'string' &&
    typeof p.tenantId === 'string' &&
    p.role === 'sub_user' &&
    typeof p.parentUserId === 'string' &&
    typeof p.tokenVersion === 'number' &&
    Array.isArray(p.permissions)
  );
}

/** Asks admin's `POST /internal/api-keys/:publicId/verify` with the key's hash. */
export function adminApiKeyLookup(opts: {
  upstreams: Upstreams;
  secret: () => string;
  timeoutMs: number;
}): ApiKeyLookup {
  return async (publicId, hash) => {
    let res;
    try {
      // Verifying a key (and noting its last use) may be repeated on another replica.
      res = await opts.upstreams.request(
        'admin',
        {
          method: 'POST',
          path: `/internal/api-keys/${encodeURIComponent(publicId)}/verify`,
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            [INTERNAL_AUTH_HEADER]: opts.secret(),
          },
          body: JSON.stringify({ hash }),
          headersTimeout: opts.timeoutMs,
          bodyTimeout: opts.timeoutMs,
        },
        true,
      );
    } catch (err) {
      throw new LookupFailure(classifyUpstreamError(err), 'API key lookup failed', err);
    }
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new LookupFailure('down', `API key lookup answered ${res.statusCode}`);
    }
    let body: unknown;
    try {
      body = await res.body.json();
    } catch (err) {
      throw new LookupFailure(classifyUpstreamError(err), 'API key lookup body unreadable', err);
    }
    if (!isVerification(body)) throw new LookupFailure('down', 'API key lookup returned an unexpected shape');
    return body;
  };
}

/** The signed principal of a key request lives this long at most (a copied header dies soon). */
const SIGNED_PRINCIPAL_SECONDS = 5 * 60;

export interface ApiKeyGateOptions {
  cache: ApiKeyCache;
  /** Requests per key (default 600 a minute), counted by each gateway replica on its own. */
  rateLimit?: RateLimitOptions;
  /** The admin area's name, for the 503 when a key cannot be checked. */
  adminArea: () => string;
}

/**
 * Authenticates a request bearing an API key: sets `ctx.state.principal` and returns true, or
 * answers it (401, 429, 503) and returns false. On the session paths (`lenient`) a bad key just
 * means "no identity", as a bad token does there.
 */
export function apiKeyGate(opts: ApiKeyGateOptions) {
  const limiter = new SlidingWindowLimiter(opts.rateLimit ?? { max: 600, windowMs: 60_000 });
  return async (ctx: GatewayContext, key: string, lenient: boolean): Promise<boolean> => {
    const verdict = await opts.cache.resolve(key);
    if (verdict.kind === 'refused') {
      if (lenient) return true;
      ctx.state.log.info({ publicId: apiKeyPublicId(key) }, 'API key refused');
      ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
      sendError(ctx, 401, INVALID_API_KEY_MESSAGE, { code: INVALID_API_KEY_CODE });
      return false;
    }
    if (verdict.kind === 'unavailable') {
      if (lenient) return true;
      sendUpstreamFailure(ctx, verdict.failure, opts.adminArea());
      return false;
    }
    // Counted once the key is known good, so guesses at a key's id cannot spend its allowance.
    const waitMs = limiter.hit(verdict.publicId);
    if (waitMs > 0) {
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
      ctx.state.log.warn({ publicId: verdict.publicId }, 'API key rate limit reached');
      ctx.set('Retry-After', String(retryAfter));
      sendError(ctx, 429, apiKeyRateLimitMessage(retryAfter), { code: 'too-many-requests' });
      return false;
    }
    const nowSeconds = Math.floor(Date.now() / 1000);
    ctx.state.principal = {
      ...verdict.principal,
      sessionId: null,
      exp: Math.min(nowSeconds + SIGNED_PRINCIPAL_SECONDS, Math.ceil(verdict.expiresAt / 1000)),
    };
    return true;
  };
}
