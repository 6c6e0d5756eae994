/**
 * Access tokens whose EdDSA signature, algorithm, issuer, audience and claims this gateway has
 * already checked, keyed by the exact token string. A browser sends the same token on every
 * request for up to its 10 minutes, and the signature check was the largest single cost of an
 * authenticated request at the gateway (~18 % of its CPU, issue 9). Another string, even one
 * byte apart, is a miss and is verified in full; a remembered token is refused once its `exp`
 * has passed, as the verifier would. Session and token-version checks are not cached here:
 * they are the principal cache's, asked on every request.
 */
import type { VerifiedClaims } from '@venue/contracts';

export interface VerifiedTokensOptions {
  /** Largest number of tokens remembered (default 50 000); the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

export class VerifiedTokens {
  readonly #entries = new Map<string, { key: unknown; claims: VerifiedClaims }>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: VerifiedTokensOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 50_000;
    this.#now = options.now ?? Date.now;
  }

  /** The claims of a token verified before with `key`, while unexpired; else undefined. */
  get(token: string, key: unknown): VerifiedClaims | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    // The verifier refuses `exp <= now` in whole seconds; so does this.
    if (entry.key !== key || entry.claims.exp <= Math.floor(this.#now() / 1000)) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  /** Remembers a token the verifier accepted with `key`. */
  set(token: string, key: unknown, claims: VerifiedClaims): void {
    if (this.#entries.size >= this.#maxEntries) {
      // Map keeps insertion order: the first key is the oldest token.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(token, { key, claims });
  }

  get size(): number {
    return this.#entries.size;
  }
}
