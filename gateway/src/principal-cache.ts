/**
 * The gateway's principal cache (decision 20). One entry per session, filled from admin's
 * `/internal/principals/:userId?sid=`, so an authenticated request costs admin nothing while
 * the entry is fresh. Admin's events correct it at once (`session.ended` marks a session over,
 * `principal.changed` makes older token versions stale and drops the user's entries); the
 * short freshness TTL is the safety net for an event that went missing. No entry outlives the
 * access token that filled it.
 *
 * While admin cannot be asked, a session keeps working on what is known: a cached entry past
 * its freshness, else the principal snapshot in the token's own claims. Only a token without
 * either is refused with admin's 503.
 */
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type Principal,
  type PrincipalLookup,
  type SessionEndReason,
  type VerifiedClaims,
} from '@venue/contracts';
import { principalFromClaims } from '@venue/service-kit';
import type { UpstreamFailure } from './errors.ts';

export type Verdict =
  | { kind: 'ok'; principal: Principal; source: 'cache' | 'admin' | 'stale-cache' | 'token' }
  /** The principal changed since the token was issued; the session lives: refresh and retry. */
  | { kind: 'stale' }
  | { kind: 'ended'; reason: SessionEndReason | null }
  /** Admin cannot be asked and nothing else vouches for the token. */
  | { kind: 'unavailable'; failure: UpstreamFailure };

/** Admin could not answer (down, slow, or answered nonsense). */
export class LookupFailure extends Error {
  readonly failure: UpstreamFailure;
  constructor(failure: UpstreamFailure, message: string, cause?: unknown) {
    super(message, { cause });
    this.failure = failure;
  }
}

export type Lookup = (userId: string, sessionId: string) => Promise<PrincipalLookup>;

export interface PrincipalCacheOptions {
  /** Asks admin; throws LookupFailure when it cannot. */
  lookup: Lookup;
  /** How long an entry is trusted without asking admin again (default 30 s). */
  ttlMs?: number;
  /** Largest number of sessions kept (default 100 000); the oldest go first. */
  maxEntries?: number;
  /** After a failed look-up, how long admin is not asked again (default 2 s). */
  retryAfterMs?: number;
  now?: () => number;
  /** Told once per outage, when admin stops answering. */
  onAdminUnavailable?: (err: LookupFailure) => void;
}

interface Entry {
  userId: string;
  principal: Principal;
  /** Until then the entry is used without asking admin. */
  freshUntil: number;
  /** The expiry of the access token that filled it: never used after that. */
  hardUntil: number;
}

/** A token issued before an event is at most one access-token lifetime old. */
const EVENT_MEMORY_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;
const SWEEP_EVERY_MS = 30_000;

export class PrincipalCache {
  readonly #lookup: Lookup;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #retryAfterMs: number;
  readonly #now: () => number;
  readonly #onAdminUnavailable: ((err: LookupFailure) => void) | undefined;
  /** Session id (or `user:<id>` for a token without one) → entry. */
  readonly #entries = new Map<string, Entry>();
  /** Sessions admin said are over, remembered as long as any of their tokens can be valid. */
  readonly #ended = new Map<string, { reason: SessionEndReason | null; until: number }>();
  /** Per user, the token version now current (from `principal.changed`). */
  readonly #versions = new Map<string, { version: number; until: number }>();
  /** One look-up per session at a time; concurrent requests share it. */
  readonly #inflight = new Map<string, Promise<PrincipalLookup>>();
  #adminDownUntil = 0;
  #sweptAt = 0;

  constructor(options: PrincipalCacheOptions) {
    this.#lookup = options.lookup;
    this.#ttlMs = options.ttlMs ?? 30_000;
    this.#maxEntries = options.maxEntries ?? 100_000;
    this.#retryAfterMs = options.retryAfterMs ?? 2_000;
    this.#now = options.now ?? Date.now;
    this.#onAdminUnavailable = options.onAdminUnavailable;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The verdict on a verified token: its current principal, or why it cannot be used. */
  async resolve(claims: VerifiedClaims): Promise<Verdict> {
    const now = this.#now();
    this.#sweep(now);
    const key = claims.sid ?? `user:${claims.sub}`;
    const ended = this.#ended.get(key);
    if (ended && ended.until > now) return { kind: 'ended', reason: ended.reason };
    const current = this.#versions.get(claims.sub);
    if (current && current.until > now && claims.pv < current.version) return { kind: 'stale' };

    const held = this.#entries.get(key);
    const entry = held && held.userId === claims.sub && held.hardUntil > now ? held : undefined;
    // A token newer than the entry means admin has moved on: ask again.
    if (entry && entry.freshUntil > now && claims.pv <= entry.principal.tokenVersion) {
      return judge(entry.principal, claims, 'cache');
    }
    if (now < this.#adminDownUntil) return this.#fallback(entry, claims, 'down');

    let answer: PrincipalLookup;
    try {
      answer = await this.#ask(key, claims);
    } catch (err) {
      if (!(err instanceof LookupFailure)) throw err;
      if (this.#now() >= this.#adminDownUntil) this.#onAdminUnavailable?.(err);
      this.#adminDownUntil = this.#now() + this.#retryAfterMs;
      return this.#fallback(entry, claims, err.failure);
    }
    if (answer.status === 'ended') {
      this.#remember(key, answer.reason);
      return { kind: 'ended', reason: answer.reason };
    }
    if (answer.principal.userId !== claims.sub) return { kind: 'ended', reason: null };
    // An event may have landed while admin was being asked; it wins over this answer.
    const after = this.#verdictFromEvents(key, claims);
    if (after) return after;
    this.#store(key, {
      userId: claims.sub,
      principal: answer.principal,
      freshUntil: this.#now() + this.#ttlMs,
      hardUntil: claims.exp * 1000,
    });
    return judge(answer.principal, claims, 'admin');
  }

  /** `session.ended`: these sessions' access tokens are refused from now on. */
  sessionsEnded(sessionIds: readonly string[], reason: SessionEndReason | null): void {
    for (const id of sessionIds) this.#remember(id, reason);
  }

  /** `principal.changed`: tokens with an older version are stale; the user's entries go. */
  principalChanged(userId: string, tokenVersion: number): void {
    const until = this.#now() + EVENT_MEMORY_MS;
    const known = this.#versions.get(userId);
    if (!known || known.version <= tokenVersion) this.#versions.set(userId, { version: tokenVersion, until });
    for (const [key, entry] of this.#entries) if (entry.userId === userId) this.#entries.delete(key);
  }

  #verdictFromEvents(key: string, claims: VerifiedClaims): Verdict | null {
    const ended = this.#ended.get(key);
    if (ended) return { kind: 'ended', reason: ended.reason };
    const current = this.#versions.get(claims.sub);
    if (current && claims.pv < current.version) return { kind: 'stale' };
    return null;
  }

  #fallback(entry: Entry | undefined, claims: VerifiedClaims, failure: UpstreamFailure): Verdict {
    if (entry && claims.pv <= entry.principal.tokenVersion)
      return judge(entry.principal, claims, 'stale-cache');
    const snapshot = principalFromClaims(claims);
    if (snapshot) return { kind: 'ok', principal: snapshot, source: 'token' };
    return { kind: 'unavailable', failure };
  }

  #ask(key: string, claims: VerifiedClaims): Promise<PrincipalLookup> {
    let pending = this.#inflight.get(key);
    if (!pending) {
      pending = this.#lookup(claims.sub, claims.sid ?? '').finally(() => this.#inflight.delete(key));
      this.#inflight.set(key, pending);
    }
    return pending;
  }

  #remember(key: string, reason: SessionEndReason | null): void {
    this.#entries.delete(key);
    this.#ended.set(key, { reason, until: this.#now() + EVENT_MEMORY_MS });
  }

  #store(key: string, entry: Entry): void {
    // Re-inserted at the end, so the Map's order is oldest first for eviction.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  #sweep(now: number): void {
    if (now - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now;
    for (const [key, e] of this.#entries) if (e.hardUntil <= now) this.#entries.delete(key);
    for (const [key, e] of this.#ended) if (e.until <= now) this.#ended.delete(key);
    for (const [key, e] of this.#versions) if (e.until <= now) this.#versions.delete(key);
  }
}

function judge(
  principal: Principal,
  claims: VerifiedClaims,
  source: 'cache' | 'admin' | 'stale-cache',
): Verdict {
  // Any other version than the current one: the token predates a change (or, from a cache, the
  // check above sent a newer token to admin). Either way a refresh mends it.
  if (claims.pv !== principal.tokenVersion) return { kind: 'stale' };
  return { kind: 'ok', principal, source };
}
