/** Route guards: the bookings page key, or either of two keys for the shared widgets. */
import { hasPermission, type PermissionKey } from '@venue/contracts';
import {
  ACCESS_DENIED_MESSAGE,
  forbidden,
  requireAuth,
  withRead,
  withTx,
  requirePermission,
  type AppMiddleware,
} from '@venue/service-kit';

export const bookingsGuard = [requireAuth, requirePermission('bookings'), withTx] as const;
/** The same for a route that only reads: a read instead of a transaction (decision 54). */
export const bookingsReadGuard = [requireAuth, requirePermission('bookings'), withRead] as const;
/**
 * The same guards without the route-level transaction: for handlers that ask the catalogue
 * first and then open theirs with `inRequestTx`, so the wait holds no connection.
 */
export const bookingsAuth = [requireAuth, requirePermission('bookings')] as const;

/** 403 unless the caller may open one of the pages (e.g. the calendar without the bookings key). */
export function anyPermission(...keys: PermissionKey[]): AppMiddleware {
  return async (ctx, next) => {
    if (!keys.some((k) => hasPermission(ctx.state.principal, k))) throw forbidden(ACCESS_DENIED_MESSAGE);
    await next();
  };
}
