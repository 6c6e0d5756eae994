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

export function subUserPasswordProblem(password: string, confirm: string): string | null {
  if (!password || !confirm) return 'Please fill in both password fields.';
  if (password !== confirm) return "Oops! Your passwords don't match. Try typing them again.";
  if (password.length < 6) return 'The new password needs to be at least 6 characters long for security.';
  return null;
}
