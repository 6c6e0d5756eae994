import { randomUUID } from 'node:crypto';
import { DEFAULT_USER_SETTINGS, phoneMessage, toE164 } from '@venue/contracts';
import {
  accountCreateBody,
  accountEditBody,
  accountFields,
  accountStatusBody,
  type AccountFields,
} from '@venue/contracts/admin';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  parseBody,
  requireAuth,
  withTx,
  type AppContext,
  type AppRouter,
  type Tx,
} from '@venue/service-kit';
import { hashPassword } from '../auth/passwords.ts';
import { publishSettingsSnapshot } from '../settings/settings-events.ts';
import { readSettings } from '../settings/settings-store.ts';
import { accountView, userLabel } from './serialise.ts';
import { createSubUser, deleteSubUser } from './sub-user-routes.ts';
import { bumpTokenVersion, endUserSessions } from '../auth/sessions.ts';
import { isUuid, writeUser, type UserRow } from './user-store.ts';

/** Spec 01 §2 "Users" wording for anyone but the super admin. */
export const SUPER_ADMIN_ONLY = 'Only Super Admins can access user management.';
export const USER_NOT_FOUND = 'User not found.';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account.';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role.';
export const OWNER_HAS_SUB_USERS =
  'This hall owner still has sub-users. Remove them before changing the role.';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account.';
// The account bodies are the API contract's (contracts admin/accounts.ts).
export { HALL_OWNER_FIELD_MESSAGES, PASSWORD_NOT_EDITABLE, STATUS_MESSAGE } from '@venue/contracts/admin';
const createAccountSchema = accountCreateBody;
const statusOnlySchema = accountStatusBody;
const updateAccountSchema = accountEditBody;

/**
 * Lets a super admin's request transaction read and write every tenant's rows. Called only
 * after the role check; the setting ends with the transaction.
 */
export async function widenToAllTenants(tx: Tx): Promise<void> {
  await tx.query(`SELECT set_config('app.scope', 'system', true)`);
}

/** role, name, hall name, contact number and address: the order both INSERT and UPDATE bind them. */
function accountColumns(a: AccountFields): unknown[] {
  return [
    a.role,
    a.name,
    a.hallName,
    a.contactNumber,
    a.address.line1,
    a.address.line2,
    a.address.postcode,
    a.address.state,
  ];
}

async function liveAccount(tx: Tx, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
  const { rows } = await tx.query<UserRow>(
    `SELECT * FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [id],
  );
  if (!rows[0]) throw notFound(USER_NOT_FOUND);
  return rows[0];
}

type Changes = Record<string, { old: unknown; new: unknown }>;

function accountChanges(before: UserRow, after: UserRow): Changes {
  const fields: Array<[string, keyof UserRow]> = [
    ['email', 'email'],
    ['role', 'role'],
    ['name', 'name'],
    ['hallName', 'hall_name'],
    ['contactNumber', 'contact_number'],
    ['address.line1', 'address_line1'],
    ['address.line2', 'address_line2'],
    ['address.postcode', 'postcode'],
    ['address.state', 'state'],
  ];
  const changes: Changes = {};
  for (const [label, column] of fields) {
    if (before[column] !== after[column]) changes[label] = { old: before[column], new: after[column] };
  }
  return changes;
}

async function listAccounts(ctx: AppContext): Promise<void> {
  const { role, userId } = ctx.state.principal;
  const tx = ctx.state.tx;
  if (role === 'super_admin') {
    await widenToAllTenants(tx);
    // Sub-users belong to their hall owner's Roles & Permissions page, not this list.
    const { rows } = await tx.query<UserRow>(
      `SELECT * FROM users WHERE deleted_at IS NULL AND role <> 'sub_user' ORDER BY created_at, email`,
    );
    ctx.body = rows.map(accountView);
    return;
  }
  if (role === 'hall_owner') {
    // the Audit Log's "Check Sub-Users"
    const { rows } = await tx.query<UserRow>(
      `SELECT * FROM users WHERE deleted_at IS NULL AND parent_user_id = $1 ORDER BY created_at, email`,
      [userId],
    );
    ctx.body = rows.map(accountView);
    return;
  }
  throw forbidden(SUPER_ADMIN_ONLY);
}

/**
 * The contact number in E.164, read by the account's venue country (decision 28): a new account
 * has the default settings, whose country a first save of General settings sets. An edit that
 * sends back the number as stored keeps it, so an account saved before numbers were read by
 * country is not refused for a field nobody touched.
 */
async function contactNumberE164(
  tx: Tx,
  typed: string | null,
  tenantId: string | null,
  stored: string | null = null,
): Promise<string | null> {
  if (typed === null || typed === stored) return typed;
  const country = tenantId ? (await readSettings(tx, tenantId)).country : DEFAULT_USER_SETTINGS.country;
  const e164 = toE164(typed, country);
  if (e164 === null) {
    const message = phoneMessage(country);
    throw badRequest(message, { errors: [{ path: 'contactNumber', message }] });
  }
  return e164;
}

async function createAccount(ctx: AppContext): Promise<void> {
  const body = parseBody(ctx, createAccountSchema);
  const tx = ctx.state.tx;
  await widenToAllTenants(tx);
  body.contactNumber = await contactNumberE164(tx, body.contactNumber, null);
  const id = randomUUID();
  const created = await writeUser(
    tx,
    `INSERT INTO users (id, tenant_id, email, password_hash, role, name, hall_name, contact_number,
        address_line1, address_line2, postcode, state)
     VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     RETURNING *`,
    [id, body.email, await hashPassword(body.password), ...accountColumns(body)],
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

/** True when the body names a status and none of the account's other fields. */
function statusOnly(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.includes('status') && !keys.some((k) => k in accountFields || k === 'password');
}

/**
 * Deactivating an account ends it for everyone it stands for: the hall owner and each active
 * member of their staff become inactive, so none of them can sign in, and their sessions end
 * the way a sub-user's deactivation ends theirs (token version bumped, every session's refresh
 * tokens revoked, the gateway told). The staff switched off here are marked, and reactivating
 * the owner brings back exactly those. Nothing else of the tenant changes: its bookings,
 * resources and settings stay. Returns the account as it is now.
 */
async function setAccountStatus(
  ctx: AppContext,
  tx: Tx,
  before: UserRow,
  status: 'active' | 'inactive',
): Promise<UserRow> {
  if (before.status === status) return before;
  if (before.id === ctx.state.principal.userId) throw badRequest(CANNOT_DEACTIVATE_SELF);
  const deactivating = status === 'inactive';
  const { rows } = await tx.query<UserRow>(
    `UPDATE users SET status = $2, updated_at = now() WHERE id = $1 RETURNING *`,
    [before.id, status],
  );
  const staff = await tx.query<UserRow>(
    deactivating
      ? `UPDATE users SET status = 'inactive', deactivated_with_owner = true, updated_at = now()
          WHERE parent_user_id = $1 AND deleted_at IS NULL AND status = 'active' RETURNING *`
      : `UPDATE users SET status = 'active', deactivated_with_owner = false, updated_at = now()
          WHERE parent_user_id = $1 AND deleted_at IS NULL AND deactivated_with_owner RETURNING *`,
    [before.id],
  );
  let after = rows[0]!;
  for (const user of [before, ...staff.rows]) {
    const version = await bumpTokenVersion(tx, user);
    if (user.id === before.id) after = { ...after, token_version: version };
    if (deactivating) await endUserSessions(tx, user, 'deactivated');
  }
  const change = { status: { old: before.status, new: status } };
  await tx.audit(ctx, {
    action: 'user_updated',
    targetType: 'user',
    target: before.id,
    targetLabel: userLabel(before),
    additionalInfo: `${deactivating ? 'Deactivated' : 'Reactivated'} ${before.email}${
      staff.rows.length > 0
        ? ` and ${staff.rows.length} staff account${staff.rows.length === 1 ? '' : 's'} with it`
        : ''
    }`,
    changes: change,
  });
  for (const user of staff.rows) {
    await tx.audit(ctx, {
      action: 'user_updated',
      targetType: 'user',
      target: user.id,
      targetLabel: userLabel(user),
      additionalInfo: `Sub-user ${user.email} ${deactivating ? 'deactivated' : 'reactivated'} with hall owner ${before.email}`,
      changes: { status: { old: deactivating ? 'active' : 'inactive', new: status } },
    });
  }
  return after;
}

async function updateAccount(ctx: AppContext): Promise<void> {
  if (ctx.state.principal.role !== 'super_admin') throw forbidden(SUPER_ADMIN_ONLY);
  const onlyStatus = statusOnly(ctx.request.body);
  const body = onlyStatus ? null : parseBody(ctx, updateAccountSchema);
  const status = onlyStatus ? parseBody(ctx, statusOnlySchema).status : body?.status;
  const tx = ctx.state.tx;
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
    const subs = await tx.query(
      `SELECT 1 FROM users WHERE parent_user_id = $1 AND deleted_at IS NULL LIMIT 1`,
      [before.id],
    );
    if (subs.rowCount > 0) throw conflict(OWNER_HAS_SUB_USERS);
  }
  body.contactNumber = await contactNumberE164(
    tx,
    body.contactNumber,
    before.tenant_id,
    before.contact_number,
  );
  let after = await writeUser(
    tx,
    `UPDATE users SET email = $2, role = $3, name = coalesce($4, name), hall_name = $5, contact_number = $6,
        address_line1 = $7, address_line2 = $8, postcode = $9, state = $10, updated_at = now()
      WHERE id = $1 RETURNING *`,
    [before.id, body.email, ...accountColumns(body)],
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

async function deleteAccount(ctx: AppContext): Promise<void> {
  const tx = ctx.state.tx;
  await widenToAllTenants(tx);
  const target = await liveAccount(tx, ctx.params.id ?? '');
  if (target.id === ctx.state.principal.userId) throw badRequest(CANNOT_DELETE_SELF);
  // A hall owner's sub-users cannot outlive the hall: they go with it.
  const { rows: doomed } = await tx.query<UserRow>(
    `SELECT * FROM users WHERE deleted_at IS NULL AND (id = $1 OR parent_user_id = $1) FOR UPDATE`,
    [target.id],
  );
  for (const user of doomed) {
    await tx.query(
      `UPDATE users SET deleted_at = now(), status = 'inactive', updated_at = now() WHERE id = $1`,
      [user.id],
    );
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
  await tx.query(`DELETE FROM profile_pictures WHERE user_id = ANY($1::uuid[])`, [doomed.map((u) => u.id)]);
  ctx.body = { message: 'User deleted successfully!' };
}

/**
 * /api/users and /api/users/:id: the super admin manages hall-owner and super-admin accounts,
 * a hall owner their sub-users. Registered after every fixed /api/users/* path, so `:id` never
 * swallows one of them.
 */
export function accountAdminRoutes(router: AppRouter): void {
  router.get('/api/users', requireAuth, withTx, listAccounts);
  router.post('/api/users', requireAuth, withTx, async (ctx: AppContext) => {
    const body = ctx.request.body as { role?: unknown } | undefined;
    if (ctx.state.principal.role === 'super_admin' && body?.role !== 'sub_user') await createAccount(ctx);
    else await createSubUser(ctx);
  });
  router.put('/api/users/:id', requireAuth, withTx, updateAccount);
  router.delete('/api/users/:id', requireAuth, withTx, async (ctx: AppContext) => {
    if (ctx.state.principal.role === 'super_admin') await deleteAccount(ctx);
    else await deleteSubUser(ctx);
  });
}
