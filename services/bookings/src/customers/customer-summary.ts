/**
 * The customer directory's figures, kept on each customer's row (migration 005): refreshed from
 * that customer's bookings inside every booking write's transaction, and rescored per tenant by
 * the `customer-rfm` job, because the scores are relative to the tenant's best customer and the
 * 12-month window moves with the venue's date. No request ever reads every booking.
 */
import { sql, type ServiceKit, type Tx } from '@venue/service-kit';
import { dateText, db } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import { venueToday } from '../shared/time.ts';

/**
 * Recomputes the rows of `customerIds` (a booking's customer, and on an edit that moved the
 * booking to another e-mail the previous one too) from their bookings as of the venue's date.
 * Call it in the booking's transaction, after the booking row is written and before the slot is
 * released: it takes the customers' row locks in id order and then reads their bookings, so
 * concurrent writers of one customer never overwrite each other with figures missing a booking.
 */
export async function refreshCustomerSummary(
  tx: Tx,
  tenantId: string,
  customerIds: readonly string[],
  now: Date,
  timeZone: string,
): Promise<void> {
  const ids = [...new Set(customerIds)].sort();
  const today = venueToday(now, timeZone);
  const refresh =
    ids.length <= FEW
      ? // sql: a function of migration 026 (the same refresh on a plan kept per connection)
        sql<number>`customer_summary_refresh_few(${tenantId}::uuid, ${idArray(ids)}, ${today}::date)`
      : summaryRefresh(tenantId, ids, today, false);
  await db(tx).selectNoFrom(refresh.as('n')).execute();
}

/**
 * Up to this many customers a write's refresh runs on the generic plan (migration 026: about
 * 1 ms of PostgreSQL CPU less per booking write); more (the demo history's import) on custom
 * plans, since the generic plan's nested loop grows with the square of the customers.
 */
const FEW = 4;

/** The ids as one JSON text unpacked in SQL: an array parameter is not read alike by both drivers. */
const idArray = (ids: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/**
 * customer_summary_refresh (migration 005) of `ids` on `today`: `p_job` false for a booking
 * write (waits for the rows' locks), true for the job (skips locked rows). Returns rows written.
 */
function summaryRefresh(tenantId: string, ids: readonly string[], today: string, job: boolean) {
  // sql: a function of migration 005
  return sql<number>`customer_summary_refresh(${tenantId}::uuid, ${idArray(ids)}, ${today}::date, ${job})`;
}

/** Customers rescored per transaction: each chunk's row locks are held only for that chunk. */
const CHUNK = 500;

/**
 * Rescores every customer of one tenant on `today`: first the tenant's maxima (stored, so booking
 * writes during the run score against them), then the rows in chunks by id. Rows a booking
 * transaction holds are skipped (it refreshes and stamps them, which makes the next run rescore).
 */
export async function rescoreTenant(kit: ServiceKit, tenantId: string, today: string) {
  await kit.db.tenantTx(tenantId, (tx) =>
    // sql: a function of migration 005 (the tenant's maxima, stored)
    db(tx)
      .selectNoFrom(sql`customer_rfm_restate(${tenantId}::uuid, ${today}::date)`.as('restated'))
      .execute(),
  );
  let after = '';
  let written = 0;
  for (;;) {
    const chunk = await kit.db.tenantTx(tenantId, async (tx) => {
      const rows = await db(tx)
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(CHUNK)
        .execute();
      if (rows.length === 0) return null;
      const done = await db(tx)
        .selectNoFrom(
          summaryRefresh(
            tenantId,
            rows.map((r) => r.id),
            today,
            true,
          ).as('n'),
        )
        .executeTakeFirst();
      return { last: rows[rows.length - 1]!.id, written: Number(done?.n ?? 0) };
    });
    if (!chunk) break;
    after = chunk.last;
    written += chunk.written;
  }
  return written;
}

interface TenantDue {
  tenant_id: string;
  timezone: string;
  computed_for: string | null;
  changed: boolean;
}

/**
 * The tenants whose stored scores are out of date: never scored, scored for an earlier venue
 * date (the window and recency moved at midnight), or with a booking write since the last run
 * (a new maximum, or an old one gone, changes everyone's scores). A tenant whose settings have
 * not reached bookings is left alone: its venue's date is unknown.
 */
export async function tenantsDue(kit: ServiceKit, now: Date): Promise<{ tenantId: string; today: string }[]> {
  // Every tenant (the system scope): the job looks after all of them.
  const rows: TenantDue[] = await kit.db.systemTx((tx) =>
    db(tx)
      .selectFrom('tenant_settings as ts')
      .leftJoin('customer_rfm_state as st', 'st.tenant_id', 'ts.tenant_id')
      .select((eb) => [
        'ts.tenant_id',
        'ts.timezone',
        dateText(eb.ref('st.computed_for')).as('computed_for'),
        // compared in SQL: the stamps have microseconds, a JavaScript Date only milliseconds
        eb
          .exists(
            eb
              .selectFrom('customers as c')
              .select(eb.lit(1).as('one'))
              .whereRef('c.tenant_id', '=', 'ts.tenant_id')
              .whereRef('c.summary_at', '>', 'st.computed_at'),
          )
          .$castTo<boolean>()
          .as('changed'),
      ])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('customers as c')
            .select(eb.lit(1).as('one'))
            .whereRef('c.tenant_id', '=', 'ts.tenant_id'),
        ),
      )
      .execute(),
  );
  const due: { tenantId: string; today: string }[] = [];
  for (const r of rows) {
    const today = venueToday(now, r.timezone);
    if (r.computed_for !== today || r.changed) due.push({ tenantId: r.tenant_id, today });
  }
  return due;
}

/** The scheduled rescoring (kit jobs run under an advisory lock: one replica at a time). */
export function customerRfmJob(deps: Deps) {
  return {
    name: 'customer-rfm',
    cron: '*/5 * * * *',
    async run(kit: ServiceKit) {
      for (const { tenantId, today } of await tenantsDue(kit, deps.now())) {
        const written = await rescoreTenant(kit, tenantId, today);
        kit.log.debug({ tenantId, today, written }, 'customers rescored');
      }
    },
  };
}
