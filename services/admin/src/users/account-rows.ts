/**
 * Accounts as the super admin manages them (account-admin.ts): the rows, what changed, the
 * contact number in E.164, and a status change that carries the owner's staff with it.
 */
import { DEFAULT_USER_SETTINGS, phoneMessage, toE164 } from '@venue/contracts';
import { accountFields, type AccountFields } from '@venue/contracts/admin';
import { badRequest, kyselyOf, notFound, type AppContext, type Tx } from '@venue/service-kit';
import { endUserSessions, bumpTokenVersion } from '../auth/sessions.ts';
import { NOW } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';
import { readSettings } from '../settings/settings-store.ts';
import { userLabel } from './serialise.ts';
import { isUuid, type UserRow } from './user-store.ts';

export const USER_NOT_FOUND = 'User not found.';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account.';

/**
 * Lets a super admin's request read and write every tenant's rows. Called only after the role
 * check; the setting ends with the transaction or read.
 */
export function widenToAllTenants(tx: Tx): Promise<void> {
  return tx.rescope('app.scope', 'system');
}

/** role, name, hall name, contact number and address: the columns both INSERT and UPDATE write. */
export function accountColumns(a: AccountFields) {
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

export async function liveAccount(tx: Tx, id: string): Promise<UserRow> {
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

export type Changes = Record<string, { old: unknown; new: unknown }>;

export function accountChanges(before: UserRow, after: UserRow): Changes {
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

/**
 * The contact number in E.164, read by the account's venue country (decision 28): a new account
 * has the default settings, whose country a first save of General settings sets. An edit that
 * sends back the number as stored keeps it, so an account saved before numbers were read by
 * country is not refused for a field nobody touched.
 */
export async function contactNumberE164(
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

/** True when the body names a status and none of the account's other fields. */
export function statusOnly(body: unknown): boolean {
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
export async function setAccountStatus(
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
    .set({ status, updated_at: NOW })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const staffOfOwner = q
    .updateTable('users')
    .where('parent_user_id', '=', before.id)
    .where('deleted_at', 'is', null);
  const staff = deactivating
    ? await staffOfOwner
        .set({ status: 'inactive', deactivated_with_owner: true, updated_at: NOW })
        .where('status', '=', 'active')
        .returningAll()
        .execute()
    : await staffOfOwner
        .set({ status: 'active', deactivated_with_owner: false, updated_at: NOW })
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
