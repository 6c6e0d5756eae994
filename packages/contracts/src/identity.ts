import type { Role } from './roles.ts';

/** Claims carried by the access token (a JWT signed by services/admin with EdDSA). */
export interface AccessClaims {
  sub: string; // user id
  role: Role;
  tid: string; // tenant id: own id, or the parent's for a sub-user; the own id for a super admin
  pv: number; // token version: bumped on permission change, deactivation, deletion, password change
}

export const TOKEN_ISSUER = 'venue-admin';
export const TOKEN_AUDIENCE = 'venue-api';
export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
export const REFRESH_COOKIE = 'venue_refresh';

/** The caller as every service sees it: always the current state from services/admin. */
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

/** Headers the gateway sets after verification; any client-sent copy is stripped. */
export const PRINCIPAL_HEADER = 'x-venue-principal';
export const PRINCIPAL_SIGNATURE_HEADER = 'x-venue-principal-sig';
export const REQUEST_ID_HEADER = 'x-request-id';
/** Shared secret header for service-to-service internal calls. */
export const INTERNAL_AUTH_HEADER = 'x-venue-internal';
