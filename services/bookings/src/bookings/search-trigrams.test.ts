// The list search's trigram side table (migrations 014 and 017, decision 50): kept in step by the
// booking's own write, readable by the application role only through booking_search_keys(),
// which answers the transaction's tenant alone, and planned on its trigram index on both engines.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ownerTx, recordTenantStatements, type TenantStatement } from '@venue/service-kit/testing';
import { OTHER, OWNER, unstartedHarness, useHarness } from '../testing/harness.ts';

const h = unstartedHarness();

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

/** What booking_search_keys(`pattern`) answers in a transaction of `tenantId`. */
const idsAs = (tenantId: string, pattern: string) =>
  h.t.kit.db.tenantTx(tenantId, async (tx) =>
    (await tx.query<{ id: string }>('SELECT id FROM booking_search_keys($1)', [pattern])).rows.map(
      (r) => r.id,
    ),
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

/**
 * The rows the searched page's statement among `statements` reads from bookings, run again with
 * EXPLAIN ANALYZE in a transaction of OTHER.
 */
async function bookingRowsRead(statements: readonly TenantStatement[]): Promise<number> {
  const page = statements.find((st) => st.sql.includes('booking_search_page'));
  assert.ok(page, statements.map((st) => st.sql).join('\n'));
  interface Node {
    'Relation Name'?: string;
    'Actual Rows': number;
    'Actual Loops': number;
    Plans?: Node[];
  }
  return h.t.kit.db.tenantTx(OTHER, async (tx) => {
    const { rows } = await tx.query<{ 'QUERY PLAN': Array<{ Plan: Node }> | string }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${page.sql}`,
      page.params,
    );
    const raw = rows[0]!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: Node }>;
    let n = 0;
    const walk = (node: Node) => {
      if (node['Relation Name'] === 'bookings') n += node['Actual Rows'] * node['Actual Loops'];
      node.Plans?.forEach(walk);
    };
    walk(plan[0]!.Plan);
    return n;
  });
}

describe('booking_search: the list search trigram side table', () => {
  useHarness(h);
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
      async (tx) => (await tx.query('SELECT id FROM booking_search_keys($1)', ['%quokka%'])).rows,
    );
    assert.deepEqual(system, []);
    // the function takes no tenant: there is no signature to hand it another one
    await assert.rejects(
      h.t.kit.db.tenantTx(OWNER, (tx) => tx.query('SELECT booking_search_keys($1, $2)', ['%quokka%', OTHER])),
      /function booking_search_keys\(.*\) does not exist/,
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
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM booking_search_keys($1)', [
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
    // moved to another day: the side table's sort keys (migration 017) move with it
    const keysOf = () =>
      h.t.kit.db.tenantTx(OWNER, async (tx) => {
        const { rows } = await tx.query<{ same: boolean }>(
          `SELECT k.starts_at = b.starts_at AND k.created_at = b.created_at AS same
             FROM booking_search_keys('%numbat renamed%') k JOIN bookings b ON b.tenant_id = $1 AND b.id = k.id`,
          [OWNER],
        );
        return rows.map((r) => r.same);
      });
    await h.t.kit.db.tenantTx(OWNER, (tx) =>
      tx.query(
        `UPDATE bookings SET starts_at = starts_at + interval '3 days', ends_at = ends_at + interval '3 days',
                slot = tstzrange(lower(slot) + interval '3 days', upper(slot) + interval '3 days'),
                created_at = created_at - interval '1 hour'
          WHERE tenant_id = $1 AND id = $2`,
        [OWNER, id],
      ),
    );
    assert.deepEqual(await keysOf(), [true]);
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

  // Migration 017: sorted by Event Date or Created, a searched page is cut among the matches'
  // keys in the side table, and only its own rows are read from bookings.
  it('a searched page by Event Date or Created: the matches in the list order, reading only the page from bookings', async () => {
    const orders = {
      'start desc': 'starts_at DESC, id ASC',
      'start asc': 'starts_at ASC, id DESC',
      'created desc': 'created_at DESC, id ASC',
      'created asc': 'created_at ASC, id DESC',
    };
    for (const [key, orderBy] of Object.entries(orders)) {
      const [sort, order] = key.split(' ');
      const truth = await h.t.kit.db.tenantTx(OTHER, async (tx) =>
        (
          await tx.query<{ id: string }>(
            `SELECT id FROM bookings WHERE tenant_id = $1 AND lower(customer_name) LIKE '%quokka%' ORDER BY ${orderBy}`,
            [OTHER],
          )
        ).rows.map((r) => r.id),
      );
      assert.equal(truth.length, 40);
      // every match once, in order, by cursor (the seeded rows share one created_at: the id decides)
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await h.call(
          'GET',
          `/api/bookings?q=quokka&sort=${sort}&order=${order}&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
          h.tokens.other,
        );
        assert.equal(res.status, 200, JSON.stringify(res.body));
        walked.push(...res.body.items.map((b: { id: string }) => b.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      assert.deepEqual(walked, truth, key);
      // and by page number, with the number of matches
      const third = await h.call(
        'GET',
        `/api/bookings?q=quokka&sort=${sort}&order=${order}&limit=7&page=3`,
        h.tokens.other,
      );
      assert.deepEqual(
        [third.body.items.map((b: { id: string }) => b.id), third.body.total, third.body.totalIsEstimate],
        [truth.slice(14, 21), 40, false],
        key,
      );
    }

    // the page's statement, run: bookings gives up the page's 6 rows (5 and one to know more
    // follow), not the 40 matches
    const statements = await recordTenantStatements(h.t.kit.db, async () => {
      assert.equal(
        (await h.call('GET', '/api/bookings?q=quokka&sort=start&order=desc&limit=5', h.tokens.other)).status,
        200,
      );
    });
    const read = await bookingRowsRead(statements);
    assert.equal(read, 6);
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
  // Migration 025: a term with more matches than the count's cap is not sorted among its
  // matches but read in the list's order off its own index, matched row by row, so the page
  // costs about the same whether 1,001 or 100,000 bookings match (issue 27 item 4).
  it('a common term (over 1,000 matches): the same pages, "1,000+", and bookings read about a page', async () => {
    // OTHER now holds 4,000 "Crowd Member" bookings (the test above).
    for (const [key, orderBy] of Object.entries({
      'start desc': 'starts_at DESC, id ASC',
      'created asc': 'created_at ASC, id DESC',
    })) {
      const [sort, order] = key.split(' ');
      const truth = await h.t.kit.db.tenantTx(OTHER, async (tx) =>
        (
          await tx.query<{ id: string }>(
            `SELECT id FROM bookings WHERE tenant_id = $1 AND lower(customer_name) LIKE '%crowd member%' ORDER BY ${orderBy} LIMIT 21`,
            [OTHER],
          )
        ).rows.map((r) => r.id),
      );
      const walked: string[] = [];
      let cursor: string | null = null;
      for (let p = 0; p < 3; p++) {
        const res = await h.call(
          'GET',
          `/api/bookings?q=crowd%20member&sort=${sort}&order=${order}&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
          h.tokens.other,
        );
        assert.equal(res.status, 200, JSON.stringify(res.body));
        walked.push(...res.body.items.map((b: { id: string }) => b.id));
        cursor = res.body.nextCursor;
      }
      assert.deepEqual(walked, truth, key);
      const third = await h.call(
        'GET',
        `/api/bookings?q=crowd%20member&sort=${sort}&order=${order}&limit=7&page=3`,
        h.tokens.other,
      );
      assert.deepEqual(
        [third.body.items.map((b: { id: string }) => b.id), third.body.total, third.body.totalIsEstimate],
        [truth.slice(14, 21), 1000, true],
        key,
      );
    }
    // The matches are counted no further than the cap and one more.
    const counted = await h.t.kit.db.tenantTx(OTHER, async (tx) =>
      Number(
        (await tx.query<{ n: string }>(`SELECT booking_search_count('%crowd member%', 1000) AS n`)).rows[0]!
          .n,
      ),
    );
    assert.equal(counted, 1001);
    // The planner's statistics, as the kit's statistics job keeps them after a bulk write.
    await ownerTx(h.t.kit.db, (tx) => tx.query('ANALYZE bookings'));
    const statements = await recordTenantStatements(h.t.kit.db, async () => {
      const res = await h.call(
        'GET',
        '/api/bookings?q=crowd%20member&sort=start&order=desc&limit=5',
        h.tokens.other,
      );
      assert.equal(res.status, 200);
    });
    const read = await bookingRowsRead(statements);
    // Only the page's own rows are read from bookings (the walk's are inside the function).
    assert.ok(read <= 20, `bookings rows read: ${read}`);
  });
});
