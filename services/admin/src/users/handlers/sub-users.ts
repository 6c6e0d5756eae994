/** Roles & Permissions (hall owner only): the owner's sub-users, a change of one, a new password. */
import { forbidden, kyselyOf, operation, requireAuth, type AppMiddleware } from '@venue/service-kit';
import type { AdminDb } from '../../db/schema.ts';
import { subUserView } from '../serialise.ts';
import { changeSubUserPassword, requireOwner, updateSubUser } from '../sub-users.ts';

const ownerOnly: AppMiddleware = async (ctx, next) => {
  requireOwner(ctx);
  await next();
};
const guard = [requireAuth, ownerOnly];

export const listSubUsers = operation(
  'get /api/users/sub-users/{userId}',
  { guard },
  async ({ ctx, tx, params }) => {
    const ownerId = requireOwner(ctx);
    if (params.userId !== ownerId) throw forbidden('You can only view your own sub-users.');
    const rows = await kyselyOf<AdminDb>(tx)
      .selectFrom('users')
      .selectAll()
      .where('tenant_id', '=', ownerId)
      .where('parent_user_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('email')
      .execute();
    return rows.map(subUserView);
  },
);

// The sub-user's id, named as GET's owner id is: one path to OpenAPI (issue 24 item 15).
export const putSubUser = operation(
  'put /api/users/sub-users/{userId}',
  { guard },
  ({ ctx, tx, params, body }) => updateSubUser(ctx, tx, params.userId, body),
);

export const putSubUserPassword = operation(
  'put /api/users/change-sub-user-password',
  { guard },
  ({ ctx, tx, body }) => changeSubUserPassword(ctx, tx, body),
);
