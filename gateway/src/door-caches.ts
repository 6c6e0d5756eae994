/**
 * What the gateway remembers about the customer's door (decision 56), like the principal cache
 * (decision 20): which venue a slug names, and whether a customer's portal session is live.
 * Admin is asked at most once per entry per 30 s (concurrent requests share one look-up), its
 * events correct the entries at once (`tenant.settings_changed` drops a venue's slugs,
 * `customer.session_ended` ends sessions), and while admin cannot be asked an entry past its
 * freshness still serves.
 */
import {
  CUSTOMER_ACCESS_TOKEN_TTL_SECONDS,
  INTERNAL_AUTH_HEADER,
  type CustomerSessionLookup,
  type VenueBySlug,
} from '@venue/contracts';
import { classifyUpstreamError, type UpstreamFailure } from './errors.ts';
import { LookupFailure } from './principal-cache.ts';
import type { Upstreams } from './upstreams.ts';

const SWEEP_EVERY_MS = 30_000;

interface Timed<T> {
  value: T;
  freshUntil: number;
  /** Past this the entry is never used, admin or not. */
  hardUntil: number;
}

/** An entry kept fresh by asking admin, shared by concurrent requests, falling back on a stale copy. */
class AskingCache<T> {
  readonly #entries = new Map<string, Timed<T>>();
  readonly #inflight = new Map<string, Promise<T>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly now: () => number;
  #sweptAt = 0;

  constructor(ttlMs: number, maxEntries: number, now: () => number) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The fresh entry, else admin's answer, else (admin unavailable) a stale one; LookupFailure when none. */
  async get(
    key: string,
    ask: () => Promise<T>,
  ): Promise<{ value: T; source: 'cache' | 'admin' | 'stale-cache' }> {
    const now = this.now();
    this.#sweep(now);
    const held = this.#entries.get(key);
    const usable = held && held.hardUntil > now ? held : undefined;
    if (usable && usable.freshUntil > now) return { value: usable.value, source: 'cache' };
    let pending = this.#inflight.get(key);
    if (!pending) {
      pending = ask().finally(() => this.#inflight.delete(key));
      this.#inflight.set(key, pending);
    }
    try {
      const value = await pending;
      return { value, source: 'admin' };
    } catch (err) {
      if (err instanceof LookupFailure && usable) return { value: usable.value, source: 'stale-cache' };
      throw err;
    }
  }

  set(key: string, value: T, hardUntil: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, freshUntil: this.now() + this.#ttlMs, hardUntil });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  deleteWhere(test: (value: T) => boolean): void {
    for (const [key, entry] of this.#entries) if (test(entry.value)) this.#entries.delete(key);
  }

  #sweep(now: number): void {
    if (now - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now;
    for (const [key, e] of this.#entries) if (e.hardUntil <= now) this.#entries.delete(key);
  }
}

async function askAdmin<T>(
  upstreams: Upstreams,
  secret: () => string,
  timeoutMs: number,
  path: string,
  accept: (status: number, body: unknown) => T | undefined,
): Promise<T> {
  let res;
  try {
    res = await upstreams.request(
      'admin',
      {
        method: 'GET',
        path,
        headers: { accept: 'application/json', [INTERNAL_AUTH_HEADER]: secret() },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      },
      true,
    );
  } catch (err) {
    throw new LookupFailure(classifyUpstreamError(err), `${path} failed`, err);
  }
  let body: unknown;
  try {
    body = res.statusCode === 200 ? await res.body.json() : (await res.body.dump(), null);
  } catch (err) {
    throw new LookupFailure(classifyUpstreamError(err), `${path} body unreadable`, err);
  }
  const value = accept(res.statusCode, body);
  if (value === undefined) throw new LookupFailure('down', `${path} answered ${res.statusCode}`);
  return value;
}

export interface DoorLookupOptions {
  upstreams: Upstreams;
  secret: () => string;
  /** Budget for one look-up on admin (default 2 s). */
  timeoutMs?: number;
  /** How long an entry is used without asking admin (default 30 s). */
  ttlMs?: number;
  now?: () => number;
}

/** A venue by its slug, or null for no venue at that address. */
export type VenueVerdict =
  | { kind: 'venue'; venue: VenueBySlug }
  | { kind: 'none' }
  | { kind: 'unavailable'; failure: UpstreamFailure };

const STALE_VENUE_MS = 10 * 60_000;

export class VenueCache {
  readonly #cache: AskingCache<VenueBySlug | null>;
  readonly #ask: (slug: string) => Promise<VenueBySlug | null>;

  constructor(opts: DoorLookupOptions & { lookup?: (slug: string) => Promise<VenueBySlug | null> }) {
    const now = opts.now ?? Date.now;
    this.#cache = new AskingCache(opts.ttlMs ?? 30_000, 10_000, now);
    this.#ask =
      opts.lookup ??
      ((slug) =>
        askAdmin(
          opts.upstreams,
          opts.secret,
          opts.timeoutMs ?? 2000,
          `/internal/venues/by-slug/${encodeURIComponent(slug)}`,
          (status, body) => {
            if (status === 404) return null;
            const v = body as Partial<VenueBySlug> | null;
            if (
              status === 200 &&
              typeof v?.tenantId === 'string' &&
              typeof v.slug === 'string' &&
              typeof v.enabled === 'boolean'
            )
              return { tenantId: v.tenantId, slug: v.slug, enabled: v.enabled };
            return undefined;
          },
        ));
  }

  get size(): number {
    return this.#cache.size;
  }

  async resolve(slug: string): Promise<VenueVerdict> {
    try {
      const { value, source } = await this.#cache.get(slug, () => this.#ask(slug));
      // Past its 30 s it is asked again; while admin is down it serves for up to 10 minutes.
      if (source === 'admin') this.#cache.set(slug, value, this.#cache.now() + STALE_VENUE_MS);
      return value ? { kind: 'venue', venue: value } : { kind: 'none' };
    } catch (err) {
      if (err instanceof LookupFailure) return { kind: 'unavailable', failure: err.failure };
      throw err;
    }
  }

  /**
   * `tenant.settings_changed`: the venue's online settings may have changed (turned off, a new
   * slug): its entries go, and so does the entry of the slug it now has (it may have been "none").
   */
  settingsChanged(tenantId: string, slug: string | null | undefined): void {
    this.#cache.deleteWhere((v) => v?.tenantId === tenantId);
    if (slug) this.#cache.delete(slug);
  }
}

/** Who a live customer session is for. */
export interface LiveCustomer {
  customerId: string;
  tenantId: string;
  email: string;
}

export type CustomerVerdict =
  | { kind: 'live'; customer: LiveCustomer; source: 'cache' | 'admin' | 'stale-cache' | 'token' }
  | { kind: 'ended' };

/** A customer access token's session is remembered as ended as long as any of its tokens can be valid. */
const ENDED_MEMORY_MS = CUSTOMER_ACCESS_TOKEN_TTL_SECONDS * 1000;

export class CustomerSessions {
  readonly #cache: AskingCache<CustomerSessionLookup>;
  readonly #ended = new Map<string, number>();
  readonly #ask: (sessionId: string) => Promise<CustomerSessionLookup>;
  readonly #now: () => number;

  constructor(opts: DoorLookupOptions & { lookup?: (sessionId: string) => Promise<CustomerSessionLookup> }) {
    this.#now = opts.now ?? Date.now;
    this.#cache = new AskingCache(opts.ttlMs ?? 30_000, 100_000, this.#now);
    this.#ask =
      opts.lookup ??
      ((sessionId) =>
        askAdmin(
          opts.upstreams,
          opts.secret,
          opts.timeoutMs ?? 2000,
          `/internal/customer-sessions/${encodeURIComponent(sessionId)}`,
          (status, body) => {
            const b = body as {
              status?: unknown;
              customerId?: unknown;
              tenantId?: unknown;
              email?: unknown;
            } | null;
            if (status !== 200 || !b) return undefined;
            if (b.status === 'ended') return { status: 'ended' };
            if (
              b.status === 'live' &&
              typeof b.customerId === 'string' &&
              typeof b.tenantId === 'string' &&
              typeof b.email === 'string'
            )
              return { status: 'live', customerId: b.customerId, tenantId: b.tenantId, email: b.email };
            return undefined;
          },
        ));
  }

  get size(): number {
    return this.#cache.size;
  }

  /**
   * The verdict on a verified customer token (its claims): live for that very customer, or
   * ended. While admin cannot be asked, a cached answer serves, else the token's own claims (it
   * is signed by admin and lives 10 minutes, as a staff token's snapshot does; decision 20).
   */
  async resolve(claims: {
    sub: string;
    tid: string;
    em: string;
    sid: string;
    exp: number;
  }): Promise<CustomerVerdict> {
    const now = this.#now();
    const ended = this.#ended.get(claims.sid);
    if (ended !== undefined && ended > now) return { kind: 'ended' };
    let answer: { value: CustomerSessionLookup; source: 'cache' | 'admin' | 'stale-cache' };
    try {
      answer = await this.#cache.get(claims.sid, () => this.#ask(claims.sid));
    } catch (err) {
      if (!(err instanceof LookupFailure)) throw err;
      return {
        kind: 'live',
        customer: { customerId: claims.sub, tenantId: claims.tid, email: claims.em },
        source: 'token',
      };
    }
    const { value, source } = answer;
    // An event may have landed while admin was being asked; it wins.
    const endedMeanwhile = this.#ended.get(claims.sid);
    if (endedMeanwhile !== undefined && endedMeanwhile > this.#now()) return { kind: 'ended' };
    if (source === 'admin') this.#cache.set(claims.sid, value, claims.exp * 1000);
    if (value.status !== 'live') return { kind: 'ended' };
    // The session must be this token's customer, venue and address.
    if (value.customerId !== claims.sub || value.tenantId !== claims.tid || value.email !== claims.em)
      return { kind: 'ended' };
    return {
      kind: 'live',
      customer: { customerId: value.customerId, tenantId: value.tenantId, email: value.email },
      source,
    };
  }

  /** `customer.session_ended`: these sessions' tokens are refused from now on. */
  sessionsEnded(sessionIds: readonly string[]): void {
    const until = this.#now() + ENDED_MEMORY_MS;
    for (const id of sessionIds) {
      this.#cache.delete(id);
      this.#ended.set(id, until);
    }
    const now = this.#now();
    for (const [id, t] of this.#ended) if (t <= now) this.#ended.delete(id);
  }
}
