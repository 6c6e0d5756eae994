/**
 * How every Dashboard call reads (spec 01 §7, issue 14): one tenant transaction on the read model
 * (decision 39), no call to another service on a dashboard request. The venue's time zone comes
 * from the settings copy; without it the answer is 503 rather than figures on a guessed clock
 * (decision 21).
 */
import type { dashboardQuery } from '@venue/contracts/insights';
import { venueToday, type AppContext, type Tx } from '@venue/service-kit';
import type { Principal } from '@venue/contracts';
import type { z } from 'zod';
import { answerKey, keptAnswer } from '../db/answers.ts';
import { afterVenueZone, withVenueZone } from '../db/zone.ts';

/**
 * The dashboard's clock. Tests set `now` to a fixed instant so every figure can be worked out
 * by hand; nothing else changes it.
 */
export const dashboardClock = { now: (): Date => new Date() };

export interface DashboardScope {
  tenantId: string;
  principal: Principal;
  zone: string;
  now: Date;
  /** The day looked at (the filter's date, else the venue's today). */
  day: string;
  today: string;
  resourceId: string | null;
  query: z.output<typeof dashboardQuery>;
}

/**
 * Runs `fn` for the tenant of the parsed filters: the caller's, or for a super admin the hall
 * owner named by `hallOwnerId` (requireTenantParam checked it already). A `fn` that only reads
 * runs as a read (`tenantRead`) on the zone last read, together with the settings copy
 * (zone.ts), and its answer is kept per version of the tenant's read model (answers.ts); one
 * that `writes` runs in a transaction, once, after the copy is read. Which is why
 * the Dashboard's operations open their own (`transaction: 'none'`): the kit's would be the
 * caller's tenant, not the one named.
 */
export async function readDashboard<T>(
  ctx: AppContext,
  query: z.output<typeof dashboardQuery>,
  fn: (tx: Tx, scope: DashboardScope) => Promise<T>,
  writes = false,
): Promise<T> {
  const principal = ctx.state.principal as Principal;
  const tenantId =
    principal.role === 'super_admin' && query.hallOwnerId ? query.hallOwnerId : principal.tenantId;
  const now = dashboardClock.now();
  // A read costs one round trip fewer than a transaction (no COMMIT): kit Driver.read.
  const open = writes ? ctx.kit.db.tenantTx : ctx.kit.db.tenantRead;
  return open(tenantId, (tx) => {
    const run = () =>
      (writes ? afterVenueZone : withVenueZone)(tx, tenantId, 'the Dashboard', (zone) => {
        const today = venueToday(now, zone);
        return fn(tx, {
          tenantId,
          principal,
          zone,
          now,
          day: query.date ?? today,
          today,
          resourceId: query.resourceId ?? null,
          query,
        });
      });
    // A read's answer may be the one worked out at the read model's current version (answers.ts).
    if (writes) return run();
    return keptAnswer(tx, tenantId, answerKey(tenantId, principal, ctx.path, query), now, run);
  });
}
