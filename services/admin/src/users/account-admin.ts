/**
 * /api/users and /api/users/{id}: the super admin manages hall-owner and super-admin accounts,
 * a hall owner their sub-users (sub-users.ts). Served after every fixed /api/users/* path, so
 * `{id}` never swallows one of them.
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_ROUTES, accountCreateBody, accountEditBody, accountStatusBody } from '@venue/contracts/admin';
import {
  badRequest,
  conflict,
  forbidden,
  inRequestTx,
  kyselyOf,
  notFound,
  operation,
  parseBody,
  requireAuth,
  serveOperations,
  type AppContext,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import { hashPassword } from '../auth/passwords.ts';
import { bumpTokenVersion, endUserSessions } from '../auth/sessions.ts';
import { NOW } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';
import { publishSettingsSnapshot } from '../settings/settings-events.ts';
import {
  accountChanges,
  accountColumns,
  contactNumberE164,
  liveAccount,
  setAccountStatus,
  statusOnly,
  USER_NOT_FOUND,
  widenToAllTenants,
} from './account-rows.ts';
import { accountView, userLabel } from './serialise.ts';
import { createSubUser, deleteSubUser } from './sub-users.ts';
import { writeUser, type UserRow } from './user-store.ts';

/** Spec 01 §2 "Users" wording for anyone but the super admin. */
export const SUPER_ADMIN_ONLY = 'Only Super Admins can access user management.';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role.';
export const OWNER_HAS_SUB_USERS =
  'This hall owner still has sub-users. Remove them before changing the role.';
export { CANNOT_DEACTIVATE_SELF, USER_NOT_FOUND, widenToAllTenants } from './account-rows.ts';
// The account bodies are the API contract's (contracts admin/accounts.ts).
export { HALL_OWNER_FIELD_MESSAGES, PASSWORD_NOT_EDITABLE, STATUS_MESSAGE } from '@venue/contracts/admin';
const createAccountSchema = accountCreateBody;
const statusOnlySchema = accountStatusBody;
const updateAccountSchema = accountEditBody;

/** The super admin's accounts (no sub-users), or a hall owner's sub-users (the Audit Log's "Check Sub-Users"). */
const listAccounts = operation('get /api/users', { guard: [requireAuth] }, async ({ ctx, tx }) => {
  const { role, userId } = ctx.state.principal;
  if (role === 'super_admin') {
    await widenToAllTenants(tx);
    // Sub-users belong to their hall owner's Roles & Permissions page, not this list.
    const rows = await kyselyOf<AdminDb>(tx)
      .selectFrom('users')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('role', '<>', 'sub_user')
      .orderBy('created_at')
      .orderBy('email')
      .execute();
    return rows.map(accountView);
  }
  if (role === 'hall_owner') {
    // the Audit Log's "Check Sub-Users"
    const rows = await kyselyOf<AdminDb>(tx)
      .selectFrom('users')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('parent_user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('email')
      .execute();
    return rows.map(accountView);
  }
  throw forbidden(SUPER_ADMIN_ONLY);
});

async function createAccount(ctx: AppContext, tx: Tx): Promise<void> {
  const body = parseBody(ctx, createAccountSchema);
  await widenToAllTenants(tx);
  body.contactNumber = await contactNumberE164(tx, body.contactNumber, null);
  const id = randomUUID();
  const created = await writeUser(
    kyselyOf<AdminDb>(tx)
      .insertInto('users')
      .values({
        id,
        tenant_id: id,
        email: body.email,
        password_hash: await hashPassword(body.password),
        ...accountColumns(body),
      })
      .returningAll(),
  );
  if (!created) throw new Error('insert returned no row');
  // A new tenant: bookings and catalogue get its (default) settings before its first request.
  await publishSettingsSnapshot(tx, id);
  const label = body.role === 'hall_owner' ? 'Hall Owner' : 'Super Admin';
  await tx.audit(ctx, {
    action: 'user_created',
    targetType: 'user',
    target: id,
    targetLabel: userLabel(created),
    additionalInfo: `${label} account ${body.email} created`,
    changes: Object.fromEntries(
      Object.entries(accountChanges({} as UserRow, created)).filter(([, c]) => c.new !== null),
    ),
  });
  ctx.status = 201;
  ctx.body = accountView(created);
}

async function updateAccount(ctx: AppContext, tx: Tx): Promise<void> {
  if (ctx.state.principal.role !== 'super_admin') throw forbidden(SUPER_ADMIN_ONLY);
  const onlyStatus = statusOnly(ctx.request.body);
  const body = onlyStatus ? null : parseBody(ctx, updateAccountSchema);
  const status = onlyStatus ? parseBody(ctx, statusOnlySchema).status : body?.status;
  await widenToAllTenants(tx);
  const before = await liveAccount(tx, ctx.params.id ?? '');
  if (before.role === 'sub_user') throw notFound(USER_NOT_FOUND);
  if (!body) {
    ctx.body = accountView(await setAccountStatus(ctx, tx, before, status!));
    return;
  }
  if (before.id === ctx.state.principal.userId && body.role !== before.role)
    throw badRequest(CANNOT_CHANGE_OWN_ROLE);
  if (before.role === 'hall_owner' && body.role !== 'hall_owner') {
    const sub = await kyselyOf<AdminDb>(tx)
      .selectFrom('users')
      .select('id')
      .where('parent_user_id', '=', before.id)
      .where('deleted_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (sub) throw conflict(OWNER_HAS_SUB_USERS);
  }
  body.contactNumber = await contactNumberE164(
    tx,
    body.contactNumber,
    before.tenant_id,
    before.contact_number,
  );
  let after = await writeUser(
    kyselyOf<AdminDb>(tx)
      .updateTable('users')
      .set((eb) => ({
        email: body.email,
        ...accountColumns(body),
        name: eb.fn.coalesce(eb.val(body.name), eb.ref('name')),
        updated_at: NOW,
      }))
      .where('id', '=', before.id)
      .returningAll(),
  );
  if (!after) throw notFound(USER_NOT_FOUND);
  const changes = accountChanges(before, after);
  // The token carries role and e-mail: tokens issued before are stale from the next request,
  // and the refresh that mends them carries the new ones. The sessions go on.
  if (changes.email || changes.role) {
    after = { ...after, token_version: await bumpTokenVersion(tx, before) };
  }
  if (Object.keys(changes).length > 0) {
    await tx.audit(ctx, {
      action: 'user_updated',
      targetType: 'user',
      target: before.id,
      targetLabel: userLabel(after),
      changes,
    });
  }
  if (changes.role) {
    await tx.audit(ctx, {
      action: 'role_assigned',
      targetType: 'user',
      target: before.id,
      targetLabel: userLabel(after),
      additionalInfo: `${after.email} is now ${after.role}`,
      changes: { role: changes.role },
    });
  }
  if (status) after = await setAccountStatus(ctx, tx, after, status);
  ctx.body = accountView(after);
}

async function deleteAccount(ctx: AppContext, tx: Tx, id: string): Promise<void> {
  await widenToAllTenants(tx);
  const target = await liveAccount(tx, id);
  if (target.id === ctx.state.principal.userId) throw badRequest(CANNOT_DELETE_SELF);
  // A hall owner's sub-users cannot outlive the hall: they go with it.
  const q = kyselyOf<AdminDb>(tx);
  const doomed = await q
    .selectFrom('users')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('id', '=', target.id), eb('parent_user_id', '=', target.id)]))
    .forUpdate()
    .execute();
  for (const user of doomed) {
    await q
      .updateTable('users')
      .set({ deleted_at: NOW, status: 'inactive', updated_at: NOW })
      .where('id', '=', user.id)
      .execute();
    await endUserSessions(tx, user, 'deleted');
    await bumpTokenVersion(tx, user);
    await tx.publish(
      'user.deleted',
      { userId: user.id, role: user.role, tenantId: user.tenant_id },
      { tenantId: user.tenant_id },
    );
    await tx.audit(ctx, {
      action: 'user_deleted',
      targetType: 'user',
      target: user.id,
      targetLabel: userLabel(user),
      additionalInfo:
        user.id === target.id
          ? `${user.email} deleted`
          : `Sub-user ${user.email} deleted with hall owner ${target.email}`,
    });
  }
  await q
    .deleteFrom('profile_pictures')
    .where(
      'user_id',
      'in',
      doomed.map((u) => u.id),
    )
    .execute(); // doomed holds at least the target, locked live above
  ctx.body = { message: 'User deleted successfully!' };
}

/** A super admin deletes an account (its sub-users go with it); a hall owner one of their sub-users. */
const deleteUser = operation(
  'delete /api/users/{id}',
  { guard: [requireAuth] },
  async ({ ctx, tx, params }) => {
    if (ctx.state.principal.role === 'super_admin') await deleteAccount(ctx, tx, params.id);
    else await deleteSubUser(ctx, tx, params.id);
  },
);

export function accountAdminRoutes(router: AppRouter): void {
  serveOperations(
    router,
    ADMIN_ROUTES.filter((r) => r.path === '/api/users' || r.path === '/api/users/{id}').filter(
      (r) => r.method === 'get' || r.method === 'delete',
    ),
    [listAccounts, deleteUser],
  );
  // Create and edit stay written by hand: the table's body is the union of what each role may
  // send, and the kit parses it before the handler, so a caller of the wrong role would get a
  // 400 (with the union's messages) where these answer 403, or the branch's own messages.
  router.post('/api/users', requireAuth, (ctx) =>
    inRequestTx(ctx, async (tx) => {
      const body = ctx.request.body as { role?: unknown } | undefined;
      if (ctx.state.principal.role === 'super_admin' && body?.role !== 'sub_user')
        await createAccount(ctx, tx);
      else await createSubUser(ctx, tx);
    }),
  );
  router.put('/api/users/:id', requireAuth, (ctx) => inRequestTx(ctx, (tx) => updateAccount(ctx, tx)));
}
