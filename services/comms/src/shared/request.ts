/** Guards and small helpers every comms route shares. */
import {
  isUuid,
  notFound,
  requireAuth,
  requirePermission,
  requireSettingsCopy,
  withTx,
  type AppContext,
  type Tx,
} from '@venue/service-kit';

/** Send Email, Templates and Email History: the `comms` page permission. */
export const commsGuard = [requireAuth, requirePermission('comms'), withTx] as const;
/**
 * The same permission without the route-level transaction: for a handler that asks another
 * service first and then opens its own with `inRequestTx`, so the wait holds no connection.
 */
export const commsAuth = [requireAuth, requirePermission('comms')] as const;

export { tenantOf } from '@venue/service-kit';

/** A path id that is not a uuid is a row that does not exist (404), never a 500 from the cast. */
export function pathId(ctx: AppContext, message: string): string {
  const id = ctx.params.id ?? '';
  if (!isUuid(id)) throw notFound(message);
  return id;
}

export const iso = (v: Date | string | null | undefined): string | null =>
  v ? new Date(v).toISOString() : null;

/** The venue's settings copy, or 503 "…have not reached Communications yet". */
export const venueSettings = (tx: Tx, tenantId: string) =>
  requireSettingsCopy(tx, tenantId, 'Communications');
