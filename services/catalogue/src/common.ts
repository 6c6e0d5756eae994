import { hasPermission, type PermissionKey, type Principal } from '@venue/contracts';
import {
  ACCESS_DENIED_MESSAGE,
  conflict,
  forbidden,
  isUuid,
  notFound,
  requireAuth,
  withTx,
  requirePermission,
  type AppContext,
  type AppMiddleware,
  type Tx,
} from '@venue/service-kit';

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
 * Reading an area needs its page key; changing it needs the hall owner as well. `writeSteps`
 * opens no transaction: for a write that asks another service between its own transactions
 * (`inRequestTx`), as a block-out asks bookings (decision 55).
 */
function areaGuards(key: PermissionKey, manageMessage: string) {
  return {
    read: [requireAuth, requirePermission(key), withTx] as const,
    write: [requireAuth, requirePermission(key), ownerOnly(manageMessage), withTx] as const,
    writeSteps: [requireAuth, requirePermission(key), ownerOnly(manageMessage)] as const,
  };
}

/** Resources, their block-outs and the public holidays share the resources page key. */
export const RESOURCE_GUARDS = areaGuards('resources', MANAGE_RESOURCES_MESSAGE);
/** Rate cards and add-ons. */
export const PRICING_GUARDS = areaGuards('pricing', MANAGE_PRICING_MESSAGE);

/** Page keys whose screens pick a resource: the booking form (bookings) and the calendar's filter. */
const BOOKABLE_KEYS: readonly PermissionKey[] = ['bookings', 'calendar'];

/** True when the caller sees resources only as something to book (not the Resources page). */
export function bookableOnly(ctx: AppContext): boolean {
  return !hasPermission(principal(ctx), 'resources');
}

/**
 * The resource list is read by the Resources page and by whoever books or views the calendar;
 * the latter get the bookable resources only (`bookableOnly`), never the internal fields.
 */
export const RESOURCE_LIST_GUARDS = [
  requireAuth,
  (async (ctx, next) => {
    const p = principal(ctx);
    if (!hasPermission(p, 'resources') && !BOOKABLE_KEYS.some((k) => hasPermission(p, k)))
      throw forbidden(ACCESS_DENIED_MESSAGE);
    await next();
  }) as AppMiddleware,
  withTx,
] as const;

export function principal(ctx: AppContext): Principal {
  return ctx.state.principal as Principal;
}

export function tx(ctx: AppContext): Tx {
  return ctx.state.tx as Tx;
}

export function tenantOf(ctx: AppContext): string {
  return principal(ctx).tenantId;
}

export { isUuid };

/** The `:id` path parameter; anything that is not a uuid cannot name a row → 404. */
export function idParam(ctx: AppContext, message: string, name = 'id'): string {
  const id = ctx.params?.[name];
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
