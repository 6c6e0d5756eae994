/**
 * The calls that create and end a session. They run before (or without) an access token, so
 * they use fetch directly instead of the API client.
 */
import { ROLES, isSessionEndReason, type SessionEndReason } from '@venue/contracts';
// A type only: erased from the bundle, so the sign-in page still carries none of zod.
import type { SessionToken } from '@venue/contracts/admin';

/** What signing in and refreshing answer: the access token and the role (admin's contract). */
export type TokenGrant = SessionToken;

const isRole = (value: unknown): value is TokenGrant['role'] => (ROLES as readonly unknown[]).includes(value);

export class LoginFailure extends Error {
  readonly code: string | null;
  /** From a 429's `Retry-After`: how long until signing in may be tried again. */
  readonly retryAfterSeconds: number | null;
  constructor(message: string, code: string | null, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'LoginFailure';
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

async function json(res: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The grant in an answer, read by hand: the sign-in page carries no zod (decision 27). */
function grantFrom(body: Record<string, unknown>): TokenGrant | null {
  const { token, role } = body;
  if (typeof token !== 'string' || !token || !isRole(role)) return null;
  return { token, role };
}

export async function login(email: string, password: string): Promise<TokenGrant> {
  let res: Response;
  try {
    res = await fetch('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, password }),
      credentials: 'same-origin',
    });
  } catch {
    throw new LoginFailure('Network request failed', 'network-request-failed');
  }
  const body = await json(res);
  const grant = res.ok ? grantFrom(body) : null;
  if (!grant) {
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new LoginFailure(
      typeof body.message === 'string' ? body.message : '',
      typeof body.code === 'string' ? body.code : null,
      res.status === 429 && retryAfter > 0 ? retryAfter : null,
    );
  }
  return grant;
}

/**
 * What a refresh came to: a new access token; the session is over (with the server's reason
 * when it gave one: decision 20); or no answer for now (accounts unavailable, network), when
 * the session may well be alive.
 */
export type RefreshOutcome =
  | { kind: 'granted'; grant: TokenGrant }
  | { kind: 'ended'; reason: SessionEndReason | null }
  | { kind: 'unavailable'; message: string };

const UNAVAILABLE = 'Accounts & settings is unavailable right now. Please try again shortly.';

/**
 * Exchanges the httpOnly refresh cookie for a new access token. Tabs share the cookie but each
 * holds its own access token, so two tabs waking together would present the same refresh token
 * and one would lose. A Web Lock makes the tabs take turns: the second one sends the cookie the
 * first has just rotated.
 */
export async function refreshSession(): Promise<RefreshOutcome> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return exchangeRefreshCookie();
  return locks.request('venue-session-refresh', exchangeRefreshCookie);
}

async function exchangeRefreshCookie(): Promise<RefreshOutcome> {
  let res: Response;
  try {
    res = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch (error) {
    console.warn('Session refresh failed', error);
    return { kind: 'unavailable', message: UNAVAILABLE };
  }
  const body = await json(res);
  // No refresh cookie: nobody is signed in here (the server says so with a 200, not a 401).
  if (res.ok && body.authenticated === false) return { kind: 'ended', reason: null };
  if (res.ok) {
    const grant = grantFrom(body);
    return grant ? { kind: 'granted', grant } : { kind: 'unavailable', message: UNAVAILABLE };
  }
  // Only a 401 (or 403) is the server saying the session is over; anything else is no answer.
  if (res.status === 401 || res.status === 403) {
    return { kind: 'ended', reason: isSessionEndReason(body.reason) ? body.reason : null };
  }
  return {
    kind: 'unavailable',
    message: typeof body.message === 'string' && body.message ? body.message : UNAVAILABLE,
  };
}

/**
 * True when a refreshed token speaks for a changed principal (its token version moved: new
 * permissions, role or e-mail), so the shell reloads the profile and rebuilds the menu.
 */
export function principalMoved(before: string | null, after: string): boolean {
  if (!before) return false;
  return readClaims(before).pv !== readClaims(after).pv;
}

export async function logout(token: string | null): Promise<void> {
  try {
    const res = await fetch('/api/auth/logout', {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
    if (!res.ok) console.warn(`Sign-out at the server failed: ${res.status}`);
  } catch (error) {
    // The local session is cleared regardless (spec 01 §8: sign-out failures are only logged).
    console.warn('Sign-out at the server failed', error);
  }
}

/** Reads claims for display only; the server verifies the token on every request. */
export function readClaims(token: string): { sub?: string; role?: string; sid?: string; pv?: number } {
  try {
    const part = token.split('.')[1];
    if (!part) return {};
    const text = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(text);
    return claims && typeof claims === 'object'
      ? (claims as { sub?: string; role?: string; pv?: number })
      : {};
  } catch {
    return {};
  }
}
