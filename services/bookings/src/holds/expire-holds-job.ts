/** The hold sweep: tentative bookings past their expiry become expired and free their slot. */
import type { ServiceKit } from '@venue/service-kit';
import { db } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import { readTenantSettings, type TenantSettings } from '../remote/tenant-settings.ts';
import { transition } from '../status/transition.ts';

export function expireHoldsJob(deps: Deps) {
  return {
    name: 'expire-holds',
    cron: '*/1 * * * *',
    // Runs under the kit's advisory lock, so with several replicas only one sweeps at a time.
    async run(kit: ServiceKit) {
      const now = deps.now();
      const { expired, waiting } = await kit.db.systemTx(async (tx) => {
        // A tenant whose settings have not arrived keeps its holds until they do: the expiry
        // event carries times on the venue's clock, which bookings will not guess.
        // Every tenant's holds (the system scope): the sweep is not one tenant's request.
        const rows = await db(tx)
          .selectFrom('bookings as b')
          .select(['b.id', 'b.tenant_id'])
          .where('b.status', '=', 'tentative')
          .where('b.hold_expires_at', '<=', now)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('tenant_settings as s')
                .select((eb) => eb.lit(1).as('one'))
                .whereRef('s.tenant_id', '=', 'b.tenant_id'),
            ),
          )
          .orderBy('b.hold_expires_at')
          .limit(500)
          .forUpdate('b')
          .skipLocked()
          .execute();
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
        const left = await db(tx)
          .selectFrom('bookings as b')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('b.status', '=', 'tentative')
          .where('b.hold_expires_at', '<=', now)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('tenant_settings as s')
                  .select((eb) => eb.lit(1).as('one'))
                  .whereRef('s.tenant_id', '=', 'b.tenant_id'),
              ),
            ),
          )
          .executeTakeFirst();
        return { expired: rows.length, waiting: Number(left?.n ?? 0) };
      });
      if (expired > 0) kit.log.info({ expired }, 'expired tentative holds');
      if (waiting > 0)
        kit.log.warn({ waiting }, "holds past expiry kept: their venue's settings have not reached bookings");
    },
  };
}
