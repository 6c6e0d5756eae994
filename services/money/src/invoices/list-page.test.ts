/**
 * The Invoices & Payments list paged on the server (issue 9 item 2, decision 52): a cursor walk
 * gives every row exactly once while invoices are added, the filters combine, each sort matches
 * the screen's order, a tenant sees only its own, a bad cursor is a 400 naming `cursor`, and the
 * header's figures are the database's sums. Both engines.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LIST_ARRAY_CAP, sortInvoices, type Invoice, type InvoiceSortKey } from '@venue/contracts/money-api';
import { OWNER, OWNER2, startMoney, type Harness } from '../testing/harness.ts';
import { listPages } from '../testing/list-pages.ts';

let h: Harness;

const STATUSES = ['DRAFT', 'SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'VOID'] as const;
const RESOURCES = ['Main Hall', 'Studio', 'Garden'];

/**
 * `n` invoices of `tenantId`: statuses, types, resources, totals, issue and due days vary with
 * the row number; a draft has no number and no issue date.
 */
async function seed(tenantId: string, n: number, prefix: string): Promise<void> {
  await h.t.kit.db.systemTx(async (tx) => {
    await tx.query(
      `INSERT INTO invoices (tenant_id, invoice_number, type, status, booking_code, resource_name, customer_name,
          customer_email, issue_date, due_date, description, line_items, tax_type, tax_rate_bp, subtotal_cents,
          gst_cents, total_cents, full_amount_cents, paid_cents, sent_at, created_at)
       SELECT $1,
              CASE WHEN s = 'DRAFT' THEN NULL ELSE $3 || '-' || lpad(g::text, 5, '0') END,
              (ARRAY['DEPOSIT', 'FINAL'])[1 + g % 2], s, 'BK-' || $3 || g, (ARRAY['Main Hall', 'Studio', 'Garden'])[1 + g % 3],
              CASE WHEN g % 7 = 0 THEN 'Priya Patel' ELSE 'Customer ' || g END, 'c' || g || '@example.com',
              CASE WHEN s = 'DRAFT' THEN NULL ELSE date '2026-01-01' + (g % 40) END,
              date '2026-02-01' + (g % 25), 'Hire', '[]', 'inclusive', 1000,
              1000 * (1 + g % 13) - 100 * (1 + g % 13), 100 * (1 + g % 13), 1000 * (1 + g % 13), 1000 * (1 + g % 13),
              CASE s WHEN 'PAID' THEN 1000 * (1 + g % 13) WHEN 'PARTIAL' THEN 100 ELSE 0 END,
              CASE WHEN s = 'DRAFT' THEN NULL ELSE now() END,
              timestamptz '2026-01-01T00:00:00Z' + g * interval '1 hour'
         FROM generate_series(1, $2::int) g,
              LATERAL (SELECT (ARRAY['DRAFT', 'SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'VOID'])[1 + g % 6] AS s) st`,
      [tenantId, n, prefix],
    );
  });
}

// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('invoices/list-page.test.ts', () => {
  before(async () => {
    h = await startMoney();
    await seed(OWNER, 130, 'INV-A');
    await seed(OWNER2, 40, 'INV-B');
  });
  after(() => h.close());

  const { get, walk: walkFrom } = listPages<Invoice>(() => h);

  /** Every row of the list by following nextCursor from page 1 (`between` runs after each page). */
  const walk = (query: string, between?: () => Promise<void>) =>
    walkFrom('/api/invoices?limit=17', query, between);

  describe('GET /api/invoices: one page by key', () => {
    test('a cursor walk gives every invoice once, in the screen order, while invoices are added', async () => {
      const before = (await h.call('GET', `/api/invoices/hall-owner/${OWNER}`, OWNER)).body as Invoice[];
      assert.equal(before.length, 130);
      let added = 0;
      const walked = await walk('', async () => {
        added += 1;
        // a new draft (above every issued invoice in the default order) and a new issued one
        await h.t.kit.db.systemTx((tx) =>
          tx.query(
            `INSERT INTO invoices (tenant_id, type, status, customer_name, customer_email, due_date, description,
              line_items, tax_type, tax_rate_bp, subtotal_cents, gst_cents, total_cents, full_amount_cents)
           VALUES ($1, 'FINAL', 'DRAFT', 'Late ${added}', 'late@example.com', date '2026-03-01', 'Hire', '[]',
                   'inclusive', 1000, 900, 100, 1000, 1000)`,
            [OWNER],
          ),
        );
      });
      const ids = walked.map((i) => i.id);
      assert.equal(new Set(ids).size, ids.length, 'no invoice twice');
      for (const inv of before) assert.ok(ids.includes(inv.id), `${inv.invoiceNumber ?? inv.id} reached`);
      const original = walked.filter((i) => before.some((b) => b.id === i.id));
      assert.deepEqual(
        original.map((i) => i.id),
        sortInvoices(before, { key: 'issueDate', order: 'desc' }).map((i) => i.id),
        'the screen order (drafts first, then issue date, newest created first)',
      );
      await h.t.kit.db.systemTx((tx) =>
        tx.query(`DELETE FROM invoices WHERE tenant_id = $1 AND customer_name LIKE 'Late %'`, [OWNER]),
      );
    });

    for (const key of ['invoiceNumber', 'dueDate', 'total', 'issueDate'] as InvoiceSortKey[]) {
      test(`sort ${key} descending is the screen's order, page numbers and cursor alike`, async () => {
        const all = (await h.call('GET', `/api/invoices/hall-owner/${OWNER}`, OWNER)).body as Invoice[];
        const expected = sortInvoices(all, { key, order: 'desc' }).map((i) => i.id);
        const walked = await walk(`sort=${key}&order=desc`);
        assert.deepEqual(
          walked.map((i) => i.id),
          expected,
        );
        const byNumber: string[] = [];
        for (let p = 1; p <= 6; p++)
          byNumber.push(
            ...(await get(`/api/invoices?sort=${key}&order=desc&limit=25&page=${p}`)).items.map((i) => i.id),
          );
        assert.deepEqual(byNumber, expected);
      });
    }

    test('ascending is the same list backwards', async () => {
      const down = await walk('sort=total&order=desc');
      const up = await walk('sort=total&order=asc');
      assert.deepEqual(
        up.map((i) => i.id),
        down.map((i) => i.id).reverse(),
      );
    });

    test('page 1 counts; a cursor page does not unless asked; the last page knows its total', async () => {
      const first = await get('/api/invoices?limit=25');
      assert.equal(first.total, 130);
      assert.equal(first.totalPages, 6);
      assert.equal(first.page, 1);
      assert.equal(first.hasMore, true);
      const next = await get(`/api/invoices?limit=25&cursor=${encodeURIComponent(first.nextCursor!)}`);
      assert.equal(next.total, null);
      assert.equal(next.page, null);
      const counted = await get(
        `/api/invoices?limit=25&withTotal=1&cursor=${encodeURIComponent(first.nextCursor!)}`,
      );
      assert.equal(counted.total, 130);
      const last = await get('/api/invoices?limit=25&page=6');
      assert.equal(last.items.length, 5);
      assert.equal(last.hasMore, false);
      assert.equal(last.total, 130);
      const past = await get('/api/invoices?limit=25&page=9');
      assert.deepEqual(past.items, []);
      assert.equal(past.total, 130);
      const uncounted = await get('/api/invoices?limit=25&page=2&withTotal=0');
      assert.equal(uncounted.total, null);
    });

    test('filters combine: status list, type, resource, search and the issue-day range', async () => {
      const all = (await h.call('GET', `/api/invoices/hall-owner/${OWNER}`, OWNER)).body as Invoice[];
      const cases: Array<[string, (i: Invoice) => boolean]> = [
        ['status=PAID,OVERDUE', (i) => i.status === 'PAID' || i.status === 'OVERDUE'],
        ['status=SENT&type=FINAL', (i) => i.status === 'SENT' && i.type === 'FINAL'],
        ['resource=Studio&type=DEPOSIT', (i) => i.resource === 'Studio' && i.type === 'DEPOSIT'],
        ['search=PATEL', (i) => i.customer.name === 'Priya Patel'],
        ['search=patel&status=PAID', (i) => i.customer.name === 'Priya Patel' && i.status === 'PAID'],
        ['search=inv-a-0001', (i) => (i.invoiceNumber ?? '').startsWith('INV-A-0001')],
        ['search=100%25', () => false],
        [
          'from=2026-01-10&to=2026-01-20&resource=Garden',
          (i) =>
            i.issueDate !== null &&
            i.issueDate >= '2026-01-10' &&
            i.issueDate <= '2026-01-20' &&
            i.resource === 'Garden',
        ],
        // drafts by their creation day at the venue (created 2026-01-01 + g hours, Australia/Sydney)
        [
          'status=DRAFT&from=2026-01-04&to=2026-01-04',
          (i) =>
            i.status === 'DRAFT' &&
            i.createdAt >= '2026-01-03T13:00:00' &&
            i.createdAt < '2026-01-04T13:00:00',
        ],
      ];
      for (const [query, keep] of cases) {
        const expected = sortInvoices(all.filter(keep), { key: 'issueDate', order: 'desc' }).map((i) => i.id);
        if (!query.includes('100')) assert.ok(expected.length > 0, `${query}: the seed has matches`);
        const walked = await walk(query);
        assert.deepEqual(
          walked.map((i) => i.id),
          expected,
          query,
        );
        const first = await get(`/api/invoices?limit=5&${query}`);
        assert.equal(first.total, expected.length, `${query}: total`);
      }
    });

    test('a venue sees only its own invoices', async () => {
      const mine = await walk('');
      assert.ok(mine.every((i) => i.hallOwnerId === OWNER));
      const theirs = await get('/api/invoices?limit=100', OWNER2);
      assert.equal(theirs.total, 40);
      assert.ok(theirs.items.every((i) => i.hallOwnerId === OWNER2));
      // OWNER's cursor in OWNER2's hands only moves within OWNER2's list
      const first = await get('/api/invoices?limit=5');
      const other = await get(
        `/api/invoices?limit=100&cursor=${encodeURIComponent(first.nextCursor!)}`,
        OWNER2,
      );
      assert.ok(other.items.every((i) => i.hallOwnerId === OWNER2));
      const summary = (await h.call('GET', '/api/invoices/summary', OWNER2)).body;
      assert.equal(summary.matchingCount, 40);
    });

    test('a bad cursor, a cursor of another sort and bad filters are 400s naming the field', async () => {
      const first = await get('/api/invoices?limit=5&sort=total');
      for (const [query, field] of [
        ['cursor=junk', 'cursor'],
        [`cursor=${encodeURIComponent(first.nextCursor!)}`, 'cursor'],
        [`cursor=${encodeURIComponent(first.nextCursor!)}&sort=total&order=asc`, 'cursor'],
        [
          `cursor=${Buffer.from(JSON.stringify({ s: 'total', o: 'desc', k: ['1', 'x', 'y'] })).toString('base64url')}&sort=total`,
          'cursor',
        ],
        ['status=LOST', 'status'],
        ['sort=customer', 'sort'],
        ['limit=500', 'limit'],
        ['page=0', 'page'],
        ['from=2026-02-30', 'from'],
      ]) {
        const r = await h.call('GET', `/api/invoices?${query}`, OWNER);
        assert.equal(r.status, 400, query);
        assert.ok(
          (r.body.errors as { path: string }[]).some((e) => e.path === field),
          `${query}: ${JSON.stringify(r.body)}`,
        );
      }
    });

    test("the summary is the database's sums; the spec's array is capped", async () => {
      const all = (await h.call('GET', `/api/invoices/hall-owner/${OWNER}`, OWNER)).body as Invoice[];
      const s = (await h.call('GET', '/api/invoices/summary?resource=Studio', OWNER)).body;
      const live = all.filter((i) => i.status !== 'VOID');
      assert.equal(
        s.totalCents,
        live.reduce((n, i) => n + i.totalCents, 0),
      );
      assert.equal(
        s.paidCents,
        live.reduce((n, i) => n + i.paidCents, 0),
      );
      assert.equal(s.overdueCount, all.filter((i) => i.status === 'OVERDUE').length);
      assert.equal(
        s.remindableCount,
        all.filter((i) => ['SENT', 'OVERDUE', 'PARTIAL'].includes(i.status)).length,
      );
      assert.equal(s.matchingCount, all.filter((i) => i.resource === 'Studio').length);
      assert.equal(
        s.matchingPaidCount,
        all.filter((i) => i.resource === 'Studio' && i.status === 'PAID').length,
      );
      assert.deepEqual(s.resources, [...RESOURCES].sort());
      assert.ok(STATUSES.every((st) => all.some((i) => i.status === st)));

      await seed(OWNER2, LIST_ARRAY_CAP + 1 - 40, 'INV-C');
      const capped = (await h.call('GET', `/api/invoices/hall-owner/${OWNER2}`, OWNER2)).body as Invoice[];
      assert.equal(capped.length, LIST_ARRAY_CAP);
      const paged = await get('/api/invoices?limit=5', OWNER2);
      assert.equal(paged.total, LIST_ARRAY_CAP + 1);
    });
  });
});
