import { forbidden, isUuid, kyselyOf, operation, unauthorized } from '@venue/service-kit';
import { apiKeyProfile } from '../../api-keys/api-key-store.ts';
import { dbNowPlus } from '../../db/clock.ts';
import type { AdminDb } from '../../db/schema.ts';
import { publishSettingsSnapshot, touchesSnapshot } from '../../settings/settings-events.ts';
import { readSettings, writeSettings } from '../../settings/settings-store.ts';
import { PROFILE_COLUMNS, profileView, userLabel } from '../serialise.ts';
import { findLiveUser } from '../user-store.ts';

/** Said for any parent-data id that is not the caller's own parent, existing or not. */
export const PARENT_DATA_DENIED = 'You do not have access to this account.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export const getProfile = operation(
  'get /api/users/profile',
  { transaction: 'read' },
  async ({ ctx, tx }) => {
    const { userId, tenantId } = ctx.state.principal;
    if (!isUuid(userId)) throw unauthorized(SESSION_ENDED);
    // The hottest authenticated read (issue 9): only the columns the answer shows, by the
    // (tenant_id, id) key, tenant stated as every query does.
    const user = await kyselyOf<AdminDb>(tx)
      .selectFrom('users')
      .select(PROFILE_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (user) return profileView(user);
    // An API key has no session and no user row: it acts with its own id (issue 24 item 11).
    const key = ctx.state.claims.sid ? null : await apiKeyProfile(tx, tenantId, userId);
    if (!key) throw unauthorized(SESSION_ENDED);
    return key;
  },
);

export const getParentData = operation(
  'get /api/users/parent-data/{parentUserId}',
  async ({ ctx, tx, params }) => {
    const principal = ctx.state.principal;
    // Only a sub-user's own parent; every other id gets the same answer, so the endpoint
    // cannot be used to probe which accounts exist.
    if (
      principal.role !== 'sub_user' ||
      !principal.parentUserId ||
      params.parentUserId !== principal.parentUserId
    ) {
      throw forbidden(PARENT_DATA_DENIED);
    }
    const parent = await findLiveUser(tx, principal.parentUserId);
    if (!parent) throw forbidden(PARENT_DATA_DENIED);
    return { id: parent.id, hallName: parent.hall_name, name: parent.name };
  },
);

export const getUserSettings = operation('get /api/users/settings', ({ ctx, tx }) =>
  readSettings(tx, ctx.state.principal.tenantId),
);

export const putUserSettings = operation('put /api/users/settings', async ({ ctx, tx, body }) => {
  const { tenantId, userId } = ctx.state.principal;
  const { settings, changes } = await writeSettings(tx, tenantId, body, userId);
  // Bookings and catalogue keep a copy of these figures: they hear of the change with it.
  if (touchesSnapshot('general', changes)) await publishSettingsSnapshot(tx, tenantId);
  if (Object.keys(changes).length > 0) {
    await tx.audit(ctx, {
      action: 'settings_updated',
      targetType: 'settings',
      target: tenantId,
      targetLabel: 'General and tax settings',
      changes,
    });
  }
  return settings;
});

/**
 * The settings screen reports a password change after it happened (spec 01 §7). The change
 * itself was already audited by change-password; this records one only when the server has
 * not seen a change of this account in the last 15 minutes.
 */
export const logPasswordChange = operation('post /api/users/log-password-change', async ({ ctx, tx }) => {
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('users')
    .select((eb) =>
      eb.fn.coalesce(eb('password_changed_at', '>', dbNowPlus(-15, 'mins')), eb.lit(false)).as('recent'),
    )
    .where('id', '=', ctx.state.principal.userId)
    .executeTakeFirst();
  if (!row?.recent) {
    await tx.audit(ctx, {
      action: 'user_updated',
      targetType: 'user',
      target: ctx.state.principal.userId,
      targetLabel: userLabel(ctx.state.principal),
      additionalInfo: 'Password change reported by the settings screen',
    });
  }
  ctx.status = 204;
});
