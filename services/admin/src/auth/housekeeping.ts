import type { ServiceKit } from '@venue/service-kit';
import { pruneAttempts } from './throttle.ts';

/**
 * Hourly: forget old sign-in attempts, refresh tokens that expired over a day ago (rotated
 * tokens are kept until then, since replay detection needs them) and the sessions they leave
 * empty.
 */
export async function pruneSessions(kit: ServiceKit): Promise<void> {
  await kit.db.systemTx(async (tx) => {
    await pruneAttempts(tx);
    await tx.query(`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`);
    // A session without tokens can neither be refreshed nor name a reason worth showing: every
    // access token it issued has long expired.
    await tx.query(
      `DELETE FROM sessions s
        WHERE s.created_at < now() - interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.tenant_id = s.tenant_id AND t.family_id = s.id)`,
    );
  });
}
