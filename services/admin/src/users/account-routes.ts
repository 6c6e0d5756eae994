import { userSettingsUpdateSchema } from '@venue/contracts';
import {
  badRequest,
  forbidden,
  parseBody,
  requireAuth,
  withRead,
  withTx,
  requirePermission,
  unauthorized,
  type AppContext,
  type AppMiddleware,
  type AppRouter,
  type ServiceKit,
  isUuid,
  kyselyOf,
} from '@venue/service-kit';
import { dbNow, dbNowPlus } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';
import { readSettings, writeSettings } from '../settings/settings-store.ts';
import { publishSettingsSnapshot, touchesSnapshot } from '../settings/settings-events.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { issueRefreshToken, reissueInSession } from '../auth/refresh-tokens.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { accessTokenFor, clientContext, setRefreshCookie } from '../auth/session.ts';
import { recordAttempt, refuseThrottled, throttleWait } from '../auth/throttle.ts';
import { changeOwnPasswordSchema, CURRENT_PASSWORD_INCORRECT } from './sub-user-schemas.ts';
import { apiKeyProfile } from '../api-keys/api-key-store.ts';
import { PROFILE_COLUMNS, profileView, userLabel } from './serialise.ts';
import { findLiveUser, type UserRow } from './user-store.ts';

/** Said for any parent-data id that is not the caller's own parent, existing or not. */
export const PARENT_DATA_DENIED = 'You do not have access to this account.';

/** The caller's own row inside the request transaction (present: requireAuth resolved it). */
async function currentUser(ctx: AppContext): Promise<UserRow> {
  const user = await findLiveUser(ctx.state.tx, ctx.state.principal.userId);
  if (!user) throw unauthorized('Your session has ended. Please sign in again.');
  return user;
}

export function accountRoutes(router: AppRouter, kit: ServiceKit): void {
  router.get('/api/users/profile', requireAuth, withRead, async (ctx: AppContext) => {
    const { userId, tenantId } = ctx.state.principal;
    if (!isUuid(userId)) throw unauthorized('Your session has ended. Please sign in again.');
    // The hottest authenticated read (issue 9): only the columns the answer shows, by the
    // (tenant_id, id) key, tenant stated as every query does.
    const user = await kyselyOf<AdminDb>(ctx.state.tx)
      .selectFrom('users')
      .select(PROFILE_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (user) {
      ctx.body = profileView(user);
      return;
    }
    // An API key has no session and no user row: it acts with its own id (issue 24 item 11).
    const key = ctx.state.claims.sid ? null : await apiKeyProfile(ctx.state.tx, tenantId, userId);
    if (!key) throw unauthorized('Your session has ended. Please sign in again.');
    ctx.body = key;
  });

  router.get('/api/users/parent-data/:parentUserId', requireAuth, withTx, async (ctx: AppContext) => {
    const principal = ctx.state.principal;
    // Only a sub-user's own parent; every other id gets the same answer, so the endpoint
    // cannot be used to probe which accounts exist.
    if (
      principal.role !== 'sub_user' ||
      !principal.parentUserId ||
      ctx.params.parentUserId !== principal.parentUserId
    ) {
      throw forbidden(PARENT_DATA_DENIED);
    }
    const parent = await findLiveUser(ctx.state.tx, principal.parentUserId);
    if (!parent) throw forbidden(PARENT_DATA_DENIED);
    ctx.body = { id: parent.id, hallName: parent.hall_name, name: parent.name };
  });

  router.get('/api/users/settings', requireAuth, withTx, async (ctx: AppContext) => {
    ctx.body = await readSettings(ctx.state.tx, ctx.state.principal.tenantId);
  });

  router.put(
    '/api/users/settings',
    requireAuth,
    requirePermission('settings'),
    withTx,
    async (ctx: AppContext) => {
      const update = parseBody(ctx, userSettingsUpdateSchema);
      const { tenantId, userId } = ctx.state.principal;
      const { settings, changes } = await writeSettings(ctx.state.tx, tenantId, update, userId);
      // Bookings and catalogue keep a copy of these figures: they hear of the change with it.
      if (touchesSnapshot('general', changes)) await publishSettingsSnapshot(ctx.state.tx, tenantId);
      if (Object.keys(changes).length > 0) {
        await ctx.state.tx.audit(ctx, {
          action: 'settings_updated',
          targetType: 'settings',
          target: tenantId,
          targetLabel: 'General and tax settings',
          changes,
        });
      }
      ctx.body = settings;
    },
  );

  /**
   * The settings screen reports a password change after it happened (spec 01 §7). The change
   * itself was already audited by change-password; this records one only when the server has
   * not seen a change of this account in the last 15 minutes.
   */
  router.post('/api/users/log-password-change', requireAuth, withTx, async (ctx: AppContext) => {
    const row = await kyselyOf<AdminDb>(ctx.state.tx)
      .selectFrom('users')
      .select((eb) =>
        eb.fn.coalesce(eb('password_changed_at', '>', dbNowPlus(-15, 'mins')), eb.lit(false)).as('recent'),
      )
      .where('id', '=', ctx.state.principal.userId)
      .executeTakeFirst();
    if (!row?.recent) {
      await ctx.state.tx.audit(ctx, {
        action: 'user_updated',
        targetType: 'user',
        target: ctx.state.principal.userId,
        targetLabel: userLabel(ctx.state.principal),
        additionalInfo: 'Password change reported by the settings screen',
      });
    }
    ctx.status = 204;
  });

  /**
   * Own password change (the spec's identity-provider step). Every other session of the
   * account ends; this one continues with fresh tokens. A wrong current password counts as a
   * failed sign-in; it is recorded after the request transaction (which rolls back on the 400)
   * has closed, since the embedded database cannot open a second transaction inside it.
   */
  const wrongPasswordFrom = new WeakMap<object, { email: string; ip: string | null }>();
  const recordWrongPassword: AppMiddleware = async (ctx, next) => {
    try {
      await next();
    } finally {
      const failed = wrongPasswordFrom.get(ctx);
      if (failed) await kit.db.systemTx((tx) => recordAttempt(tx, failed.email, failed.ip, false));
    }
  };

  router.post(
    '/api/users/change-password',
    recordWrongPassword,
    requireAuth,
    withTx,
    async (ctx: AppContext) => {
      const body = parseBody(ctx, changeOwnPasswordSchema);
      const tx = ctx.state.tx;
      const user = await currentUser(ctx);
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
          password_changed_at: dbNow(),
          updated_at: dbNow(),
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
      ctx.body = {
        message: 'Your password has been updated successfully!',
        token: await accessTokenFor(user, refresh.sessionId),
        role: user.role,
      };
    },
  );
}
