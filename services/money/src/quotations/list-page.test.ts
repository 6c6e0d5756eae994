/**
 * The Quotations list paged on the server (issue 9 item 2, decision 52): a cursor walk gives
 * every quotation once while quotations are added, each sort is the screen's, the filters combine
 * (Expired read from the clock), a venue sees only its own, a bad cursor is a 400 naming
 * `cursor`, and the header's counts are the database's. Both engines.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  quotationMatchesSearch,
  quotationSortValue,
  sortQuotations,
  type Quotation,
  type QuotationSortKey,
} from '@venue/contracts/money-api';
import { OWNER, OWNER2, startMoney, type Harness } from '../testing/harness.ts';
import { listPages } from '../testing/list-pages.ts';

let h: Harness;

/** `n` quotations: Draft, Sent (some past their valid day: Expired), Declined; resources and amounts vary. */
async function seed(tenantId: string, n: number, name: string): Promise<void> {
  await h.t.kit.db.systemTx((tx) =>
    tx.query(
      `INSERT INTO quotations (tenant_id, customer_name, customer_email, customer_phone, event_type, resource,
          resource_name, event_date, start_time, end_time, total_cents, tax_type, tax_rate_bp, deposit_type,
          deposit_cents, valid_until, status, created_at)
       SELECT $1, CASE WHEN g % 5 = 0 THEN 'Priya Patel' ELSE $3 || ' ' || g END, 'q' || g || '@example.com',
              '0400000000', (ARRAY['Wedding', 'Party'])[1 + g % 2], 'r', (ARRAY['Main Hall', 'Hall A', 'Hall B'])[1 + g % 3],
              date '2026-06-01' + (g % 50), '10:00', '12:00', 10000 * (1 + g % 11), 'Inclusive', 1000, 'Fixed',
              1000 * (g % 4), CASE WHEN g % 4 = 1 THEN date '2020-01-01' ELSE date '2099-01-01' + (g % 9) END,
              (ARRAY['Draft', 'Sent', 'Sent', 'Declined'])[1 + g % 4],
              timestamptz '2026-01-01T00:00:00Z' + g * interval '1 hour'
         FROM generate_series(1, $2::int) g`,
      [tenantId, n, name],
    ),
  );
}

// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('quotations/list-page.test.ts', () => {
  before(async () => {
    h = await startMoney();
    await seed(OWNER, 90, 'Customer');
    await seed(OWNER2, 12, 'Other');
  });
  after(() => h.close());

  const { get, walk: walkFrom } = listPages<Quotation>(() => h);
  const walk = (query: string, between?: () => Promise<void>) =>
    walkFrom('/api/quotations?limit=13', query, between);

  const everything = async () =>
    ((await h.call('GET', '/api/quotations/my-quotations', OWNER)).body as { quotations: Quotation[] })
      .quotations;

  describe('GET /api/quotations: one page by key', () => {
    test('a cursor walk gives every quotation once, newest first, while quotations are added', async () => {
      const all = await everything();
      assert.equal(all.length, 90);
      const walked = await walk('', () => seed(OWNER, 1, 'Late'));
      const ids = walked.map((q) => q.id);
      assert.equal(new Set(ids).size, ids.length, 'none twice');
      assert.deepEqual(
        walked.filter((q) => all.some((a) => a.id === q.id)).map((q) => q.id),
        all.map((q) => q.id),
      );
      await h.t.kit.db.systemTx((tx) =>
        tx.query(`DELETE FROM quotations WHERE tenant_id = $1 AND customer_name LIKE 'Late %'`, [OWNER]),
      );
    });

    for (const key of ['id', 'eventDate', 'amount', 'deposit', 'validUntil'] as QuotationSortKey[]) {
      test(`sort ${key}, both ways, is the screen's order on its key`, async () => {
        const all = await everything();
        for (const order of ['asc', 'desc'] as const) {
          const walked = await walk(`sort=${key}&order=${order}`);
          const expected = sortQuotations(all, key, order === 'asc' ? 1 : -1);
          assert.equal(walked.length, all.length);
          // ties (same amount …) are broken by id on the server; the key's order is the screen's
          const value = (q: Quotation) => quotationSortValue(q, key);
          assert.deepEqual(walked.map(value), expected.map(value), `${key} ${order}`);
        }
      });
    }

    test('filters combine: status (Expired from the clock), resource, search; the count follows', async () => {
      const all = await everything();
      const cases: Array<[string, (q: Quotation) => boolean]> = [
        ['status=Expired', (q) => q.status === 'Expired'],
        ['status=Sent', (q) => q.status === 'Sent'],
        ['status=Draft&resource=Hall%20A', (q) => q.status === 'Draft' && q.resourceName === 'Hall A'],
        [
          'search=PATEL&status=Declined',
          (q) => quotationMatchesSearch(q, 'patel') && q.status === 'Declined',
        ],
        [
          'search=wedding&resource=Main%20Hall',
          (q) => quotationMatchesSearch(q, 'wedding') && q.resourceName === 'Main Hall',
        ],
      ];
      for (const [query, keep] of cases) {
        const expected = all.filter(keep).map((q) => q.id);
        assert.ok(expected.length > 0, `${query}: the seed has matches`);
        const walked = await walk(query);
        assert.deepEqual(
          walked.map((q) => q.id),
          expected,
          query,
        );
        assert.equal((await get(`/api/quotations?limit=3&${query}`)).total, expected.length, query);
      }
    });

    test('a venue sees only its own; the summary counts as the screen reads statuses', async () => {
      const theirs = await get('/api/quotations?limit=100', OWNER2);
      assert.equal(theirs.total, 12);
      assert.ok(theirs.items.every((q) => q.hallOwnerId === OWNER2));
      const all = await everything();
      const s = (await h.call('GET', '/api/quotations/summary', OWNER)).body;
      assert.equal(s.total, 90);
      for (const st of ['Draft', 'Sent', 'Accepted', 'Declined', 'Expired'] as const)
        assert.equal(s.counts[st], all.filter((q) => q.status === st).length, st);
      assert.equal(
        s.totalValueCents,
        all.reduce((n, q) => n + q.totalCents, 0),
      );
      assert.deepEqual(s.resources, ['Hall A', 'Hall B', 'Main Hall']);
      const mine = (await h.call('GET', '/api/quotations/my-quotations', OWNER)).body;
      assert.deepEqual(mine.counts, s.counts);
    });

    test('a bad cursor or one of another sort is a 400 naming cursor', async () => {
      const first = await get('/api/quotations?limit=5&sort=amount');
      for (const query of ['cursor=%%%', `cursor=${encodeURIComponent(first.nextCursor!)}`]) {
        const r = await h.call('GET', `/api/quotations?${query}`, OWNER);
        assert.equal(r.status, 400, query);
        assert.ok((r.body.errors as { path: string }[]).some((e) => e.path === 'cursor'));
      }
      const r = await h.call('GET', '/api/quotations?status=Lost', OWNER);
      assert.equal(r.status, 400);
      assert.ok((r.body.errors as { path: string }[]).some((e) => e.path === 'status'));
    });
  });
});
