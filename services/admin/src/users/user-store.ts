import { conflict, isUuid, kyselyOf, type Tx } from '@venue/service-kit';
import type { AdminDb } from '../db/schema.ts';
import type { Principal, Role } from '@venue/contracts';

export const EMAIL_TAKEN = 'An account with this email already exists.';

/** A row of `users` as the database returns it. */
export interface UserRow {
  id: string;
  tenant_id: string;
  email: string;
  password_hash: string;
  role: Role;
  name: string | null;
  hall_name: string | null;
  contact_number: string | null;
  address_line1: string | null;
  address_line2: string | null;
  postcode: string | null;
  state: string | null;
  parent_user_id: string | null;
  permissions: string[] | null;
  status: 'active' | 'inactive';
  token_version: number;
  profile_picture: string | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Only a live, active account acts as a principal; anything else reads as "no such user". */
export function isUsable(user: UserRow): boolean {
  return user.deleted_at === null && user.status === 'active';
}

export function toPrincipal(user: UserRow): Principal {
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    tenantId: user.tenant_id,
    parentUserId: user.parent_user_id,
    permissions: user.role === 'sub_user' ? [...(user.permissions ?? [])] : [],
    tokenVersion: Number(user.token_version),
  };
}

/**
 * The account signing in with this e-mail: the live one, or else the most recently deleted
 * one (so a deleted account with the right password hears "disabled", not "wrong password").
 */
export async function findUserForLogin(tx: Tx, email: string): Promise<UserRow | null> {
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .orderBy((eb) => eb('deleted_at', 'is', null), 'desc')
    .orderBy('deleted_at', (ob) => ob.desc().nullsLast())
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** A live (not deleted) account by id, visible under the transaction's tenant policy. */
export async function findLiveUser(tx: Tx, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export async function findPrincipal(tx: Tx, id: string): Promise<Principal | null> {
  const user = await findLiveUser(tx, id);
  return user && isUsable(user) ? toPrincipal(user) : null;
}

export { isUuid };

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/**
 * Runs one INSERT or UPDATE … RETURNING * on users (a query built with returningAll()) and
 * gives back the row. E-mails are unique across every account, so a clash is the form's 409,
 * not a server error.
 */
export async function writeUser(query: {
  executeTakeFirst(): Promise<UserRow | undefined>;
}): Promise<UserRow | undefined> {
  try {
    return await query.executeTakeFirst();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}
