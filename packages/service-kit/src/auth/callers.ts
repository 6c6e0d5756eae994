/**
 * The two callers that are not staff (issue 25, decision 56): a visitor of a venue's public page
 * and a signed-in customer of one venue. The gateway signs each in its own header; here are the
 * encoding, the checks and the customer access token.
 *
 * Each header's HMAC is taken over its own domain prefix (`visitor.` / `customer.`), unlike the
 * staff principal's, so no signature made for one kind verifies as another: a customer header
 * copied into `x-venue-principal` (or the other way round) is simply unsigned there.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT, type CryptoKey, type KeyObject } from 'jose';
import {
  CUSTOMER_ACCESS_TOKEN_TTL_SECONDS,
  CUSTOMER_TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  VISITOR_HEADER_TTL_SECONDS,
  type CustomerPrincipal,
  type SignedVisitor,
  type Visitor,
} from '@venue/contracts';
import { ACCESS_TOKEN_ALG, InvalidTokenError } from './tokens.ts';

type Key = CryptoKey | KeyObject;
type Kind = 'visitor' | 'customer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function hmac(kind: Kind, secret: string, value: string): string {
  return createHmac('sha256', secret).update(`${kind}.${value}`).digest('base64url');
}

function encode(kind: Kind, payload: object, secret: string): { value: string; signature: string } {
  const value = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { value, signature: hmac(kind, secret, value) };
}

/** The parsed payload when the signature is this kind's and the JSON an object; else null. */
function verified(
  kind: Kind,
  value: string | undefined,
  signature: string | undefined,
  secret: string,
): Record<string, unknown> | null {
  if (!value || !signature) return null;
  const expected = Buffer.from(hmac(kind, secret, value));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The visitor header pair, good for `ttlSeconds` (the gateway signs one per request). */
export function encodeVisitor(
  visitor: Visitor,
  secret: string,
  nowSeconds = Date.now() / 1000,
  ttlSeconds = VISITOR_HEADER_TTL_SECONDS,
): { value: string; signature: string } {
  const signed: SignedVisitor = {
    tenantId: visitor.tenantId,
    slug: visitor.slug,
    address: visitor.address,
    exp: Math.floor(nowSeconds) + ttlSeconds,
  };
  return encode('visitor', signed, secret);
}

/** The signed visitor, or null when missing, forged, malformed or past its `exp`. */
export function decodeVisitor(
  value: string | undefined,
  signature: string | undefined,
  secret: string,
  nowSeconds = Date.now() / 1000,
): SignedVisitor | null {
  const p = verified('visitor', value, signature, secret);
  if (
    !p ||
    typeof p.tenantId !== 'string' ||
    !UUID.test(p.tenantId) ||
    typeof p.slug !== 'string' ||
    typeof p.address !== 'string' ||
    typeof p.exp !== 'number' ||
    p.exp <= nowSeconds
  ) {
    return null;
  }
  return Object.freeze({ tenantId: p.tenantId, slug: p.slug, address: p.address, exp: p.exp });
}

/** The customer header pair (the gateway signs it after checking the token and the session). */
export function encodeCustomer(
  customer: CustomerPrincipal,
  secret: string,
): { value: string; signature: string } {
  const { customerId, tenantId, email, sessionId, exp } = customer;
  return encode('customer', { customerId, tenantId, email: email.toLowerCase(), sessionId, exp }, secret);
}

/** The signed customer, or null when missing, forged, malformed or past the token's `exp`. */
export function decodeCustomer(
  value: string | undefined,
  signature: string | undefined,
  secret: string,
  nowSeconds = Date.now() / 1000,
): CustomerPrincipal | null {
  const p = verified('customer', value, signature, secret);
  if (
    !p ||
    typeof p.customerId !== 'string' ||
    typeof p.tenantId !== 'string' ||
    !UUID.test(p.tenantId) ||
    typeof p.email !== 'string' ||
    p.email === '' ||
    typeof p.sessionId !== 'string' ||
    typeof p.exp !== 'number' ||
    p.exp <= nowSeconds
  ) {
    return null;
  }
  return Object.freeze({
    customerId: p.customerId,
    tenantId: p.tenantId,
    email: p.email.toLowerCase(),
    sessionId: p.sessionId,
    exp: p.exp,
  });
}

/** What a customer access token says (before the session is checked). */
export interface CustomerClaims {
  /** customer id */
  sub: string;
  tid: string;
  /** e-mail, lower-cased */
  em: string;
  /** session id */
  sid: string;
}

/**
 * A customer access token: EdDSA with admin's key like a staff token, but for the audience
 * `venue-portal` only, so a staff route (audience `venue-api`) never accepts it, and a staff
 * token is refused here.
 */
export function signCustomerToken(
  claims: CustomerClaims,
  privateKey: Key,
  ttlSeconds = CUSTOMER_ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ tid: claims.tid, em: claims.em.toLowerCase(), sid: claims.sid })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(CUSTOMER_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(privateKey);
}

/** Verifies a customer access token (EdDSA, issuer, audience `venue-portal`, expiry) or throws InvalidTokenError. */
export async function verifyCustomerToken(
  token: string,
  publicKey: Key,
): Promise<CustomerClaims & { iat: number; exp: number }> {
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [ACCESS_TOKEN_ALG],
      issuer: TOKEN_ISSUER,
      audience: CUSTOMER_TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const { sub, tid, em, sid, iat, exp, aud } = payload as Record<string, unknown>;
    if (
      typeof sub !== 'string' ||
      typeof tid !== 'string' ||
      !UUID.test(tid) ||
      typeof em !== 'string' ||
      em === '' ||
      typeof sid !== 'string' ||
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      // Only this audience: a token minted for several is not a customer token.
      (Array.isArray(aud)
        ? aud.length !== 1 || aud[0] !== CUSTOMER_TOKEN_AUDIENCE
        : aud !== CUSTOMER_TOKEN_AUDIENCE)
    ) {
      throw new InvalidTokenError('malformed claims');
    }
    return { sub, tid, em: em.toLowerCase(), sid, iat, exp };
  } catch (err) {
    if (err instanceof InvalidTokenError) throw err;
    throw new InvalidTokenError((err as Error).message);
  }
}
