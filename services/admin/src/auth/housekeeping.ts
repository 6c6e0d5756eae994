import type { ServiceKit } from '@venue/service-kit';
import { pruneAttempts } from './throttle.ts';

/**
 * Hourly: forget old sign-in attempts and refresh tokens that expired over a day ago (rotated
 * tokens are kept until then, since replay detection needs them).
 */
export async function pruneSessions(kit: ServiceKit): Promise<void> {
  await kit.db.systemTx(async (tx) => {
    await pruneAttempts(tx);
    await tx.query(`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`);
  });
}
