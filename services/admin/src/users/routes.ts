/**
 * The caller's own account and the owner's sub-users: each call of the contract's table a named
 * handler in `handlers/` (`serveOperations`, issue 28 item 2). /api/users and /api/users/{id}
 * stay in account-admin.ts, served last.
 */
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import {
  getParentData,
  getProfile,
  getUserSettings,
  logPasswordChange,
  putUserSettings,
} from './handlers/account.ts';
import { changeOwnPassword } from './handlers/change-password.ts';
import { listSubUsers, putSubUser, putSubUserPassword } from './handlers/sub-users.ts';

const pick = (...paths: string[]) => ADMIN_ROUTES.filter((r) => paths.includes(r.path));

export function accountRoutes(router: AppRouter): void {
  serveOperations(
    router,
    pick(
      '/api/users/profile',
      '/api/users/parent-data/{parentUserId}',
      '/api/users/settings',
      '/api/users/log-password-change',
      '/api/users/change-password',
    ),
    [getProfile, getParentData, getUserSettings, putUserSettings, logPasswordChange, changeOwnPassword],
  );
}

export function subUserRoutes(router: AppRouter): void {
  serveOperations(router, pick('/api/users/sub-users/{userId}', '/api/users/change-sub-user-password'), [
    listSubUsers,
    putSubUser,
    putSubUserPassword,
  ]);
}
