/* eslint-disable @typescript-eslint/no-explicit-any -- tests probe JSON response bodies field by field */
// Keyset paging of GET /api/bookings (docs/platform-contract.md, "Paging"): following nextCursor
// gives every row once, in the order of the same list read in one go, under every sort, order
// and the screens' filters, with ties in every sort key; a cursor the list did not give out is a
// 400; page numbers still work; totals are counted only as documented, capped at 10,000.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { recordTenantStatements } from '@venue/service-kit/testing';
import { OTHER, OWNER, unstartedHarness, useHarness } from '../testing/harness.ts';
import { SEARCH_COUNT_CAP } from './list-page.ts';

const h = unstartedHarness();
const N = 41;

/** `n` bookings for `tenantId` in SQL, with many ties in each sort key and some NULL cancellations. */
async function seed(tenantId: string, n: number, code: string) {
  await h.t.kit.db.tenantTx(tenantId, (tx) =>
    tx.query(
      `INSERT INTO bookings (tenant_id, booking_code, customer_id, customer_name, customer_email, customer_phone,
          event_type, booking_date, start_time, end_time, resource_id, resource_name, status,
          calculated_price_cents, payment_details, booking_source, starts_at, ends_at, slot, created_at, cancelled_at)
       SELECT $1, $3 || g, 'CUST-' || g % 6, (ARRAY['ann', 'Bob', 'ANN', 'cy', 'Bob', 'Dee'])[1 + g % 6] || ' Client',
              'c' || g % 6 || '@example.test', '+61 400 000 000', 'Wedding',
              s::date, '10:00', '12:00', gen_random_uuid(), (ARRAY['Hall', 'room', 'Annex'])[1 + g % 3],
              (ARRAY['pending', 'tentative', 'confirmed', 'completed', 'cancelled'])[1 + g % 5],
              10000 * (g % 4), CASE WHEN g % 3 = 0 THEN '{"deposit_paid": true, "depositCents": 5000}'::jsonb END,
              (ARRAY['admin', 'website'])[1 + g % 2],
              s, s + interval '2 hours', tstzrange(s, s + interval '2 hours'),
              timestamptz '2026-01-01 09:00:00.123456+00' + (g % 7) * interval '1 hour',
              CASE WHEN g % 5 = 4 AND g % 3 <> 0 THEN timestamptz '2026-02-01 10:00:00+00' + (g % 4) * interval '1 minute' END
         FROM generate_series(1, $2::int) g,
              LATERAL (SELECT timestamptz '2027-03-01 10:00:00+11' + (g % 8) * interval '1 day' AS s) ss`,
      [tenantId, n, code],
    ),
  );
}

const SORTS = [
  'created',
  'start',
  'status',
  'cancelledAt',
  'customer',
  'resource',
  'source',
  'value',
  'balance',
];
const FILTERS = ['', 'status=cancelled', 'status=pending,tentative', 'status=confirmed', 'q=ann'];

const list = async (query: string, token = h.tokens.owner) => {
  const res = await h.call('GET', `/api/bookings?${query}`, token);
  assert.equal(res.status, 200, `${query}: ${res.text}`);
  return res.body;
};

/** Every row by following nextCursor from the first page, `limit` at a time. */
async function walk(query: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let body = await list(`${query}&limit=${limit}`);
  for (let guard = 0; ; guard++) {
    assert.ok(guard < 100, 'the cursor walk ends');
    ids.push(...body.items.map((b: any) => b.id));
    assert.equal(body.hasMore, body.nextCursor !== null);
    if (!body.hasMore) break;
    assert.equal(body.items.length, limit);
    body = await list(`${query}&limit=${limit}&cursor=${encodeURIComponent(body.nextCursor)}`);
    assert.equal(body.page, null);
    assert.equal(body.total, null, 'a cursor page is not counted unless asked');
  }
  return ids;
}

describe('GET /api/bookings: keyset paging', () => {
  useHarness(h);
  before(async () => {
    await seed(OWNER, N, 'PG-');
  });

  it('following nextCursor gives every row once, in the list order, under each sort, order and filter', async () => {
    for (const filter of FILTERS)
      for (const sort of SORTS)
        for (const order of ['asc', 'desc']) {
          const query = `${filter}&sort=${sort}&order=${order}`;
          const all = (await list(`${query}&limit=100`)).items.map((b: any) => b.id);
          if (!filter) assert.equal(all.length, N);
          const walked = await walk(query, 4);
          assert.equal(new Set(walked).size, walked.length, `${query}: no row twice`);
          assert.deepEqual(walked, all, `${query}: the walk reads the list in order`);
        }
    // and the default order (newest created first)
    assert.deepEqual(
      await walk('', 6),
      (await list('limit=100')).items.map((b: any) => b.id),
    );
  });

  it('orders as documented: keys in the list order, ties by id against it; no cancellation time last', async () => {
    const key = (b: any) => [b.status, Date.parse(b.startsAt)];
    const desc = (await list('sort=status&order=desc&limit=100')).items;
    for (let i = 1; i < desc.length; i++) {
      const [s0, t0] = key(desc[i - 1]);
      const [s1, t1] = key(desc[i]);
      assert.ok(s0 > s1 || (s0 === s1 && (t0 > t1 || (t0 === t1 && desc[i - 1].id < desc[i].id))));
    }
    const cancelled = (await list('status=cancelled&sort=cancelledAt&order=desc&limit=100')).items;
    const stamps = cancelled.map((b: any) => b.cancelledAt ?? null);
    const firstNull = stamps.indexOf(null);
    assert.ok(firstNull > 0, 'the seed has cancellations with and without a time');
    assert.ok(
      stamps.slice(firstNull).every((s: unknown) => s === null),
      'no time: last when newest first',
    );
    const asc = (await list('status=cancelled&sort=cancelledAt&order=asc&limit=100')).items;
    assert.deepEqual(
      asc.map((b: any) => b.id),
      cancelled.map((b: any) => b.id).reverse(),
      'oldest first is the exact reverse',
    );
  });

  it('page numbers still work, over the same order', async () => {
    const all = (await list('sort=start&order=asc&limit=100')).items.map((b: any) => b.id);
    const second = await list('sort=start&order=asc&limit=7&page=2');
    assert.deepEqual(
      second.items.map((b: any) => b.id),
      all.slice(7, 14),
    );
    assert.equal(second.page, 2);
    assert.equal(second.hasMore, true);
    const last = await list(`sort=start&order=asc&limit=7&page=${Math.ceil(N / 7)}`);
    assert.equal(last.hasMore, false);
    assert.equal(last.nextCursor, null);
    const beyond = await list('sort=start&order=asc&limit=7&page=99');
    assert.deepEqual([beyond.items.length, beyond.total], [0, N]);
  });

  it('total: counted on page-number requests unless withTotal=0, on cursor requests only with withTotal=1', async () => {
    const first = await list('limit=10');
    assert.deepEqual(
      [first.total, first.totalIsEstimate, first.totalPages, first.page, first.limit],
      [N, false, Math.ceil(N / 10), 1, 10],
    );
    const uncounted = await list('limit=10&page=2&withTotal=0');
    assert.deepEqual([uncounted.total, uncounted.totalPages, uncounted.totalIsEstimate], [null, null, false]);
    assert.equal(uncounted.items.length, 10);
    const cursor = encodeURIComponent(first.nextCursor);
    const counted = await list(`limit=10&cursor=${cursor}&withTotal=1`);
    assert.deepEqual([counted.total, counted.totalPages], [N, Math.ceil(N / 10)]);
    const filtered = await list('limit=10&status=cancelled');
    assert.equal(filtered.total, Math.floor((N + 1) / 5));
  });

  it('a cursor the list did not give out is a 400 naming cursor', async () => {
    const first = await list('sort=start&order=desc&limit=3');
    const good = first.nextCursor as string;
    const body = JSON.parse(Buffer.from(good, 'base64url').toString('utf8'));
    const forge = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const forged = [
      'not-a-cursor',
      Buffer.from('{"s":"start"').toString('base64url'),
      forge({ ...body, o: 'asc' }), // another order's
      forge({ ...body, k: body.k.slice(1) }),
      forge({ ...body, k: ['2027-02-30T10:00:00.000000Z', body.k[1]] }),
      forge({ ...body, k: ["2027-03-01'; DROP TABLE bookings; --", body.k[1]] }),
      forge({ ...body, k: [body.k[0], 'not-a-uuid'] }),
      forge({ ...body, k: [1, body.k[1]] }),
      forge({ ...body, k: { 0: body.k[0] } }),
    ];
    for (const cursor of forged) {
      const res = await h.call(
        'GET',
        `/api/bookings?sort=start&order=desc&limit=3&cursor=${encodeURIComponent(cursor)}`,
        h.tokens.owner,
      );
      assert.equal(res.status, 400, cursor);
      assert.equal(res.body.errors[0].path, 'cursor');
    }
    // the genuine one under another sort is not that sort's
    const other = await h.call('GET', `/api/bookings?sort=created&limit=3&cursor=${good}`, h.tokens.owner);
    assert.equal(other.status, 400);
    // text keys travel as text: a name with quotes and a NUL is checked, not cast
    const nul = forge({ s: 'customer', o: 'asc', k: ['a\u0000b', body.k[1]] });
    const res = await h.call('GET', `/api/bookings?sort=customer&order=asc&cursor=${nul}`, h.tokens.owner);
    assert.equal(res.status, 400);
    const quoted = forge({ s: 'customer', o: 'asc', k: ["o'brien", body.k[1]] });
    assert.equal(
      (await h.call('GET', `/api/bookings?sort=customer&order=asc&cursor=${quoted}`, h.tokens.owner)).status,
      200,
    );
  });

  it('past 10,000 matches the total is 10,000 with totalIsEstimate', async () => {
    await seed(OTHER, 10_001, 'BIG-');
    const big = await list('limit=25', h.tokens.other);
    assert.deepEqual([big.total, big.totalIsEstimate, big.totalPages], [10_000, true, 400]);
    assert.equal(big.hasMore, true);
    const few = await list('limit=25&status=cancelled', h.tokens.other);
    assert.deepEqual([few.total, few.totalIsEstimate], [2000, false]);
  });

  // Issue 9 (decision 36): a searched page 1 counted every match over the tenant's rows.
  it('a text search counts up to 1,000 matches ("1,000+"), in the statement that reads its page', async () => {
    await seed(OTHER, SEARCH_COUNT_CAP + 1, 'SRCH-');
    const many = await list('q=srch-&limit=25', h.tokens.other);
    assert.deepEqual(
      [many.total, many.totalIsEstimate, many.totalPages, many.items.length, many.hasMore],
      [1_000, true, 40, 25, true],
    );
    // every match still reachable by cursor, whatever the count says
    assert.equal((await list('q=srch-&limit=25&withTotal=0', h.tokens.other)).total, null);

    // SRCH-100, SRCH-1000 and SRCH-1001 among 11,000 rows. Issue 9: the search's page and its
    // number come from one statement with one call of the function, beside the settings read.
    let few: any;
    const statements = await recordTenantStatements(h.t.kit.db, async () => {
      few = await list('q=SRCH-100&limit=25', h.tokens.other);
    });
    assert.deepEqual([few.total, few.totalIsEstimate, few.totalPages, few.items.length], [3, false, 1, 3]);
    // …and that is all the request reads: the venue's settings and the page (sent together).
    assert.equal(statements.length, 2, statements.map((st) => st.sql).join('\n'));
    assert.deepEqual(
      statements.filter((st) => /booking_search_(keys|page|count)|count\(\*\)/i.test(st.sql)).length,
      1,
      'one statement searches and counts: the page',
    );
    // a page past the end still counts (it cannot tell the total), and so does a full page
    const beyond = await list('q=SRCH-100&limit=25&page=3', h.tokens.other);
    assert.deepEqual([beyond.items.length, beyond.total], [0, 3]);
    const lastOfMany = await list('q=srch-1&limit=100&page=2', h.tokens.other);
    // srch-1, srch-10…19, srch-100…199, srch-1000, srch-1001: 113 matches, 13 on page 2
    assert.deepEqual(
      [lastOfMany.items.length, lastOfMany.total, lastOfMany.totalIsEstimate],
      [13, 113, false],
    );
  });
});
