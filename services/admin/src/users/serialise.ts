import type { Account, Profile, SubUser } from '@venue/contracts/admin';
import type { UserRow } from './user-store.ts';

/** How the audit log names a person: their name, else their e-mail (never the raw id). */
export function userLabel(user: { name: string | null; email: string | null }): string | null {
  return user.name?.trim() || user.email || null;
}

/** The columns GET /api/users/profile reads (it selects only these). */
export const PROFILE_COLUMNS = [
  'id',
  'email',
  'role',
  'permissions',
  'parent_user_id',
  'name',
  'profile_picture',
  'hall_name',
] as const;

/** GET /api/users/profile (spec 01 §3 "User profile"). */
export function profileView(user: Pick<UserRow, (typeof PROFILE_COLUMNS)[number]>): Profile {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    permissions: user.role === 'sub_user' ? [...(user.permissions ?? [])] : [],
    parentUserId: user.parent_user_id,
    name: user.name,
    profilePicture: user.profile_picture,
    hallName: user.hall_name,
  };
}

/** A card on the Roles & Permissions page; createdAt in seconds, as spec 01 §3 has it. */
export function subUserView(user: UserRow): SubUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    parentUserId: user.parent_user_id,
    permissions: [...(user.permissions ?? [])],
    status: user.status,
    createdAt: Math.floor(new Date(user.created_at).getTime() / 1000),
  };
}

/** A row of the super admin's Users table (and of an owner's Check Sub-Users list). */
export function accountView(user: UserRow): Account {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    name: user.name,
    hallName: user.hall_name,
    contactNumber: user.contact_number,
    address: {
      line1: user.address_line1,
      line2: user.address_line2,
      postcode: user.postcode,
      state: user.state,
    },
    profilePicture: user.profile_picture,
    status: user.status,
    parentUserId: user.parent_user_id,
    permissions: user.role === 'sub_user' ? [...(user.permissions ?? [])] : [],
    createdAt: new Date(user.created_at).toISOString(),
  };
}
