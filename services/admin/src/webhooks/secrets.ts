/**
 * Signing secrets (decision 60). A secret must be at hand to sign every delivery, so unlike an
 * API key it cannot be kept as a hash: it is sealed with AES-256-GCM under a key derived from
 * `WEBHOOK_SECRET_KEY` (else the internal secret every service has, under its own label), with
 * the webhook's tenant and id as associated data, so a sealed secret copied onto another row does
 * not open. A copy of the database alone signs nothing. Changing the key (or the internal secret
 * without it) leaves every stored secret unopenable: rotate each webhook's secret after it.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX, WEBHOOK_SIGNATURE_VERSION } from '@venue/contracts/admin';
import { internalSecret } from '@venue/service-kit';

const SEALED = /^v1\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]+)$/;

let cachedKey: { source: string; key: Buffer } | undefined;

function sealingKey(): Buffer {
  const source = process.env.WEBHOOK_SECRET_KEY?.trim() || internalSecret();
  if (cachedKey?.source !== source)
    cachedKey = { source, key: createHmac('sha256', source).update('venuedesk webhook secrets v1').digest() };
  return cachedKey.key;
}

const aad = (tenantId: string, webhookId: string) => Buffer.from(`${tenantId}/${webhookId}`, 'utf8');

/** A new secret: `whsec_` and 32 random bytes in base64url. */
export function newSigningSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to the webhook's tenant and id. */
export function sealSecret(secret: string, tenantId: string, webhookId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), iv);
  cipher.setAAD(aad(tenantId, webhookId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
}

/** The secret a sealed value holds; throws when it was sealed for another row or under another key. */
export function openSecret(sealed: string, tenantId: string, webhookId: string): string {
  const m = SEALED.exec(sealed);
  if (!m) throw new Error('not a sealed webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(), Buffer.from(m[1]!, 'base64url'));
  decipher.setAAD(aad(tenantId, webhookId));
  decipher.setAuthTag(Buffer.from(m[2]!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(m[3]!, 'base64url')), decipher.final()]).toString('utf8');
}

/** `v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `${WEBHOOK_SIGNATURE_VERSION}=${mac}`;
}

/** The header's value: the current secret's signature, then the previous one's while it overlaps. */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return secrets.map((s) => signatureOf(s, timestamp, body)).join(',');
}
