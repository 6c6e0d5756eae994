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
  kyselyOf,
} from '@venue/service-kit';
import { dbNow } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';
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
 * Lets a super admin's request read and write every tenant's rows. Called only after the role
 * check; the setting ends with the transaction or read.
 */
export function widenToAllTenants(tx: Tx): Promise<void> {
  return tx.rescope('app.scope', 'system');
}

/** role, name, hall name, contact number and address: the columns both INSERT and UPDATE write. */
function accountColumns(a: AccountFields) {
  return {
    role: a.role,
    name: a.name,
    hall_name: a.hallName,
    contact_number: a.contactNumber,
    address_line1: a.address.line1,
    address_line2: a.address.line2,
    postcode: a.address.postcode,
    state: a.address.state,
  };
}

async function liveAccount(tx: Tx, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound(USER_NOT_FOUND);
  const row = await kyselyOf<AdminDb>(tx)
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
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
    const rows = await kyselyOf<AdminDb>(tx)
      .selectFrom('users')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('role', '<>', 'sub_user')
      .orderBy('created_at')
      .orderBy('email')
      .execute();
    ctx.body = rows.map(accountView);
    return;
  }
  if (role === 'hall_owner') {
    // the Audit Log's "Check Sub-Users"
    const rows = await kyselyOf<AdminDb>(tx)
      .selectFrom('users')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('parent_user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('email')
      .execute();
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
    kyselyOf<AdminDb>(tx)
      .insertInto('users')
      .values({
        id,
        tenant_id: id,
        email: body.email,
        password_hash: await hashPassword(body.password),
        ...accountColumns(body),
      })
      .returningAll(),
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
  const q = kyselyOf<AdminDb>(tx);
  const owner = await q
    .updateTable('users')
    .set({ status, updated_at: dbNow() })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const staffOfOwner = q
    .updateTable('users')
    .where('parent_user_id', '=', before.id)
    .where('deleted_at', 'is', null);
  const staff = deactivating
    ? await staffOfOwner
        .set({ status: 'inactive', deactivated_with_owner: true, updated_at: dbNow() })
        .where('status', '=', 'active')
        .returningAll()
        .execute()
    : await staffOfOwner
        .set({ status: 'active', deactivated_with_owner: false, updated_at: dbNow() })
        .where('deactivated_with_owner', '=', true)
        .returningAll()
        .execute();
  let after: UserRow = owner;
  for (const user of [before, ...staff]) {
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
      staff.length > 0 ? ` and ${staff.length} staff account${staff.length === 1 ? '' : 's'} with it` : ''
    }`,
    changes: change,
  });
  for (const user of staff) {
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
    const sub = await kyselyOf<AdminDb>(tx)
      .selectFrom('users')
      .select('id')
      .where('parent_user_id', '=', before.id)
      .where('deleted_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (sub) throw conflict(OWNER_HAS_SUB_USERS);
  }
  body.contactNumber = await contactNumberE164(
    tx,
    body.contactNumber,
    before.tenant_id,
    before.contact_number,
  );
  let after = await writeUser(
    kyselyOf<AdminDb>(tx)
      .updateTable('users')
      .set((eb) => ({
        email: body.email,
        ...accountColumns(body),
        name: eb.fn.coalesce(eb.val(body.name), eb.ref('name')),
        updated_at: dbNow(),
      }))
      .where('id', '=', before.id)
      .returningAll(),
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
  const q = kyselyOf<AdminDb>(tx);
  const doomed = await q
    .selectFrom('users')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('id', '=', target.id), eb('parent_user_id', '=', target.id)]))
    .forUpdate()
    .execute();
  for (const user of doomed) {
    await q
      .updateTable('users')
      .set({ deleted_at: dbNow(), status: 'inactive', updated_at: dbNow() })
      .where('id', '=', user.id)
      .execute();
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
  await q
    .deleteFrom('profile_pictures')
    .where(
      'user_id',
      'in',
      doomed.map((u) => u.id),
    )
    .execute(); // doomed holds at least the target, locked live above
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
