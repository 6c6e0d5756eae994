import { conflict, isUuid, type Tx } from '@venue/service-kit';
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
  const { rows } = await tx.query<UserRow>(
    `SELECT * FROM users WHERE email = $1
      ORDER BY (deleted_at IS NULL) DESC, deleted_at DESC NULLS LAST
      LIMIT 1`,
    [normaliseEmail(email)],
  );
  return rows[0] ?? null;
}

/** A live (not deleted) account by id, visible under the transaction's tenant policy. */
export async function findLiveUser(tx: Tx, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await tx.query<UserRow>(`SELECT * FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]);
  return rows[0] ?? null;
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
 * Runs one INSERT or UPDATE … RETURNING * on users and gives back the row. E-mails are unique
 * across every account, so a clash is the form's 409, not a server error.
 */
export async function writeUser(tx: Tx, sql: string, params: unknown[]): Promise<UserRow | undefined> {
  try {
    const { rows } = await tx.query<UserRow>(sql, params);
    return rows[0];
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}
