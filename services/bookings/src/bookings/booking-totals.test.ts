// Bookings › All's total with no filter is the tenant's stored number of bookings (migration
// 015), kept by the writes themselves: inserts one by one or in bulk, deletes, concurrent
// transactions (PostgreSQL: each statement's upsert waits for the other's row lock), and
// rolled-back writes; the filtered lists still count.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@venue/service-kit';
import { OTHER, OWNER, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();

/** `n` confirmed bookings of `tenantId` in one statement of `tx`. */
const insert = (tx: Queryable, tenantId: string, n: number) =>
  tx.query(
    `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone,
        event_type, booking_date, start_time, end_time, resource_id, resource_name, status, starts_at, ends_at, slot)
     SELECT $1, $2 || '-' || g, 'C' || g, 'Totals ' || g, 't' || g || '@example.test', '+61 400 000 000', 'Wedding',
            current_date + g, '10:00', '12:00', $3, 'Hall', 'confirmed', s, s + interval '2 hours',
            tstzrange(s, s + interval '2 hours')
       FROM generate_series(1, $4::int) g,
            LATERAL (SELECT (current_date + g) + time '10:00' AT TIME ZONE 'Australia/Sydney' AS s) ss`,
    [tenantId, `TT${randomUUID().slice(0, 8)}`, randomUUID(), n],
  );

const listTotal = async (token: string, query = '') => {
  const res = await h.call('GET', `/api/bookings?limit=5${query}`, token);
  assert.equal(res.status, 200);
  return res.body.total as number;
};

const counted = (tenantId: string) =>
  h.t.kit.db.systemTx(async (tx) => {
    const { rows } = await tx.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM bookings WHERE tenant_id = $1',
      [tenantId],
    );
    return Number(rows[0]!.n);
  });

describe('the unfiltered list total is the stored number of bookings', () => {
  useHarness(h);
  it('follows single and bulk inserts, deletes and rollbacks, per tenant', async () => {
    assert.equal(await listTotal(h.tokens.owner), await counted(OWNER));
    assert.equal((await h.create()).status, 201);
    await h.t.kit.db.systemTx((tx) => insert(tx, OWNER, 40));
    await h.t.kit.db.systemTx((tx) => insert(tx, OTHER, 7));
    const owner = await counted(OWNER);
    assert.ok(owner >= 41);
    assert.equal(await listTotal(h.tokens.owner), owner);
    assert.equal(await listTotal(h.tokens.other), await counted(OTHER));
    await h.t.kit.db.systemTx((tx) =>
      tx.query(
        `DELETE FROM bookings WHERE tenant_id = $1 AND id IN (SELECT id FROM bookings WHERE tenant_id = $1 AND customer_name LIKE 'Totals %' LIMIT 15)`,
        [OWNER],
      ),
    );
    assert.equal(await listTotal(h.tokens.owner), owner - 15);
    await assert.rejects(
      h.t.kit.db.systemTx(async (tx) => {
        await insert(tx, OWNER, 5);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.equal(await listTotal(h.tokens.owner), owner - 15);
    // a filter still counts its matches
    assert.equal(await listTotal(h.tokens.owner, '&q=Totals'), 25);
    // the stored row is the tenant's alone: another tenant's transaction sees none of it
    const seen = await h.t.kit.db.tenantTx(OTHER, async (tx) => {
      const { rows } = await tx.query('SELECT tenant_id FROM booking_totals');
      return rows.map((r) => (r as { tenant_id: string }).tenant_id);
    });
    assert.deepEqual(seen, [OTHER]);
  });

  it('concurrent transactions of one tenant each add their rows', async () => {
    const tenant = randomUUID();
    await Promise.all(
      Array.from({ length: 8 }, () =>
        h.t.kit.db.systemTx(async (tx) => {
          await insert(tx, tenant, 10);
          await insert(tx, tenant, 15);
        }),
      ),
    );
    const stored = await h.t.kit.db.systemTx(async (tx) => {
      const { rows } = await tx.query<{ n: number | string }>(
        'SELECT bookings AS n FROM booking_totals WHERE tenant_id = $1',
        [tenant],
      );
      return Number(rows[0]!.n);
    });
    assert.equal(stored, 200);
    assert.equal(await counted(tenant), 200);
  });
});
