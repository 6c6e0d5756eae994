/** The hold sweep: tentative bookings past their expiry become expired and free their slot. */
import type { ServiceKit } from '@venue/service-kit';
import { transition, type Deps } from './booking-service.ts';

export function expireHoldsJob(deps: Deps) {
  return {
    name: 'expire-holds',
    cron: '*/1 * * * *',
    // Runs under the kit's advisory lock, so with several replicas only one sweeps at a time.
    async run(kit: ServiceKit) {
      const now = deps.now().toISOString();
      const expired = await kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `SELECT id FROM bookings WHERE status = 'tentative' AND hold_expires_at <= $1::timestamptz ORDER BY hold_expires_at LIMIT 500 FOR UPDATE SKIP LOCKED`,
          [now],
        );
        for (const r of rows) {
          await transition(null, deps, r.id, 'expired', { reason: 'Hold expired', systemActor: true }, tx);
        }
        return rows.length;
      });
      if (expired > 0) kit.log.info({ expired }, 'expired tentative holds');
    },
  };
}
