import type { PermissionKey } from '@venue/contracts';

export interface SubUser {
  id: string;
  name: string | null;
  email: string;
  role: 'sub_user';
  parentUserId: string;
  permissions: string[];
  status: 'active' | 'inactive';
  /** Seconds since the epoch (spec 01 §3). */
  createdAt: number;
}

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
