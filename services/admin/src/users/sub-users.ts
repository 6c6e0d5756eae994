import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  badRequest,
  forbidden,
  notFound,
  parseBody,
  type AppContext,
  type Tx,
  kyselyOf,
} from '@venue/service-kit';
import { NOW } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { diffPermissions, samePermissions } from './permission-changes.ts';
import { subUserView, userLabel } from './serialise.ts';
import {
  createSubUserSchema,
  type changeSubUserPasswordSchema,
  type SubUser,
  type updateSubUserSchema,
} from '@venue/contracts/admin';
import { bumpTokenVersion, endUserSessions } from '../auth/sessions.ts';
import { EMAIL_TAKEN, isUuid, writeUser, type UserRow } from './user-store.ts';

export const OWNERS_ONLY = 'Access Denied - Only Hall Owners can manage sub-users.';
export const SUB_USER_NOT_FOUND = 'Sub-user not found.';
export { EMAIL_TAKEN };

/** The caller as hall owner (their id), else 403 OWNERS_ONLY. */
export function requireOwner(ctx: AppContext): string {
  if (ctx.state.principal.role !== 'hall_owner') throw forbidden(OWNERS_ONLY);
  return ctx.state.principal.userId;
}

/** One of the caller's own live sub-users, or 404 (also for other tenants' ids). */
export async function ownSubUser(tx: Tx, ownerId: string, subUserId: string): Promise<UserRow> {
  if (!isUuid(subUserId)) throw notFound(SUB_USER_NOT_FOUND);
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('users')
    .selectAll()
    .where('id', '=', subUserId)
    .where('parent_user_id', '=', ownerId)
    .where('role', '=', 'sub_user')
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(SUB_USER_NOT_FOUND);
  return row;
}

/** POST /api/users by a hall owner (the super admin's branch is in account-admin.ts). */
export async function createSubUser(ctx: AppContext, tx: Tx): Promise<void> {
  const ownerId = requireOwner(ctx);
  const body = parseBody(ctx, createSubUserSchema);
  // The parent is always the caller; a body naming anyone else is refused, not obeyed.
  if (body.parentUserId !== undefined && body.parentUserId !== ownerId) {
    throw forbidden('You can only add sub-users to your own account.');
  }
  const id = randomUUID();
  const passwordHash = await hashPassword(body.password);
  const created = await writeUser(
    kyselyOf<AdminDb>(tx)
      .insertInto('users')
      .values({
        id,
        tenant_id: ownerId,
        email: body.email,
        password_hash: passwordHash,
        role: 'sub_user',
        name: body.name,
        parent_user_id: ownerId,
        permissions: body.permissions,
        status: body.status,
      })
      .returningAll(),
  );
  if (!created) throw new Error('insert returned no row');
  await tx.audit(ctx, {
    action: 'user_created',
    targetType: 'user',
    target: id,
    targetLabel: userLabel(created),
    additionalInfo: `Sub-user ${body.email} created`,
    changes: {
      name: { old: null, new: body.name },
      email: { old: null, new: body.email },
      permissions: { old: null, new: body.permissions },
      status: { old: null, new: body.status },
    },
  });
  ctx.status = 201;
  ctx.body = subUserView(created);
}

/** PUT /api/users/sub-users/{userId}: name, permissions and status of one of the owner's sub-users. */
export async function updateSubUser(
  ctx: AppContext,
  tx: Tx,
  subUserId: string,
  body: z.output<typeof updateSubUserSchema>,
): Promise<SubUser> {
  const ownerId = requireOwner(ctx);
  const before = await ownSubUser(tx, ownerId, subUserId);
  if (body.email !== undefined && body.email.trim().toLowerCase() !== before.email) {
    throw badRequest('The email address of a sub-user cannot be changed.');
  }
  const oldPermissions = before.permissions ?? [];
  const permissions = body.permissions ?? oldPermissions;
  const status = body.status ?? before.status;
  const updated = await kyselyOf<AdminDb>(tx)
    .updateTable('users')
    .set({ name: body.name, permissions, status, updated_at: NOW })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirst();
  const permissionsChanged = !samePermissions(oldPermissions, permissions);
  const statusChanged = status !== before.status;
  // What the sub-user may do changed: tokens issued before are stale from the next request
  // (the shell refreshes and carries on with the new menu). Deactivation ends the sessions.
  // Ended first: the gateway hears the reason before the version moves.
  if (statusChanged && status === 'inactive') await endUserSessions(tx, before, 'deactivated');
  if (permissionsChanged || statusChanged) await bumpTokenVersion(tx, before);

  const changes: Record<string, { old: unknown; new: unknown }> = {};
  if (body.name !== before.name) changes.name = { old: before.name, new: body.name };
  if (statusChanged) changes.status = { old: before.status, new: status };
  if (permissionsChanged) changes.permissions = { old: oldPermissions, new: permissions };
  if (Object.keys(changes).length > 0) {
    await tx.audit(ctx, {
      action: 'user_updated',
      targetType: 'user',
      target: before.id,
      targetLabel: userLabel({ name: body.name ?? before.name, email: before.email }),
      changes,
    });
  }
  const { granted, revoked } = diffPermissions(oldPermissions, permissions);
  if (granted.length > 0) {
    await tx.audit(ctx, {
      action: 'permission_granted',
      targetType: 'user',
      target: before.id,
      targetLabel: userLabel({ name: body.name ?? before.name, email: before.email }),
      additionalInfo: `Granted ${granted.join(', ')} to ${before.email}`,
      changes: { permissions: { old: oldPermissions, new: permissions } },
    });
  }
  if (revoked.length > 0) {
    await tx.audit(ctx, {
      action: 'permission_revoked',
      targetType: 'user',
      target: before.id,
      targetLabel: userLabel({ name: body.name ?? before.name, email: before.email }),
      additionalInfo: `Revoked ${revoked.join(', ')} from ${before.email}`,
      changes: { permissions: { old: oldPermissions, new: permissions } },
    });
  }
  if (!updated) throw notFound(SUB_USER_NOT_FOUND);
  return subUserView(updated);
}

/** DELETE /api/users/:id by a hall owner: only their own sub-users. */
export async function deleteSubUser(ctx: AppContext, tx: Tx, id: string): Promise<void> {
  const ownerId = requireOwner(ctx);
  const target = await ownSubUser(tx, ownerId, id);
  // Kept as a deleted row: the audit trail still names it, and its e-mail is free again.
  await kyselyOf<AdminDb>(tx)
    .updateTable('users')
    .set({ deleted_at: NOW, status: 'inactive', updated_at: NOW })
    .where('id', '=', target.id)
    .execute();
  await endUserSessions(tx, target, 'deleted');
  await bumpTokenVersion(tx, target);
  await tx.publish(
    'user.deleted',
    { userId: target.id, role: target.role, tenantId: target.tenant_id },
    {
      tenantId: target.tenant_id,
    },
  );
  await tx.audit(ctx, {
    action: 'user_deleted',
    targetType: 'user',
    target: target.id,
    targetLabel: userLabel(target),
    additionalInfo: `Sub-user ${target.email} deleted`,
  });
  ctx.body = { message: 'Sub-user deleted successfully!' };
}

/** PUT /api/users/change-sub-user-password: the owner sets a sub-user's password; its sessions end. */
export async function changeSubUserPassword(
  ctx: AppContext,
  tx: Tx,
  body: z.output<typeof changeSubUserPasswordSchema>,
): Promise<{ message: string }> {
  const ownerId = requireOwner(ctx);
  const target = await ownSubUser(tx, ownerId, body.subUserId);
  await kyselyOf<AdminDb>(tx)
    .updateTable('users')
    .set({ password_hash: await hashPassword(body.newPassword), updated_at: NOW })
    .where('id', '=', target.id)
    .execute();
  // Whoever knew the old password is out: every session of the sub-user ends.
  await endUserSessions(tx, target, 'password_changed');
  await tx.audit(ctx, {
    action: 'user_updated',
    targetType: 'user',
    target: target.id,
    targetLabel: userLabel(target),
    additionalInfo: `Password changed for ${target.email}`,
  });
  return { message: `Password changed successfully for ${target.name ?? target.email}` };
}
