import type { PermissionKey } from '@venue/contracts';

/** A card of Roles & Permissions, as the API answers it (the API contract's SubUser). */
export type { SubUser } from '@venue/contracts/admin';

export interface SubUserDraft {
  name: string;
  email: string;
  password: string;
  permissions: PermissionKey[];
  status: 'active' | 'inactive';
}

export const subUsersKey = (ownerId: string) => ['admin', 'sub-users', ownerId];

// The service checks the same rules on the one password it receives.
export { subUserPasswordProblem } from '@venue/contracts';
