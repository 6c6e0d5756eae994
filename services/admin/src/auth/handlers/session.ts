/**
 * `POST /api/auth/refresh`, `POST /api/auth/logout` and `POST /api/logout`: public (the refresh
 * cookie names the session, no access token is needed), so they open the system transactions
 * they need (`guard: []`, `transaction: 'none'`).
 */
import { REFRESH_COOKIE, SESSION_ENDED_CODE, type SessionEndReason } from '@venue/contracts';
import { operation, type AppContext } from '@venue/service-kit';
import { findLiveUser, isUsable } from '../../users/user-store.ts';
import { rotateRefreshToken, signOutWith } from '../refresh-tokens.ts';
import {
  accessTokenFor,
  auditSession,
  clearRefreshCookie,
  clientContext,
  setRefreshCookie,
} from '../session.ts';
import { endUserSessions } from '../sessions.ts';
import { SESSION_ENDED_MESSAGE } from '../signin-errors.ts';

const publicSession = { guard: [], transaction: 'none' } as const;

/**
 * 401 for a refresh that cannot continue the session: `{message, code: 'session_ended', reason}`
 * (reason null when the cookie is unknown, or lost a race with another tab), so the login page
 * can say why the user has to sign in again.
 */
function sessionEnded(ctx: AppContext, reason: SessionEndReason | null): void {
  clearRefreshCookie(ctx);
  ctx.status = 401;
  ctx.body = { message: SESSION_ENDED_MESSAGE, code: SESSION_ENDED_CODE, reason };
}

type RefreshOutcome =
  | { kind: 'granted'; refresh: string; access: string; role: string }
  | { kind: 'ended'; reason: SessionEndReason | null };

export const refreshSession = operation('post /api/auth/refresh', publicSession, async ({ ctx }) => {
  const presented = ctx.cookies.get(REFRESH_COOKIE);
  // No cookie: nobody is signed in on this browser. Every signed-out page load asks (the shell
  // restores a session from the cookie), so this is an answer, not an error: 200, not a 401
  // in the console each time. A cookie that no longer continues a session is still a 401.
  if (!presented) return { authenticated: false };
  const context = clientContext(ctx);
  // A system transaction that commits even when the answer is a refusal (a replay ends the
  // session for good).
  const outcome = await ctx.kit.db.systemTx(async (tx): Promise<RefreshOutcome> => {
    const rotation = await rotateRefreshToken(tx, presented, context);
    if (rotation.kind === 'invalid') return { kind: 'ended', reason: null };
    if (rotation.kind === 'ended') {
      if (rotation.replayed)
        ctx.log.warn({ userId: rotation.userId }, 'refresh token replayed; its session ended');
      return { kind: 'ended', reason: rotation.reason };
    }
    const user = await findLiveUser(tx, rotation.userId);
    // Deactivation and deletion already end the sessions; this guards data changed by hand.
    if (!user || !isUsable(user)) {
      const reason = user ? 'deactivated' : 'deleted';
      await endUserSessions(tx, { id: rotation.userId, tenant_id: rotation.tenantId }, reason);
      return { kind: 'ended', reason };
    }
    return {
      kind: 'granted',
      refresh: rotation.token,
      access: await accessTokenFor(user, rotation.sessionId),
      role: user.role,
    };
  });
  if (outcome.kind === 'ended') return sessionEnded(ctx, outcome.reason);
  setRefreshCookie(ctx, outcome.refresh);
  return { token: outcome.access, role: outcome.role };
});

/**
 * Sign-out needs no valid access token (it may have expired): the refresh cookie identifies
 * the session. Browsers send that cookie only under /api/auth, so the shell should call
 * /api/auth/logout; /api/logout is kept for the spec's path and for non-browser clients.
 * Only this session ends: the user's other devices stay signed in.
 */
async function logout(ctx: AppContext) {
  const presented = ctx.cookies.get(REFRESH_COOKIE);
  if (presented) {
    await ctx.kit.db.systemTx(async (tx) => {
      const owner = await signOutWith(tx, presented);
      const user = owner ? await findLiveUser(tx, owner.userId) : null;
      if (user) await auditSession(ctx, tx, user, 'user_logout');
    });
  }
  clearRefreshCookie(ctx);
  return { message: 'Signed out.' };
}

export const authLogout = operation('post /api/auth/logout', publicSession, ({ ctx }) => logout(ctx));
export const logoutAlias = operation('post /api/logout', publicSession, ({ ctx }) => logout(ctx));
