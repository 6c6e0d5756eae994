import { randomBytes } from 'node:crypto';
import { exportPKCS8, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import type { AccessClaims } from '@venue/contracts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '@venue/contracts';
import { ACCESS_TOKEN_ALG, signAccessToken } from '../auth/tokens.ts';
import { signCustomerToken, type CustomerClaims } from '../auth/callers.ts';

export interface TokenOptions {
  /** Lifetime in seconds (default: the product's access-token lifetime). */
  ttlSeconds?: number;
  /** Already expired (iat/exp in the past). */
  expired?: boolean;
}

export interface TestKeys {
  publicKeyPem: string;
  privateKeyPem: string;
  internalSecret: string;
  /** A signed access token as services/admin would issue it. */
  token(claims: AccessClaims, opts?: TokenOptions): Promise<string>;
  /** A customer access token (audience `venue-portal`) as services/admin would issue it. */
  customerToken(claims: CustomerClaims, opts?: { ttlSeconds?: number }): Promise<string>;
}

/**
 * An Ed25519 key pair and internal secret for this test process, written to AUTH_PUBLIC_KEY,
 * AUTH_PRIVATE_KEY and INTERNAL_SECRET. One per process: the test files of a workspace share a
 * process (scripts/test.mjs), and a second pair would make the tokens of files before it invalid.
 */
export function testKeys(): Promise<TestKeys> {
  processKeys ??= makeTestKeys();
  return processKeys.then((keys) => {
    process.env.AUTH_PUBLIC_KEY = keys.publicKeyPem;
    process.env.AUTH_PRIVATE_KEY = keys.privateKeyPem;
    process.env.INTERNAL_SECRET = keys.internalSecret;
    delete process.env.AUTH_PUBLIC_KEY_FILE;
    delete process.env.AUTH_PRIVATE_KEY_FILE;
    return keys;
  });
}
let processKeys: Promise<TestKeys> | undefined;

async function makeTestKeys(): Promise<TestKeys> {
  const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALG, { extractable: true });
  const publicKeyPem = await exportSPKI(publicKey);
  const privateKeyPem = await exportPKCS8(privateKey);
  const internalSecret = randomBytes(24).toString('base64url');
  return {
    publicKeyPem,
    privateKeyPem,
    internalSecret,
    async token(claims, opts = {}) {
      if (!opts.expired) return signAccessToken(claims, privateKey, opts.ttlSeconds);
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ role: claims.role, tid: claims.tid, pv: claims.pv })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(now - 3600)
        .setExpirationTime(now - 1800)
        .sign(privateKey);
    },
    customerToken(claims, opts = {}) {
      return signCustomerToken(claims, privateKey, opts.ttlSeconds);
    },
  };
}
