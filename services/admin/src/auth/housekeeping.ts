import { kyselyOf, type ServiceKit } from '@venue/service-kit';
import { dbNowPlus } from '../db/clock.ts';
import type { AdminDb } from '../db/schema.ts';
import { pruneAttempts } from './throttle.ts';

/**
 * Hourly: forget old sign-in attempts, refresh tokens that expired over a day ago (rotated
 * tokens are kept until then, since replay detection needs them) and the sessions they leave
 * empty; the same for the customer portal's links and sessions.
 */
export async function pruneSessions(kit: ServiceKit): Promise<void> {
  await kit.db.systemTx(async (tx) => {
    await pruneAttempts(tx);
    const q = kyselyOf<AdminDb>(tx);
    await q.deleteFrom('refresh_tokens').where('expires_at', '<', dbNowPlus(-1, 'days')).execute();
    // A session without tokens can neither be refreshed nor name a reason worth showing: every
    // access token it issued has long expired.
    await q
      .deleteFrom('sessions as s')
      .where('s.created_at', '<', dbNowPlus(-1, 'days'))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('refresh_tokens as t')
              .select((t) => t.lit(1).as('one'))
              .whereRef('t.tenant_id', '=', 's.tenant_id')
              .whereRef('t.family_id', '=', 's.id'),
          ),
        ),
      )
      .execute();
    // The customer portal (decision 56): links a day past their 30 minutes, sessions a day past
    // their 30 days (their refresh tokens go with them).
    await q.deleteFrom('portal_links').where('expires_at', '<', dbNowPlus(-1, 'days')).execute();
    await q.deleteFrom('customer_sessions').where('expires_at', '<', dbNowPlus(-1, 'days')).execute();
  });
}
