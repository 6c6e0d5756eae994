import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importSPKI, importPKCS8, jwtVerify, SignJWT, type CryptoKey, type KeyObject } from 'jose';
import {
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  ACCESS_TOKEN_TTL_SECONDS,
  ROLES,
  type AccessClaims,
  type Principal,
  type SignedPrincipal,
  type VerifiedClaims,
} from '@venue/contracts';

export const ACCESS_TOKEN_ALG = 'EdDSA';

type Key = CryptoKey | KeyObject;

function pemFromEnv(valueVar: string, fileVar: string): string | undefined {
  const inline = process.env[valueVar];
  if (inline) return inline.replace(/\\n/g, '\n');
  const file = process.env[fileVar];
  if (file) return readFileSync(file, 'utf8');
  return undefined;
}

/** Public key used to verify access tokens: AUTH_PUBLIC_KEY (PEM) or AUTH_PUBLIC_KEY_FILE. */
export async function loadPublicKey(): Promise<Key> {
  const pem = pemFromEnv('AUTH_PUBLIC_KEY', 'AUTH_PUBLIC_KEY_FILE');
  if (!pem) throw new Error('AUTH_PUBLIC_KEY or AUTH_PUBLIC_KEY_FILE must be set');
  return importSPKI(pem, ACCESS_TOKEN_ALG);
}

/** Private key used by services/admin to sign: AUTH_PRIVATE_KEY (PEM) or AUTH_PRIVATE_KEY_FILE. */
export async function loadPrivateKey(): Promise<Key> {
  const pem = pemFromEnv('AUTH_PRIVATE_KEY', 'AUTH_PRIVATE_KEY_FILE');
  if (!pem) throw new Error('AUTH_PRIVATE_KEY or AUTH_PRIVATE_KEY_FILE must be set');
  return importPKCS8(pem, ACCESS_TOKEN_ALG);
}

export async function signAccessToken(
  claims: AccessClaims,
  privateKey: Key,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  const payload: Record<string, unknown> = { role: claims.role, tid: claims.tid, pv: claims.pv };
  // The session and the principal snapshot, when given (decision 20); absent keys stay absent.
  for (const key of ['sid', 'em', 'nm', 'par', 'perm'] as const) {
    if (claims[key] !== undefined) payload[key] = claims[key];
  }
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(privateKey);
}

export class InvalidTokenError extends Error {}

const optionalString = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';
const optionalNullableString = (v: unknown): v is string | null | undefined =>
  v === null || optionalString(v);

/**
 * Verifies signature, algorithm (EdDSA only, so `alg: none` and HMAC confusion fail),
 * issuer, audience and expiry. Returns the claims or throws InvalidTokenError.
 */
export async function verifyAccessToken(token: string, publicKey: Key): Promise<VerifiedClaims> {
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [ACCESS_TOKEN_ALG],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const { sub, role, tid, pv, sid, em, nm, par, perm, iat, exp } = payload as Record<string, unknown>;
    if (
      typeof sub !== 'string' ||
      typeof tid !== 'string' ||
      typeof pv !== 'number' ||
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      !ROLES.includes(role as (typeof ROLES)[number]) ||
      !optionalString(sid) ||
      !optionalString(em) ||
      !optionalNullableString(nm) ||
      !optionalNullableString(par) ||
      !(perm === undefined || (Array.isArray(perm) && perm.every((k) => typeof k === 'string')))
    ) {
      throw new InvalidTokenError('malformed claims');
    }
    const claims: VerifiedClaims = { sub, role: role as AccessClaims['role'], tid, pv, iat, exp };
    if (sid !== undefined) claims.sid = sid;
    if (em !== undefined) claims.em = em;
    if (nm !== undefined) claims.nm = nm;
    if (par !== undefined) claims.par = par;
    if (perm !== undefined) claims.perm = perm as string[];
    return claims;
  } catch (err) {
    if (err instanceof InvalidTokenError) throw err;
    throw new InvalidTokenError((err as Error).message);
  }
}

/**
 * The principal as it was when the token was issued, from the token's own snapshot; null for a
 * token without one. Only for when admin cannot be asked (decision 20): it may be up to one
 * token lifetime old, which is the bound the cache and the events keep everywhere else too.
 */
export function principalFromClaims(claims: AccessClaims): Principal | null {
  if (claims.em === undefined || claims.perm === undefined) return null;
  if (claims.role === 'sub_user' && !claims.par) return null;
  return {
    userId: claims.sub,
    email: claims.em,
    name: claims.nm ?? null,
    role: claims.role,
    tenantId: claims.tid,
    parentUserId: claims.par ?? null,
    permissions: claims.role === 'sub_user' ? [...claims.perm] : [],
    tokenVersion: claims.pv,
  };
}

export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  return m?.[1] ?? null;
}

let secretCache: { inline: string | undefined; file: string | undefined; value: string } | undefined;

/** INTERNAL_SECRET (or INTERNAL_SECRET_FILE): shared by gateway and services for internal calls and principal headers. */
export function internalSecret(): string {
  const file = process.env.INTERNAL_SECRET_FILE;
  const inline = process.env.INTERNAL_SECRET;
  // Asked on every request that carries a signed principal: the file is read once per setting.
  if (secretCache && secretCache.inline === inline && secretCache.file === file) return secretCache.value;
  const s = inline ?? (file ? readFileSync(file, 'utf8').trim() : undefined);
  if (!s || s.length < 16) throw new Error('INTERNAL_SECRET (16+ chars) must be set');
  secretCache = { inline, file, value: s };
  return s;
}

function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/**
 * The gateway forwards the verified, current principal as base64url JSON plus an HMAC. The
 * payload carries the session and the access token's expiry, so a copied header is worthless
 * once the token would have expired.
 */
export function encodePrincipal(
  principal: SignedPrincipal,
  secret: string,
): { value: string; signature: string } {
  const value = Buffer.from(JSON.stringify(principal)).toString('base64url');
  return { value, signature: hmac(secret, value) };
}

/**
 * The signed principal, or null when it is missing, forged, malformed or past its `exp`
 * (`nowSeconds` for tests). Services that get null fall back on verifying the bearer token.
 */
export function decodePrincipal(
  value: string | undefined,
  signature: string | undefined,
  secret: string,
  nowSeconds = Date.now() / 1000,
): SignedPrincipal | null {
  if (!value || !signature) return null;
  const known = checked.get(signature);
  if (known && known.value === value && known.secret === secret) {
    // Same bytes, same secret: the HMAC and the shape were checked when it was remembered.
    return known.principal.exp > nowSeconds ? known.principal : null;
  }
  const principal = checkPrincipal(value, signature, secret, nowSeconds);
  if (principal) {
    if (checked.size >= CHECKED_MAX) checked.delete(checked.keys().next().value!);
    checked.set(signature, { value, secret, principal });
  }
  return principal;
}

/**
 * Signed principals already checked, by signature. The gateway signs a session's principal once
 * and sends the same header pair on every request of that session, so a service checked the same
 * HMAC and parsed the same JSON per request (~4 % of admin's CPU on the profile read, issue 9).
 * A hit needs the same value and secret too; its `exp` is still tested every time. The principal
 * is frozen because later requests share it. Oldest out first.
 */
const checked = new Map<string, { value: string; secret: string; principal: SignedPrincipal }>();
const CHECKED_MAX = 10_000;

function checkPrincipal(
  value: string,
  signature: string,
  secret: string,
  nowSeconds: number,
): SignedPrincipal | null {
  const expected = Buffer.from(hmac(secret, value));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let parsed: Partial<SignedPrincipal> | null;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<SignedPrincipal>;
  } catch {
    return null;
  }
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    typeof parsed.userId !== 'string' ||
    typeof parsed.tenantId !== 'string' ||
    typeof parsed.tokenVersion !== 'number' ||
    !ROLES.includes(parsed.role as (typeof ROLES)[number]) ||
    !Array.isArray(parsed.permissions) ||
    typeof parsed.exp !== 'number' ||
    parsed.exp <= nowSeconds
  ) {
    return null;
  }
  Object.freeze(parsed.permissions);
  return Object.freeze(parsed) as SignedPrincipal;
}

/** The principal part of a signed principal (what handlers see as `ctx.state.principal`). */
export function unsigned(signed: SignedPrincipal): Principal {
  const { sessionId: _sessionId, exp: _exp, ...principal } = signed;
  return principal;
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
