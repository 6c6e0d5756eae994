/**
 * The customer directory's figures, kept on each customer's row (migration 005): refreshed from
 * that customer's bookings inside every booking write's transaction, and rescored per tenant by
 * the `customer-rfm` job, because the scores are relative to the tenant's best customer and the
 * 12-month window moves with the venue's date. No request ever reads every booking.
 */
import type { ServiceKit, Tx } from '@venue/service-kit';
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
  await tx.query(
    `SELECT customer_summary_refresh($1::uuid, ARRAY(SELECT jsonb_array_elements_text($2::jsonb)), $3::date, false)`,
    [tenantId, JSON.stringify(ids), venueToday(now, timeZone)],
  );
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
    tx.query(`SELECT customer_rfm_restate($1::uuid, $2::date)`, [tenantId, today]),
  );
  let after = '';
  let written = 0;
  for (;;) {
    const chunk = await kit.db.tenantTx(tenantId, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM customers WHERE tenant_id = $1 AND id > $2 ORDER BY id LIMIT ${CHUNK}`,
        [tenantId, after],
      );
      if (rows.length === 0) return null;
      const done = await tx.query<{ n: number }>(
        `SELECT customer_summary_refresh($1::uuid, ARRAY(SELECT jsonb_array_elements_text($2::jsonb)), $3::date, true) AS n`,
        [tenantId, JSON.stringify(rows.map((r) => r.id)), today],
      );
      return { last: rows[rows.length - 1]!.id, written: Number(done.rows[0]?.n ?? 0) };
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
  const { rows } = await kit.db.systemTx((tx) =>
    tx.query<TenantDue>(
      // compared in SQL: the stamps have microseconds, a JavaScript Date only milliseconds
      `SELECT ts.tenant_id, ts.timezone, to_char(st.computed_for, 'YYYY-MM-DD') AS computed_for,
              EXISTS (SELECT 1 FROM customers c
                       WHERE c.tenant_id = ts.tenant_id AND c.summary_at > st.computed_at) AS changed
         FROM tenant_settings ts
         LEFT JOIN customer_rfm_state st ON st.tenant_id = ts.tenant_id
        WHERE EXISTS (SELECT 1 FROM customers c WHERE c.tenant_id = ts.tenant_id)`,
    ),
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
