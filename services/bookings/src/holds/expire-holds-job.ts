/** The hold sweep: tentative bookings past their expiry become expired and free their slot. */
import type { ServiceKit } from '@venue/service-kit';
import type { Deps } from '../deps.ts';
import { readTenantSettings, type TenantSettings } from '../remote/tenant-settings.ts';
import { transition } from '../status/transition.ts';

export function expireHoldsJob(deps: Deps) {
  return {
    name: 'expire-holds',
    cron: '*/1 * * * *',
    // Runs under the kit's advisory lock, so with several replicas only one sweeps at a time.
    async run(kit: ServiceKit) {
      const now = deps.now().toISOString();
      const { expired, waiting } = await kit.db.systemTx(async (tx) => {
        // A tenant whose settings have not arrived keeps its holds until they do: the expiry
        // event carries times on the venue's clock, which bookings will not guess.
        const { rows } = await tx.query<{ id: string; tenant_id: string }>(
          `SELECT b.id, b.tenant_id FROM bookings b
            WHERE b.status = 'tentative' AND b.hold_expires_at <= $1::timestamptz
              AND EXISTS (SELECT 1 FROM tenant_settings s WHERE s.tenant_id = b.tenant_id)
            ORDER BY b.hold_expires_at LIMIT 500 FOR UPDATE OF b SKIP LOCKED`,
          [now],
        );
        const settings = new Map<string, TenantSettings>();
        for (const r of rows) {
          let s = settings.get(r.tenant_id);
          if (!s) {
            s = (await readTenantSettings(tx, r.tenant_id))!;
            settings.set(r.tenant_id, s);
          }
          await transition(
            null,
            deps,
            r.id,
            'expired',
            { reason: 'Hold expired', systemActor: true, settings: s },
            tx,
          );
        }
        const left = await tx.query<{ n: number | string }>(
          `SELECT count(*) AS n FROM bookings b
            WHERE b.status = 'tentative' AND b.hold_expires_at <= $1::timestamptz
              AND NOT EXISTS (SELECT 1 FROM tenant_settings s WHERE s.tenant_id = b.tenant_id)`,
          [now],
        );
        return { expired: rows.length, waiting: Number(left.rows[0]?.n ?? 0) };
      });
      if (expired > 0) kit.log.info({ expired }, 'expired tentative holds');
      if (waiting > 0)
        kit.log.warn({ waiting }, "holds past expiry kept: their venue's settings have not reached bookings");
    },
  };
}
