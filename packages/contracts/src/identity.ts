import type { Role } from './roles.ts';

/**
 * Claims carried by the access token (a JWT signed by services/admin with EdDSA). Besides who
 * the caller is, the token carries a snapshot of the principal as it was when the token was
 * issued (`em`, `nm`, `par`, `perm`): the gateway falls back on it while admin cannot be asked,
 * so a signed-in user keeps working in the other areas for the token's lifetime (decision 20).
 * The snapshot fields are optional only for tokens minted by tests and by older releases.
 */
export interface AccessClaims {
  sub: string; // user id
  role: Role;
  tid: string; // tenant id: own id, or the parent's for a sub-user; the own id for a super admin
  pv: number; // token version: bumped on permission, role or e-mail change, deactivation, deletion, password change
  /** Session id: the refresh-token family the token was issued for; ending the session ends the token. */
  sid?: string;
  em?: string; // e-mail
  nm?: string | null; // display name
  par?: string | null; // parent user id (sub-users)
  perm?: string[]; // page permissions (sub-users; empty otherwise)
}

/** What verification returns: the claims plus the token's own times (seconds since the epoch). */
export interface VerifiedClaims extends AccessClaims {
  iat: number;
  exp: number;
}

export const TOKEN_ISSUER = 'venue-admin';
export const TOKEN_AUDIENCE = 'venue-api';
export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
export const REFRESH_COOKIE = 'venue_refresh';

/** The caller as every service sees it: the current state from services/admin. */
export interface Principal {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  tenantId: string;
  parentUserId: string | null;
  permissions: string[];
  tokenVersion: number;
}

/**
 * What the gateway signs and forwards: the principal, the session it acts in and the access
 * token's expiry. A service refuses a signed principal whose `exp` has passed, so a captured
 * header cannot outlive the token it was made for.
 */
export interface SignedPrincipal extends Principal {
  sessionId: string | null;
  /** Expiry of the access token, seconds since the epoch. */
  exp: number;
}

/** Why a session ended (stored by admin, answered by refresh, shown on the login page). */
export const SESSION_END_REASONS = [
  'signed_out',
  'replayed',
  'password_changed',
  'deactivated',
  'deleted',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && (SESSION_END_REASONS as readonly string[]).includes(value);
}

/**
 * 401 codes of the platform's `{message, code}` error shape for a bearer token that cannot be
 * used. `token_stale`: the principal changed (permissions, role, e-mail) but the session lives;
 * refresh silently and retry. `session_ended`: the session is over; the body carries `reason`
 * when known, and so does the refresh endpoint's answer.
 */
export const TOKEN_STALE_CODE = 'token_stale';
export const SESSION_ENDED_CODE = 'session_ended';
export const TOKEN_STALE_MESSAGE = 'Your access has changed. Please refresh your session.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * `GET /internal/principals/:userId?sid=<session id>` (admin): the current principal when the
 * user is active and the session live (an empty `sid` skips the session check, for tokens
 * without one), otherwise why not. Without the `sid` parameter the route answers the bare
 * Principal, or 404.
 */
export type PrincipalLookup =
  { status: 'live'; principal: Principal } | { status: 'ended'; reason: SessionEndReason };

/** Headers the gateway sets after verification; any client-sent copy is stripped. */
export const PRINCIPAL_HEADER = 'x-venue-principal';
export const PRINCIPAL_SIGNATURE_HEADER = 'x-venue-principal-sig';
export const REQUEST_ID_HEADER = 'x-request-id';
/** Shared secret header for service-to-service internal calls. */
export const INTERNAL_AUTH_HEADER = 'x-venue-internal';

// --- the customer's door (issue 25, decision 56) ---------------------------------------------

/**
 * Headers the gateway signs for the two callers that are not staff (decision 56), each with its
 * own HMAC under the internal secret and its own domain, so one can never pass for another or
 * for the staff principal. Any client-sent copy is stripped at the gateway.
 */
export const VISITOR_HEADER = 'x-venue-visitor';
export const VISITOR_SIGNATURE_HEADER = 'x-venue-visitor-sig';
export const CUSTOMER_HEADER = 'x-venue-customer';
export const CUSTOMER_SIGNATURE_HEADER = 'x-venue-customer-sig';

/**
 * A visitor of a venue's public page (no sign-in): the venue the gateway resolved from the slug
 * in the path `/api/public/venues/{slug}/…`, and the client address as the gateway computed it
 * (what a request stores as "accepted from").
 */
export interface Visitor {
  tenantId: string;
  slug: string;
  address: string;
}

/** What the gateway signs for a visitor: the visitor and a short expiry (seconds since the epoch). */
export interface SignedVisitor extends Visitor {
  exp: number;
}

/** How long a signed visitor header is good for: one request's worth, not a reusable pass. */
export const VISITOR_HEADER_TTL_SECONDS = 60;

/**
 * A signed-in customer of one venue (decision 56): one venue and one e-mail, never a `Role`.
 * `email` is lower-cased; `exp` is the customer access token's expiry (seconds since the epoch),
 * so a captured header is worthless once the token would be.
 */
export interface CustomerPrincipal {
  customerId: string;
  tenantId: string;
  email: string;
  sessionId: string;
  exp: number;
}

/** The customer access token: a JWT signed by admin's key, for this audience only. */
export const CUSTOMER_TOKEN_AUDIENCE = 'venue-portal';
export const CUSTOMER_ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
/** The portal's rotating refresh cookie, sent only to the session routes. */
export const PORTAL_REFRESH_COOKIE = 'venue_portal_refresh';
export const PORTAL_REFRESH_COOKIE_PATH = '/api/portal/session';
export const PORTAL_SESSION_DAYS = 30;
/** A sign-in link works once, within this many minutes. */
export const PORTAL_LINK_MINUTES = 30;

/** The 404 of an unknown slug, or of a venue whose online bookings are off. */
export const VENUE_NOT_ONLINE_MESSAGE = 'This venue does not take online bookings.';
/** 401 of a portal route without a live customer session. */
export const PORTAL_SIGN_IN_MESSAGE = 'Please sign in to your bookings again.';
/** 401 code of a customer session that ended (signed out, or past its 30 days). */
export const PORTAL_SESSION_ENDED_CODE = 'portal_session_ended';

/** `GET /internal/venues/by-slug/{slug}` (admin): which venue a slug names, and whether it is open. */
export interface VenueBySlug {
  tenantId: string;
  slug: string;
  enabled: boolean;
}

/**
 * `GET /internal/customer-sessions/{sessionId}` (admin): the session is live (with who it is
 * for), or over. The gateway caches the answer like principals, dropped on `customer.session_ended`.
 */
export type CustomerSessionLookup =
  { status: 'live'; customerId: string; tenantId: string; email: string } | { status: 'ended' };
