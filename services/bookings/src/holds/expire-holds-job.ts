/** The hold sweep: tentative bookings past their expiry become expired and free their slot. */
import type { ServiceKit } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import type { TenantSettings } from '../remote/clients.ts';
import { transition } from '../status/transition.ts';

export function expireHoldsJob(deps: Deps) {
  return {
    name: 'expire-holds',
    cron: '*/1 * * * *',
    // Runs under the kit's advisory lock, so with several replicas only one sweeps at a time.
    async run(kit: ServiceKit) {
      const now = deps.now().toISOString();
      // The tenants' settings are fetched before the sweep's transaction, so admin's answer is
      // not awaited while that transaction holds the connection (the only one on PGlite).
      const due = await kit.db.systemTx((tx) =>
        tx.query<{ tenant_id: string }>(
          `SELECT DISTINCT tenant_id FROM bookings WHERE status = 'tentative' AND hold_expires_at <= $1::timestamptz`,
          [now],
        ),
      );
      if (due.rows.length === 0) return;
      const settings = new Map<string, TenantSettings>();
      for (const { tenant_id } of due.rows)
        settings.set(tenant_id, await deps.clients.tenantSettings(tenant_id));
      const expired = await kit.db.systemTx(async (tx) => {
        const { rows } = await tx.query<{ id: string; tenant_id: string }>(
          `SELECT id, tenant_id FROM bookings WHERE status = 'tentative' AND hold_expires_at <= $1::timestamptz ORDER BY hold_expires_at LIMIT 500 FOR UPDATE SKIP LOCKED`,
          [now],
        );
        for (const r of rows) {
          await transition(
            null,
            deps,
            r.id,
            'expired',
            { reason: 'Hold expired', systemActor: true, settings: settings.get(r.tenant_id) },
            tx,
          );
        }
        return rows.length;
      });
      if (expired > 0) kit.log.info({ expired }, 'expired tentative holds');
    },
  };
}
