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
  return new SignJWT({ role: claims.role, tid: claims.tid, pv: claims.pv })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(privateKey);
}

export class InvalidTokenError extends Error {}

/**
 * Verifies signature, algorithm (EdDSA only, so `alg: none` and HMAC confusion fail),
 * issuer, audience and expiry. Returns the claims or throws InvalidTokenError.
 */
export async function verifyAccessToken(token: string, publicKey: Key): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [ACCESS_TOKEN_ALG],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const { sub, role, tid, pv } = payload as Record<string, unknown>;
    if (
      typeof sub !== 'string' ||
      typeof tid !== 'string' ||
      typeof pv !== 'number' ||
      !ROLES.includes(role as (typeof ROLES)[number])
    ) {
      throw new InvalidTokenError('malformed claims');
    }
    return { sub, role: role as AccessClaims['role'], tid, pv };
  } catch (err) {
    if (err instanceof InvalidTokenError) throw err;
    throw new InvalidTokenError((err as Error).message);
  }
}

export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  return m?.[1] ?? null;
}

/** INTERNAL_SECRET (or INTERNAL_SECRET_FILE): shared by gateway and services for internal calls and principal headers. */
export function internalSecret(): string {
  const file = process.env.INTERNAL_SECRET_FILE;
  const s = process.env.INTERNAL_SECRET ?? (file ? readFileSync(file, 'utf8').trim() : undefined);
  if (!s || s.length < 16) throw new Error('INTERNAL_SECRET (16+ chars) must be set');
  return s;
}

function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** The gateway forwards the verified, current principal as base64url JSON plus an HMAC. */
export function encodePrincipal(principal: Principal, secret: string): { value: string; signature: string } {
  const value = Buffer.from(JSON.stringify(principal)).toString('base64url');
  return { value, signature: hmac(secret, value) };
}

export function decodePrincipal(
  value: string | undefined,
  signature: string | undefined,
  secret: string,
): Principal | null {
  if (!value || !signature) return null;
  const expected = Buffer.from(hmac(secret, value));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Principal;
  } catch {
    return null;
  }
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
