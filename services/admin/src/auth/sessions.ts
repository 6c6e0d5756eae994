/**
 * Sessions (decision 20): one per sign-in. The refresh-token family id is the session id and
 * every access token carries it as `sid`. Ending a session revokes its refresh tokens and, in
 * the same transaction, publishes `session.ended` so the gateway refuses its access tokens on
 * their next request; a change to what a user may do publishes `principal.changed` instead and
 * leaves the session running.
 */
import { randomUUID } from 'node:crypto';
import {
  PRINCIPAL_CHANGED_EVENT,
  SESSION_ENDED_EVENT,
  isSessionEndReason,
  type PrincipalChangedEvent,
  type PrincipalLookup,
  type SessionEndReason,
  type SessionEndedEvent,
} from '@venue/contracts';
import { isUuid, kyselyOf, type Tx } from '@venue/service-kit';
import { NOW } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';
import { toPrincipal, type UserRow } from '../users/user-store.ts';

type UserRef = Pick<UserRow, 'id' | 'tenant_id'>;

/** Starts a session for `user`; its id is the family id of the refresh tokens issued for it. */
export async function startSession(tx: Tx, user: UserRef): Promise<string> {
  const id = randomUUID();
  await kyselyOf<AdminDb>(tx)
    .insertInto('sessions')
    .values({ tenant_id: user.tenant_id, id, user_id: user.id })
    .execute();
  return id;
}

async function publishEnded(tx: Tx, event: SessionEndedEvent): Promise<void> {
  if (event.sessionIds.length === 0) return;
  await tx.publish(SESSION_ENDED_EVENT, event, { tenantId: event.tenantId });
}

async function revokeTokensOf(tx: Tx, tenantId: string, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await kyselyOf<AdminDb>(tx)
    .updateTable('refresh_tokens')
    .set({ revoked_at: NOW })
    .where('tenant_id', '=', tenantId)
    .where('family_id', 'in', sessionIds)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends one session (sign-out, a replayed refresh token). Conditional on its still being live,
 * so of two concurrent ends only one records its reason and publishes. Returns whether it ended
 * it.
 */
export async function endSession(
  tx: Tx,
  tenantId: string,
  sessionId: string,
  reason: SessionEndReason,
): Promise<boolean> {
  const row = await kyselyOf<AdminDb>(tx)
    .updateTable('sessions')
    .set({ ended_at: NOW, end_reason: reason })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  if (!row) return false;
  await revokeTokensOf(tx, tenantId, [sessionId]);
  await publishEnded(tx, { userId: row.user_id, tenantId, sessionIds: [sessionId], reason });
  return true;
}

/**
 * Ends every live session of `user` (password change, deactivation, deletion), except
 * `keep` when given. Returns the ids it ended.
 */
export async function endUserSessions(
  tx: Tx,
  user: UserRef,
  reason: SessionEndReason,
  keep?: string,
): Promise<string[]> {
  const rows = await kyselyOf<AdminDb>(tx)
    .updateTable('sessions')
    .set({ ended_at: NOW, end_reason: reason })
    .where('tenant_id', '=', user.tenant_id)
    .where('user_id', '=', user.id)
    .where('ended_at', 'is', null)
    .$if(keep !== undefined, (qb) => qb.where('id', '<>', keep!))
    .returning('id')
    .execute();
  const ids = rows.map((r) => r.id);
  await revokeTokensOf(tx, user.tenant_id, ids);
  await publishEnded(tx, { userId: user.id, tenantId: user.tenant_id, sessionIds: ids, reason });
  return ids;
}

/**
 * What the user may do changed (permissions, role, e-mail, status): access tokens issued before
 * carry an older `pv` and are answered `token_stale`, which the shell mends with a refresh.
 * Returns the new token version.
 */
export async function bumpTokenVersion(tx: Tx, user: UserRef): Promise<number> {
  const row = await kyselyOf<AdminDb>(tx)
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: NOW }))
    .where('id', '=', user.id)
    .returning('token_version')
    .executeTakeFirst();
  const tokenVersion = Number(row?.token_version);
  const event: PrincipalChangedEvent = { userId: user.id, tenantId: user.tenant_id, tokenVersion };
  await tx.publish(PRINCIPAL_CHANGED_EVENT, event, { tenantId: user.tenant_id });
  return tokenVersion;
}

/**
 * The gateway's (and direct callers') look-up: the current principal if the account is active
 * and the session live, otherwise why not. One indexed read; an empty `sessionId` (a token from
 * before sessions) skips the session check.
 */
export async function lookupPrincipal(tx: Tx, userId: string, sessionId: string): Promise<PrincipalLookup> {
  if (!isUuid(userId) || (sessionId !== '' && !isUuid(sessionId))) {
    return { status: 'ended', reason: 'deleted' };
  }
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('users as u')
    .leftJoin('sessions as s', (join) =>
      join
        .on((eb) => eb('s.id', '=', eb.cast<string>(eb.val(sessionId === '' ? null : sessionId), 'uuid')))
        .onRef('s.tenant_id', '=', 'u.tenant_id'),
    )
    .selectAll('u')
    .select(['s.user_id as session_user', 's.end_reason'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row || row.deleted_at !== null) return { status: 'ended', reason: 'deleted' };
  if (row.status !== 'active') return { status: 'ended', reason: 'deactivated' };
  if (sessionId !== '') {
    // A session that is not this user's, or one housekeeping has forgotten, is over.
    if (row.session_user !== row.id) return { status: 'ended', reason: 'signed_out' };
    if (isSessionEndReason(row.end_reason)) return { status: 'ended', reason: row.end_reason };
  }
  return { status: 'live', principal: toPrincipal(row) };
}
