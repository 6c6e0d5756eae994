import { badRequest, kyselyOf, operation, unauthorized, type AppMiddleware } from '@venue/service-kit';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { issueRefreshToken, reissueInSession } from '../../auth/refresh-tokens.ts';
import { accessTokenFor, clientContext, setRefreshCookie } from '../../auth/session.ts';
import { endUserSessions } from '../../auth/sessions.ts';
import { recordAttempt, refuseThrottled, throttleWait } from '../../auth/throttle.ts';
import { NOW } from '../../db/clock.ts';
import type { AdminDb } from '../../db/schema.ts';
import { userLabel } from '../serialise.ts';
import { CURRENT_PASSWORD_INCORRECT } from '@venue/contracts/admin';
import { findLiveUser } from '../user-store.ts';

/**
 * A wrong current password counts as a failed sign-in; it is recorded after the request
 * transaction (which rolls back on the 400) has closed, since the embedded database cannot open
 * a second transaction inside it.
 */
const wrongPasswordFrom = new WeakMap<object, { email: string; ip: string | null }>();
const recordWrongPassword: AppMiddleware = async (ctx, next) => {
  try {
    await next();
  } finally {
    const failed = wrongPasswordFrom.get(ctx);
    if (failed) await ctx.kit.db.systemTx((tx) => recordAttempt(tx, failed.email, failed.ip, false));
  }
};

/**
 * Own password change (the spec's identity-provider step). Every other session of the
 * account ends; this one continues with fresh tokens.
 */
export const changeOwnPassword = operation(
  'post /api/users/change-password',
  { before: [recordWrongPassword] },
  async ({ ctx, tx, body }) => {
    const user = await findLiveUser(tx, ctx.state.principal.userId);
    if (!user) throw unauthorized('Your session has ended. Please sign in again.');
    const { ip, userAgent } = clientContext(ctx);
    // login_attempts is not tenant data, so the request transaction can read it
    const wait = await throttleWait(tx, user.email, ip);
    if (wait !== null) return refuseThrottled(ctx, wait);
    if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
      wrongPasswordFrom.set(ctx, { email: user.email, ip });
      throw badRequest(CURRENT_PASSWORD_INCORRECT);
    }
    await kyselyOf<AdminDb>(tx)
      .updateTable('users')
      .set({
        password_hash: await hashPassword(body.newPassword),
        password_changed_at: NOW,
        updated_at: NOW,
      })
      .where('id', '=', user.id)
      .execute();
    // Every other session of the account ends now; this one carries on with a new refresh
    // token (a token from before sessions existed gets a new session instead).
    const current = ctx.state.claims.sid;
    await endUserSessions(tx, user, 'password_changed', current);
    const refresh = current
      ? await reissueInSession(tx, user, { ip, userAgent }, current)
      : await issueRefreshToken(tx, user, { ip, userAgent });
    await tx.audit(ctx, {
      action: 'user_updated',
      targetType: 'user',
      target: user.id,
      targetLabel: userLabel(user),
      additionalInfo: 'Password changed',
    });
    setRefreshCookie(ctx, refresh.token);
    return {
      message: 'Your password has been updated successfully!',
      token: await accessTokenFor(user, refresh.sessionId),
      role: user.role,
    };
  },
);
