// The list search's trigram side table (migration 014, decision 50): kept in step by the
// booking's own write, readable by the application role only through booking_search_ids(),
// which answers the transaction's tenant alone, and planned on its trigram index on both engines.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ownerTx } from '@venue/service-kit/testing';
import { OTHER, OWNER, useHarness } from '../test-support.ts';

const h = useHarness();

/** `n` bookings of `tenantId` named "<name> <i>", straight into the table (as a write would). */
async function seed(tenantId: string, name: string, n: number): Promise<void> {
  await h.t.kit.db.systemTx((tx) =>
    tx.query(
      `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone,
          event_type, booking_date, start_time, end_time, resource_id, resource_name, status,
          starts_at, ends_at, slot)
       SELECT $1, $2 || '-' || g, 'C' || g, $3 || ' ' || g, 'c' || g || '@example.test', '+61 400 000 000', 'Wedding',
              d, '10:00', '12:00', $4, 'Seeded hall', 'confirmed', s, s + interval '2 hours',
              tstzrange(s, s + interval '2 hours')
         FROM generate_series(1, $5::int) g,
              LATERAL (SELECT current_date + g AS d) dd,
              LATERAL (SELECT dd.d + time '10:00' AT TIME ZONE 'Australia/Sydney' AS s) ss`,
      [tenantId, `TG${randomUUID().slice(0, 6)}`, name, randomUUID(), n],
    ),
  );
}

/** What booking_search_ids(`pattern`) answers in a transaction of `tenantId`. */
const idsAs = (tenantId: string, pattern: string) =>
  h.t.kit.db.tenantTx(tenantId, async (tx) =>
    (await tx.query<{ id: string }>('SELECT booking_search_ids($1) AS id', [pattern])).rows.map((r) => r.id),
  );

/** The ids of `tenantId`'s bookings whose customer name is LIKE `pattern`, read from bookings itself. */
const truthOf = (tenantId: string, pattern: string) =>
  h.t.kit.db.tenantTx(tenantId, async (tx) =>
    (
      await tx.query<{ id: string }>(
        'SELECT id FROM bookings WHERE tenant_id = $1 AND lower(customer_name) LIKE $2',
        [tenantId, pattern],
      )
    ).rows.map((r) => r.id),
  );

const sorted = (ids: string[]) => [...ids].sort();

describe('booking_search: the list search trigram side table', () => {
  before(async () => {
    await seed(OWNER, 'Quokka Owner', 30);
    // the same words in the other tenant: a search must never cross over
    await seed(OTHER, 'Quokka Owner', 40);
  });

  it('answers the transaction tenant only, never an argument, and nothing outside a tenant', async () => {
    const mine = await idsAs(OWNER, '%quokka%');
    assert.equal(mine.length, 30);
    assert.deepEqual(sorted(mine), sorted(await truthOf(OWNER, '%quokka%')));
    const theirs = await idsAs(OTHER, '%quokka%');
    assert.equal(theirs.length, 40);
    assert.deepEqual(
      mine.filter((id) => theirs.includes(id)),
      [],
    );
    // the system scope (app.tenant_id '') finds nothing
    const system = await h.t.kit.db.systemTx(
      async (tx) => (await tx.query('SELECT booking_search_ids($1) AS id', ['%quokka%'])).rows,
    );
    assert.deepEqual(system, []);
    // the function takes no tenant: there is no signature to hand it another one
    await assert.rejects(
      h.t.kit.db.tenantTx(OWNER, (tx) => tx.query('SELECT booking_search_ids($1, $2)', ['%quokka%', OTHER])),
      /function booking_search_ids\(.*\) does not exist/,
    );
  });

  it('the application role can neither read nor write the side table', async () => {
    for (const statement of [
      'SELECT * FROM booking_search',
      'SELECT count(*) FROM booking_search',
      `INSERT INTO booking_search (tenant_id, booking_id, search_text) VALUES ('${OWNER}', gen_random_uuid(), 'x')`,
      `DELETE FROM booking_search WHERE tenant_id = '${OTHER}'`,
    ]) {
      await assert.rejects(
        h.t.kit.db.tenantTx(OWNER, (tx) => tx.query(statement)),
        /permission denied/,
        statement,
      );
    }
  });

  it('a booking write keeps it in step in the same transaction: insert, rename, delete', async () => {
    await seed(OWNER, 'Wombat Single', 1);
    const [id] = await idsAs(OWNER, '%wombat single%');
    assert.ok(id, 'the new booking is found');
    await h.t.kit.db.tenantTx(OWNER, async (tx) => {
      await tx.query(
        `UPDATE bookings SET customer_name = 'Numbat Renamed' WHERE tenant_id = $1 AND id = $2`,
        [OWNER, id],
      );
      // seen by the same transaction before it commits
      const { rows } = await tx.query<{ id: string }>('SELECT booking_search_ids($1) AS id', [
        '%numbat renamed%',
      ]);
      assert.deepEqual(
        rows.map((r) => r.id),
        [id],
      );
    });
    assert.deepEqual(await idsAs(OWNER, '%wombat single%'), []);
    // an update of a field the search does not hold leaves the row alone
    await h.t.kit.db.tenantTx(OWNER, (tx) =>
      tx.query(`UPDATE bookings SET notes = 'x' WHERE tenant_id = $1 AND id = $2`, [OWNER, id]),
    );
    assert.deepEqual(await idsAs(OWNER, '%numbat renamed%'), [id]);
    // a rolled-back write leaves nothing behind
    await assert.rejects(
      h.t.kit.db.tenantTx(OWNER, async (tx) => {
        await tx.query(
          `UPDATE bookings SET customer_name = 'Bilby Rolled' WHERE tenant_id = $1 AND id = $2`,
          [OWNER, id],
        );
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.deepEqual(await idsAs(OWNER, '%bilby rolled%'), []);
    await h.t.kit.db.systemTx((tx) =>
      tx.query('DELETE FROM bookings WHERE tenant_id = $1 AND id = $2', [OWNER, id]),
    );
    assert.deepEqual(await idsAs(OWNER, '%numbat renamed%'), []);
    await ownerTx(h.t.kit.db, async (tx) => {
      const { rows } = await tx.query(
        'SELECT 1 FROM booking_search WHERE tenant_id = $1 AND booking_id = $2',
        [OWNER, id],
      );
      assert.equal(rows.length, 0);
    });
  });

  it('the list search reads through it: same rows and total as the text match', async () => {
    const res = await h.call('GET', '/api/bookings?q=QUOKKA&limit=10&sort=start&order=asc', h.tokens.owner);
    assert.equal(res.status, 200);
    assert.equal(res.body.total, 30);
    assert.equal(res.body.items.length, 10);
    assert.ok(res.body.items.every((b: { customerName: string }) => /Quokka Owner/.test(b.customerName)));
    const other = await h.call('GET', '/api/bookings?q=quokka&limit=50', h.tokens.other);
    assert.equal(other.body.total, 40);
  });

  it("the function's statement is planned on the tenant-led trigram index (as its owner, custom plan)", async () => {
    // a big tenant (its 40 matches among 4,000 rows) among others: reading all the tenant's rows
    // would cost more than the trigram index, as at issue 9's scale
    await seed(OTHER, 'Crowd Member', 4000);
    for (let i = 0; i < 5; i++) await seed(randomUUID(), 'Crowd Other', 200);
    const plan = await ownerTx(h.t.kit.db, async (tx) => {
      await tx.query(`SELECT set_config('app.tenant_id', $1, true)`, [OTHER]);
      await tx.query('ANALYZE booking_search');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT s.booking_id FROM booking_search s
          WHERE s.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
            AND s.search_text LIKE $1`,
        ['%quokka%'],
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    assert.match(plan, /Bitmap Index Scan on booking_search_trgm_idx/, plan);
    assert.match(plan, /Index Cond: .*tenant_id.*search_text ~~/s, plan);
    assert.doesNotMatch(plan, /Seq Scan/, plan);
  });
});
