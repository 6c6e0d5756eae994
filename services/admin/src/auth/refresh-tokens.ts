import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Tx } from '@venue/service-kit';

export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface IssueContext {
  userAgent: string | null;
  ip: string | null;
}

/** Creates a refresh token (a new family unless one is given); returns the raw token. */
export async function issueRefreshToken(
  tx: Tx,
  user: { id: string; tenant_id: string },
  context: IssueContext,
  familyId: string = randomUUID(),
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  await tx.query(
    `INSERT INTO refresh_tokens (tenant_id, id, user_id, token_hash, family_id, expires_at, user_agent, ip)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6), $7, $8)`,
    [
      user.tenant_id,
      id,
      user.id,
      hashToken(token),
      familyId,
      REFRESH_TOKEN_TTL_SECONDS,
      context.userAgent,
      context.ip,
    ],
  );
  return { id, token };
}

export type RotationResult =
  | { kind: 'rotated'; userId: string; tenantId: string; token: string }
  | { kind: 'invalid' }
  | { kind: 'reused'; userId: string };

interface StoredToken {
  id: string;
  tenant_id: string;
  user_id: string;
  family_id: string;
  revoked_at: Date | null;
  replaced_by: string | null;
  expired: boolean;
  /** Rotated so recently that a second presentation is more likely a race than a theft. */
  just_rotated: boolean;
}

/**
 * Two requests can present the same token a moment apart (two tabs waking up together, a
 * retried request whose first answer was lost). Within this window the late one is refused
 * without revoking the family, so the tab that won keeps its session.
 */
export const ROTATION_GRACE_SECONDS = 20;

async function findToken(tx: Tx, token: string): Promise<StoredToken | null> {
  const { rows } = await tx.query<StoredToken>(
    `SELECT id, tenant_id, user_id, family_id, revoked_at, replaced_by, expires_at <= now() AS expired,
            revoked_at > now() - make_interval(secs => $2) AS just_rotated
       FROM refresh_tokens WHERE token_hash = $1`,
    [hashToken(token), ROTATION_GRACE_SECONDS],
  );
  return rows[0] ?? null;
}

async function revokeFamily(tx: Tx, stored: StoredToken): Promise<void> {
  await tx.query(
    `UPDATE refresh_tokens SET revoked_at = now()
      WHERE tenant_id = $1 AND family_id = $2 AND revoked_at IS NULL`,
    [stored.tenant_id, stored.family_id],
  );
}

/**
 * Exchanges a refresh token for a new one in the same family. A token that was already
 * rotated is evidence that it was copied: the whole family is revoked, so neither the thief
 * nor the victim can continue without signing in again (after a short grace, see
 * ROTATION_GRACE_SECONDS). Runs in a system transaction that
 * must commit even when the answer is a refusal.
 */
export async function rotateRefreshToken(
  tx: Tx,
  token: string,
  context: IssueContext,
): Promise<RotationResult> {
  const stored = await findToken(tx, token);
  if (!stored) return { kind: 'invalid' };
  if (stored.replaced_by) {
    if (stored.just_rotated) return { kind: 'invalid' };
    await revokeFamily(tx, stored);
    return { kind: 'reused', userId: stored.user_id };
  }
  if (stored.revoked_at || stored.expired) return { kind: 'invalid' };

  const next = await issueRefreshToken(
    tx,
    { id: stored.user_id, tenant_id: stored.tenant_id },
    context,
    stored.family_id,
  );
  // Claim the old token atomically: of two concurrent refreshes (two tabs at once) only one
  // wins; the loser is refused without revoking the family the winner now continues.
  const claimed = await tx.query(
    `UPDATE refresh_tokens SET revoked_at = now(), replaced_by = $3
      WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL`,
    [stored.tenant_id, stored.id, next.id],
  );
  if (claimed.rowCount !== 1) {
    await tx.query(`DELETE FROM refresh_tokens WHERE tenant_id = $1 AND id = $2`, [
      stored.tenant_id,
      next.id,
    ]);
    return { kind: 'invalid' };
  }
  return { kind: 'rotated', userId: stored.user_id, tenantId: stored.tenant_id, token: next.token };
}

/** Logout: revokes the presented token; returns its owner when it was still live. */
export async function revokeRefreshToken(
  tx: Tx,
  token: string,
): Promise<{ userId: string; tenantId: string } | null> {
  const { rows } = await tx.query<{ user_id: string; tenant_id: string }>(
    `UPDATE refresh_tokens SET revoked_at = now()
      WHERE token_hash = $1 AND revoked_at IS NULL RETURNING user_id, tenant_id`,
    [hashToken(token)],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, tenantId: row.tenant_id } : null;
}
