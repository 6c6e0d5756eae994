/**
 * Payments and bonds paged by key (issue 9 item 2, decision 52): a cursor walk gives every row
 * once, newest first, while rows are added; page numbers agree; a venue sees only its own; a bad
 * cursor is a 400 naming `cursor`; the spec's arrays hold at most LIST_ARRAY_CAP. Both engines.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LIST_ARRAY_CAP } from '@venue/contracts/money-api';
import { OWNER, OWNER2, startMoney, type Harness } from '../testing/harness.ts';
import { listPages } from '../testing/list-pages.ts';

let h: Harness;

/** `n` invoices of `tenantId`, each with one payment and a bond on a booking of its own. */
async function seed(tenantId: string, n: number, prefix: string): Promise<void> {
  await h.t.kit.db.systemTx(async (tx) => {
    await tx.query(
      `INSERT INTO invoices (tenant_id, invoice_number, type, status, booking_id, customer_name, customer_email,
          issue_date, due_date, description, line_items, tax_type, tax_rate_bp, subtotal_cents, gst_cents,
          total_cents, full_amount_cents, paid_cents, sent_at)
       SELECT $1, $3 || '-' || g, 'FINAL', 'PARTIAL', gen_random_uuid(), 'C ' || g, 'c@example.com', date '2026-01-01',
              date '2026-02-01', 'Hire', '[]', 'inclusive', 1000, 9000, 1000, 10000, 10000, 100, now()
         FROM generate_series(1, $2::int) g`,
      [tenantId, n, prefix],
    );
    await tx.query(
      `INSERT INTO payments (tenant_id, invoice_id, kind, payment_method, amount_cents, receipt_number, processed_at)
       SELECT i.tenant_id, i.id, 'payment', 'Cash', 100, 'R-' || i.invoice_number,
              timestamptz '2026-01-01T00:00:00Z' + split_part(i.invoice_number, '-', 2)::int * interval '1 minute'
         FROM invoices i WHERE i.tenant_id = $1 AND i.invoice_number LIKE $2 || '-%'`,
      [tenantId, prefix],
    );
    await tx.query(
      `INSERT INTO bonds (tenant_id, booking_id, amount_cents, payment_method, created_at)
       SELECT i.tenant_id, i.booking_id, 50000, 'Cash',
              timestamptz '2026-01-01T00:00:00Z' + split_part(i.invoice_number, '-', 2)::int * interval '1 minute'
         FROM invoices i WHERE i.tenant_id = $1 AND i.invoice_number LIKE $2 || '-%'`,
      [tenantId, prefix],
    );
  });
}

// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('payments/list-page.test.ts', () => {
  before(async () => {
    h = await startMoney();
    await seed(OWNER, 45, 'A');
    await seed(OWNER2, 8, 'B');
  });
  after(() => h.close());

  interface Row {
    id: string;
    hallOwnerId?: string;
  }
  const { get } = listPages<Row>(() => h);

  for (const [name, paged, array] of [
    ['payments', '/api/payments', `/api/payments/hall-owner/${OWNER}`],
    ['bonds', '/api/deposits/bonds', `/api/deposits/bonds/hall-owner/${OWNER}`],
  ] as const) {
    describe(`GET ${paged}`, () => {
      test(`every ${name.slice(0, -1)} once, newest first, while more arrive; page numbers agree`, async () => {
        const all = (await h.call('GET', array, OWNER)).body as Row[];
        assert.ok(all.length >= 45);
        const seen: Row[] = [];
        let page = await get(`${paged}?limit=10`);
        assert.equal(page.total, all.length);
        seen.push(...page.items);
        let added = 0;
        while (page.nextCursor) {
          await seed(OWNER, 1, `late${name}${++added}`);
          page = await get(`${paged}?limit=10&cursor=${encodeURIComponent(page.nextCursor)}`);
          seen.push(...page.items);
        }
        const ids = seen.map((r) => r.id);
        assert.equal(new Set(ids).size, ids.length, 'none twice');
        assert.deepEqual(
          ids.filter((id) => all.some((r) => r.id === id)),
          all.map((r) => r.id),
        );
        const byNumber: string[] = [];
        for (let p = 1; p <= 5; p++)
          byNumber.push(...(await get(`${paged}?limit=10&page=${p}`)).items.map((r) => r.id));
        const now = ((await h.call('GET', array, OWNER)).body as Row[]).map((r) => r.id);
        assert.deepEqual(byNumber, now.slice(0, 50));
      });

      test('a venue sees only its own; a bad cursor is a 400 naming cursor', async () => {
        const theirs = await get(`${paged}?limit=100`, OWNER2);
        assert.equal(theirs.total, 8);
        const mine = new Set(((await h.call('GET', array, OWNER)).body as Row[]).map((r) => r.id));
        assert.ok(theirs.items.every((r) => !mine.has(r.id)));
        const r = await h.call('GET', `${paged}?cursor=abc`, OWNER);
        assert.equal(r.status, 400);
        assert.ok((r.body.errors as { path: string }[]).some((e) => e.path === 'cursor'));
      });
    });
  }

  test(`the spec's arrays hold the newest ${LIST_ARRAY_CAP} only`, async () => {
    await seed(OWNER2, LIST_ARRAY_CAP - 7, 'C');
    for (const path of [`/api/payments/hall-owner/${OWNER2}`, `/api/deposits/bonds/hall-owner/${OWNER2}`]) {
      const rows = (await h.call('GET', path, OWNER2)).body as Row[];
      assert.equal(rows.length, LIST_ARRAY_CAP, path);
    }
    assert.equal((await get('/api/payments?limit=1', OWNER2)).total, LIST_ARRAY_CAP + 1);
  });
});
