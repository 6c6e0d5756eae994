/**
 * API keys (issue 10): made, listed, revoked and verified. Admin owns them as it owns every
 * other credential; the gateway only ever holds what `verifyApiKey` answered, and hears of a
 * revocation through `api_key.revoked`.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_PUBLIC_ID,
  API_KEY_REVOKED_EVENT,
  apiKeyActor,
  type ApiKeyRevokedEvent,
  type ApiKeyVerification,
  type ApiKeyView,
} from '@venue/contracts';
import type { Profile } from '@venue/contracts/admin';
import { kyselyOf, safeEqual, type Tx } from '@venue/service-kit';
import { NOW, dbNowPlus } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';

export interface ApiKeyRow {
  tenant_id: string;
  id: string;
  public_id: string;
  key_hash: string;
  name: string;
  permissions: string[];
  created_by: string;
  created_at: Date | string;
  expires_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 12 characters of base32 from 60 random bits. */
function newPublicId(): string {
  const bytes = randomBytes(12);
  let id = '';
  for (const b of bytes) id += BASE32[b & 31];
  return id;
}

/** SHA-256 of the whole key, hex: what is stored, and what the gateway sends to be checked. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

const iso = (v: Date | string) => new Date(v).toISOString();

export function apiKeyView(row: ApiKeyRow, now = Date.now()): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: `${API_KEY_PREFIX}${row.public_id}`,
    permissions: [...row.permissions],
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
    expired: new Date(row.expires_at).getTime() <= now,
  };
}

export interface NewApiKey {
  tenantId: string;
  createdBy: string;
  name: string;
  permissions: string[];
  expiresInDays: number;
}

/** Stores a new key and returns it with its row: the key itself exists only in this answer. */
export async function createApiKey(tx: Tx, input: NewApiKey): Promise<{ key: string; row: ApiKeyRow }> {
  // 60 random bits make a clash of public ids all but impossible; the unique index makes it
  // certain, and a clash is simply drawn again rather than answered with a 500.
  for (let attempt = 0; attempt < 3; attempt++) {
    const publicId = newPublicId();
    const key = `${API_KEY_PREFIX}${publicId}_${randomBytes(32).toString('base64url')}`;
    const row = await kyselyOf<AdminDb>(tx)
      .insertInto('api_keys')
      .values({
        tenant_id: input.tenantId,
        public_id: publicId,
        key_hash: hashApiKey(key),
        name: input.name,
        permissions: input.permissions,
        created_by: input.createdBy,
        expires_at: dbNowPlus(input.expiresInDays, 'days'),
      })
      .onConflict((oc) => oc.column('public_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return { key, row };
  }
  throw new Error('could not draw an unused API key id');
}

export async function listApiKeys(tx: Tx, tenantId: string): Promise<ApiKeyRow[]> {
  return kyselyOf<AdminDb>(tx)
    .selectFrom('api_keys')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Revokes a live key of the tenant and, in the same transaction, publishes `api_key.revoked`
 * so the gateway refuses it on its next request. Conditional on its being live, so of two
 * concurrent revocations only one publishes. Null when there was no such live key.
 */
export async function revokeApiKey(
  tx: Tx,
  tenantId: string,
  keyId: string,
  revokedBy: string,
): Promise<ApiKeyRow | null> {
  const row = await kyselyOf<AdminDb>(tx)
    .updateTable('api_keys')
    .set({ revoked_at: NOW, revoked_by: revokedBy })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  const event: ApiKeyRevokedEvent = { keyId: row.id, publicId: row.public_id, tenantId };
  await tx.publish(API_KEY_REVOKED_EVENT, event, { tenantId });
  return row;
}

/**
 * The gateway's check (system scope: the key names its tenant). The stored hash is compared in
 * constant time; a wrong secret and an unknown id answer alike. On success the use is recorded,
 * at most once a minute per key (the conditional update writes nothing in between), and the
 * principal is a staff member of the tenant holding the key's permissions, named after the key
 * so the audit log shows "API key: <name>" as the actor.
 */
export async function verifyApiKey(tx: Tx, publicId: string, hash: string): Promise<ApiKeyVerification> {
  if (!API_KEY_PUBLIC_ID.test(publicId) || !/^[0-9a-f]{64}$/.test(hash)) {
    return { status: 'refused', reason: 'unknown' };
  }
  const q = kyselyOf<AdminDb>(tx);
  const row = await q
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.tenant_id')
    .selectAll('k')
    .select((eb) => [
      eb('k.expires_at', '<=', NOW).as('expired'),
      eb.and([eb('u.deleted_at', 'is', null), eb('u.status', '=', 'active')]).as('owner_active'),
      eb
        .or([eb('k.last_used_at', 'is', null), eb('k.last_used_at', '<', dbNowPlus(-1, 'mins'))])
        .as('use_unrecorded'),
    ])
    .where('k.public_id', '=', publicId)
    .executeTakeFirst();
  if (!row || !safeEqual(row.key_hash, hash)) return { status: 'refused', reason: 'unknown' };
  if (row.revoked_at !== null) return { status: 'refused', reason: 'revoked' };
  if (row.expired) return { status: 'refused', reason: 'expired' };
  if (!row.owner_active) return { status: 'refused', reason: 'inactive' };
  // The gateway asks on every request a key makes: the write is only tried once a minute.
  if (row.use_unrecorded)
    await q
      .updateTable('api_keys')
      .set({ last_used_at: NOW })
      .where('tenant_id', '=', row.tenant_id)
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', dbNowPlus(-1, 'mins'))]))
      .execute();
  const actor = apiKeyActor(row.name);
  return {
    status: 'live',
    apiKeyId: row.id,
    expiresAt: iso(row.expires_at),
    principal: {
      // The key's own id: the audit log's actor, and a sub-user's "own entries" scope.
      userId: row.id,
      email: actor,
      name: actor,
      role: 'sub_user',
      tenantId: row.tenant_id,
      parentUserId: row.tenant_id,
      permissions: [...row.permissions],
      // A key's permissions never change (it is revoked and made anew), so neither does this.
      tokenVersion: 1,
    },
  };
}

/**
 * `GET /api/users/profile` for a key (issue 24 item 11): the key is the caller, a staff member
 * of its venue named after it, as the gateway's principal for it says. Null when no live key of
 * the tenant has this id (revoked or expired since the gateway asked).
 */
export async function apiKeyProfile(tx: Tx, tenantId: string, keyId: string): Promise<Profile | null> {
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.tenant_id')
    .select(['k.id', 'k.name', 'k.public_id', 'k.permissions', 'k.expires_at', 'u.hall_name'])
    .where('k.tenant_id', '=', tenantId)
    .where('k.id', '=', keyId)
    .where('k.revoked_at', 'is', null)
    .where('k.expires_at', '>', NOW)
    .executeTakeFirst();
  if (!row) return null;
  const actor = apiKeyActor(row.name);
  return {
    id: row.id,
    email: actor,
    role: 'sub_user',
    permissions: [...row.permissions],
    parentUserId: tenantId,
    name: actor,
    profilePicture: null,
    hallName: row.hall_name,
    apiKey: {
      id: row.id,
      name: row.name,
      prefix: `${API_KEY_PREFIX}${row.public_id}`,
      expiresAt: iso(row.expires_at),
    },
  };
}
