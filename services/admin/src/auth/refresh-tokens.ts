import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SessionEndReason } from '@venue/contracts';
import { kyselyOf, type Tx } from '@venue/service-kit';
import { NOW, dbNowPlus } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';
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
  await kyselyOf<AdminDb>(tx)
    .insertInto('refresh_tokens')
    .values({
      tenant_id: user.tenant_id,
      id,
      user_id: user.id,
      token_hash: hashToken(token),
      family_id: familyId,
      expires_at: dbNowPlus(REFRESH_TOKEN_TTL_SECONDS, 'secs'),
      user_agent: context.userAgent,
      ip: context.ip,
    })
    .execute();
  return { id, token, sessionId: familyId };
}

export type RotationResult =
  | { kind: 'rotated'; userId: string; tenantId: string; token: string; sessionId: string }
  /** Unknown: no such token. */
  | { kind: 'invalid' }
  /** The session is over; `replayed` is true when this very presentation ended it. */
  | { kind: 'ended'; userId: string; reason: SessionEndReason | null; replayed: boolean };

/**
 * Two requests can present the same token a moment apart: two tabs waking up together, or a
 * page reloaded while its refresh was in flight (the server rotated, the browser dropped the
 * answer and its cookie). Within this window the late one continues the session with a token
 * of its own in the same family. Refusing it would sign the user out: the refusal clears the
 * cookie, which the browser shares with the tab that won. After the window a replay ends the
 * family, as a copied token should.
 */
export const ROTATION_GRACE_SECONDS = 20;

async function findToken(tx: Tx, token: string) {
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('refresh_tokens')
    .select(['id', 'tenant_id', 'user_id', 'family_id', 'revoked_at', 'replaced_by'])
    .select((eb) => [
      eb('expires_at', '<=', NOW).as('expired'),
      // Rotated so recently that a second presentation is more likely a race than a theft.
      eb('revoked_at', '>', dbNowPlus(-ROTATION_GRACE_SECONDS, 'secs')).as('just_rotated'),
    ])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row ?? null;
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
  const q = kyselyOf<AdminDb>(tx);
  const session = await q
    .selectFrom('sessions')
    .select('end_reason')
    .where('tenant_id', '=', stored.tenant_id)
    .where('id', '=', stored.family_id)
    .forUpdate()
    .executeTakeFirst();
  if (!session) return ended(null);
  if (session.end_reason) return ended(session.end_reason);
  const rotated = (token: string): RotationResult => ({
    kind: 'rotated',
    userId: stored.user_id,
    tenantId: stored.tenant_id,
    token,
    sessionId: stored.family_id,
  });
  const continued = async (): Promise<RotationResult> => {
    const sibling = await issueRefreshToken(
      tx,
      { id: stored.user_id, tenant_id: stored.tenant_id },
      context,
      stored.family_id,
    );
    return rotated(sibling.token);
  };
  if (stored.replaced_by) {
    if (stored.just_rotated && !stored.expired) return continued();
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
  // claims it; the other continues the session with a token of its own (see the grace above).
  const claimed = await q
    .updateTable('refresh_tokens')
    .set({ revoked_at: NOW, replaced_by: next.id })
    .where('tenant_id', '=', stored.tenant_id)
    .where('id', '=', stored.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (claimed.numUpdatedRows !== 1n) {
    // Rotated by a request that read the token before this one locked the session: a sibling,
    // as within the grace. Its new token is already stored in the family.
    return rotated(next.token);
  }
  return rotated(next.token);
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
  await kyselyOf<AdminDb>(tx)
    .updateTable('refresh_tokens')
    .set({ revoked_at: NOW, replaced_by: next.id })
    .where('tenant_id', '=', user.tenant_id)
    .where('family_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('id', '<>', next.id)
    .execute();
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
