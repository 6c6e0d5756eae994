import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SessionEndReason } from '@venue/contracts';
import type { Tx } from '@venue/service-kit';
import { endSession, startSession } from './sessions.ts';

export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface IssueContext {
  userAgent: string | null;
  ip: string | null;
}

/**
 * Creates a refresh token in the session `sessionId`, or starts a new session (a sign-in) when
 * none is given; returns the raw token and the session id its access tokens carry as `sid`.
 */
export async function issueRefreshToken(
  tx: Tx,
  user: { id: string; tenant_id: string },
  context: IssueContext,
  sessionId?: string,
): Promise<{ id: string; token: string; sessionId: string }> {
  const familyId = sessionId ?? (await startSession(tx, user));
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
  return { id, token, sessionId: familyId };
}

export type RotationResult =
  | { kind: 'rotated'; userId: string; tenantId: string; token: string; sessionId: string }
  /** Unknown, or refused without ending anything (the grace of a just-rotated token). */
  | { kind: 'invalid' }
  /** The session is over; `replayed` is true when this very presentation ended it. */
  | { kind: 'ended'; userId: string; reason: SessionEndReason | null; replayed: boolean };

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
  const ended = (reason: SessionEndReason | null, replayed = false): RotationResult => ({
    kind: 'ended',
    userId: stored.user_id,
    reason,
    replayed,
  });
  // The session row is the lock every change of the session takes first: a rotation cannot
  // slip a new token into a session that a concurrent sign-out or password change is ending.
  const { rows } = await tx.query<{ end_reason: SessionEndReason | null }>(
    `SELECT end_reason FROM sessions WHERE tenant_id = $1 AND id = $2 FOR UPDATE`,
    [stored.tenant_id, stored.family_id],
  );
  const session = rows[0];
  if (!session) return ended(null);
  if (session.end_reason) return ended(session.end_reason);
  if (stored.replaced_by) {
    if (stored.just_rotated) return { kind: 'invalid' };
    await endSession(tx, stored.tenant_id, stored.family_id, 'replayed');
    return ended('replayed', true);
  }
  if (stored.revoked_at || stored.expired) return ended(null);

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
  return {
    kind: 'rotated',
    userId: stored.user_id,
    tenantId: stored.tenant_id,
    token: next.token,
    sessionId: stored.family_id,
  };
}

/**
 * A new refresh token for a session that continues (after its own password change): the live
 * ones are retired as if rotated, so a copy of the old cookie counts as a replay later on.
 */
export async function reissueInSession(
  tx: Tx,
  user: { id: string; tenant_id: string },
  context: IssueContext,
  sessionId: string,
): Promise<{ token: string; sessionId: string }> {
  const next = await issueRefreshToken(tx, user, context, sessionId);
  await tx.query(
    `UPDATE refresh_tokens SET revoked_at = now(), replaced_by = $3
      WHERE tenant_id = $1 AND family_id = $2 AND revoked_at IS NULL AND id <> $3`,
    [user.tenant_id, sessionId, next.id],
  );
  return next;
}

/**
 * Sign-out: ends the session of the presented token (only while that token is the live one, so
 * an old copy of a rotated cookie cannot end the session it was rotated out of). Returns its
 * owner when it ended it.
 */
export async function signOutWith(
  tx: Tx,
  token: string,
): Promise<{ userId: string; tenantId: string } | null> {
  const stored = await findToken(tx, token);
  if (!stored || stored.revoked_at || stored.expired) return null;
  if (!(await endSession(tx, stored.tenant_id, stored.family_id, 'signed_out'))) return null;
  return { userId: stored.user_id, tenantId: stored.tenant_id };
}
