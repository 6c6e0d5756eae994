import { hasPermission, type PermissionKey, type Principal } from '@venue/contracts';
import {
  ACCESS_DENIED_MESSAGE,
  conflict,
  forbidden,
  isUuid,
  tenantOf,
  notFound,
  requireAuth,
  requirePermission,
  type AppContext,
  type AppMiddleware,
} from '@venue/service-kit';
import type { RouteTable } from '@venue/contracts/api';
import { CATALOGUE_ROUTES } from '@venue/contracts/catalogue';

export const MANAGE_RESOURCES_MESSAGE = 'Only Hall Owners can manage resources.';
export const MANAGE_PRICING_MESSAGE = 'Only Hall Owners can manage pricing.';

/** Writes are for hall owners; sub-users with the page key and super admins only read. */
export function ownerOnly(message: string): AppMiddleware {
  return async (ctx, next) => {
    if (principal(ctx).role !== 'hall_owner') throw forbidden(message);
    await next();
  };
}

/**
 * The guard of an `owner` entry of the route table: the area's page key, and the hall owner to
 * change it (the refusal names the area). The kit has no guard for `owner`: this is catalogue's.
 */
function ownerGuard(key: PermissionKey, manageMessage: string) {
  return [requireAuth, requirePermission(key), ownerOnly(manageMessage)] as const;
}

/** Resources, their photos and feeds, block-outs and the public holidays: the resources page key. */
export const RESOURCES_OWNER = ownerGuard('resources', MANAGE_RESOURCES_MESSAGE);
/** Rate cards and add-ons. */
export const PRICING_OWNER = ownerGuard('pricing', MANAGE_PRICING_MESSAGE);

/**
 * The guard of an entry whose access is one of several page keys (`resources, bookings or
 * calendar`): signed in, with any of `keys`, else the kit's 403.
 */
export function anyPermission(keys: readonly PermissionKey[]) {
  const check: AppMiddleware = async (ctx, next) => {
    const p = principal(ctx);
    if (!keys.some((k) => hasPermission(p, k))) throw forbidden(ACCESS_DENIED_MESSAGE);
    await next();
  };
  return [requireAuth, check] as const;
}

/** Page keys whose screens pick a resource: the booking form (bookings) and the calendar's filter. */
const BOOKABLE_KEYS: readonly PermissionKey[] = ['bookings', 'calendar'];

/** True when the caller sees resources only as something to book (not the Resources page). */
export function bookableOnly(ctx: AppContext): boolean {
  return !hasPermission(principal(ctx), 'resources');
}

/**
 * The resource list and the holidays are read by the Resources page and by whoever books or views
 * the calendar; the latter get the bookable resources only (`bookableOnly`), never the internal
 * fields.
 */
export const BOOKABLE_READERS = anyPermission(['resources', ...BOOKABLE_KEYS]);

/** The entries of catalogue's route table whose path matches: one feature's share of it. */
export function catalogueTable(path: RegExp): RouteTable {
  return CATALOGUE_ROUTES.filter((r) => path.test(r.path));
}

export function principal(ctx: AppContext): Principal {
  return ctx.state.principal as Principal;
}

export { isUuid, tenantOf };

/** A path id as the handler got it; anything that is not a uuid cannot name a row → 404. */
export function rowId(id: string | undefined, message: string): string {
  if (!isUuid(id)) throw notFound(message);
  return id;
}

/**
 * Runs a write whose uniqueness the caller checked first (for the message): when two requests
 * pass that check at once, the unique index decides and the loser gets the same 409, not a 500.
 */
export async function conflictOnDuplicate<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict(message);
    throw err;
  }
}

/** Dollars with two decimals for display next to the cents field. */
export function dollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** bigint columns may arrive as numbers or decimal strings. */
export function num(v: unknown): number {
  return typeof v === 'number' ? v : Number(v);
}

/** yyyy-MM-dd of a `date` column, whatever the driver returned. */
export function isoDate(v: unknown): string {
  if (v instanceof Date) {
    const y = v.getFullYear();
    const m = String(v.getMonth() + 1).padStart(2, '0');
    const d = String(v.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  return String(v).slice(0, 10);
}

export function isoInstant(v: unknown): string {
  return (v instanceof Date ? v : new Date(String(v))).toISOString();
}
