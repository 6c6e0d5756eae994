/**
 * The Deposits tabs paged on the server (issue 9 item 2, decision 52): each tab's cursor walk
 * gives every row once while rows are added, search and Paid/Unpaid combine, a venue sees only
 * its own, a bad cursor is a 400 naming `cursor`, and the cards are the database's sums. Both engines.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Deposit, QuotationDeposit } from '@venue/contracts/money-api';
import { OWNER, OWNER2, startMoney, type Harness } from '../testing/harness.ts';
import { listPages } from '../testing/list-pages.ts';

let h: Harness;

/** `n` booking copies (every third not confirmed), each confirmed one's DEPOSIT invoice paid when g % 4 = 0. */
async function seedBookings(tenantId: string, n: number, name: string): Promise<void> {
  await h.t.kit.db.systemTx(async (tx) => {
    await tx.query(
      `INSERT INTO booking_copy (tenant_id, booking_id, booking_code, status, customer_name, customer_email, event_type,
          booking_date, start_time, end_time, resource_name, booking_source, tax_type, tax_rate_bp, total_cents,
          deposit_cents, price_cents, booking_updated_at)
       SELECT $1, gen_random_uuid(), $3 || '-' || g, CASE WHEN g % 3 = 0 THEN 'pending' ELSE 'confirmed' END,
              CASE WHEN g % 5 = 0 THEN 'Priya Patel' ELSE 'Customer ' || g END, 'b' || g || '@example.com', 'Party',
              date '2026-03-01' + (g % 20), '10:00', '12:00', (ARRAY['Main Hall', 'Studio'])[1 + g % 2], 'admin',
              'inclusive', 1000, 100000 + g, 10000 + g, 100000 + g, now()
         FROM generate_series(1, $2::int) g`,
      [tenantId, n, name],
    );
    await tx.query(
      `INSERT INTO invoices (tenant_id, invoice_number, type, status, booking_id, booking_code, customer_name,
          customer_email, issue_date, due_date, description, line_items, tax_type, tax_rate_bp, subtotal_cents,
          gst_cents, total_cents, full_amount_cents, paid_cents)
       SELECT b.tenant_id, 'D-' || b.booking_code, 'DEPOSIT', 'PAID', b.booking_id, b.booking_code, b.customer_name,
              b.customer_email, date '2026-01-01', date '2026-01-08', 'Deposit', '[]', 'inclusive', 1000,
              b.deposit_cents - 1000, 1000, b.deposit_cents, b.deposit_cents, b.deposit_cents
         FROM booking_copy b
        WHERE b.tenant_id = $1 AND b.booking_code LIKE $2 || '-%' AND split_part(b.booking_code, '-', 2)::int % 4 = 0`,
      [tenantId, name],
    );
  });
}

/** `n` quotations, a deposit on all but every fifth; the deposit flag set when g % 3 = 0. */
async function seedQuotations(tenantId: string, n: number, name: string): Promise<void> {
  await h.t.kit.db.systemTx((tx) =>
    tx.query(
      `INSERT INTO quotations (tenant_id, customer_name, customer_email, customer_phone, event_type, resource,
          resource_name, event_date, start_time, end_time, total_cents, tax_type, tax_rate_bp, deposit_type,
          deposit_cents, deposit_paid, valid_until, status, created_at)
       SELECT $1, $3 || ' ' || g, 'q' || g || '@example.com', '0400000000', 'Wedding', 'r', 'Main Hall',
              date '2026-06-01', '10:00', '12:00', 100000, 'Inclusive', 1000, 'Fixed',
              CASE WHEN g % 5 = 0 THEN 0 ELSE 1000 * g END, g % 3 = 0, date '2099-01-01',
              (ARRAY['Draft', 'Sent'])[1 + g % 2], timestamptz '2026-01-01T00:00:00Z' + g * interval '1 hour'
         FROM generate_series(1, $2::int) g`,
      [tenantId, n, name],
    ),
  );
}

// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('deposits/list-page.test.ts', () => {
  before(async () => {
    h = await startMoney();
    await seedBookings(OWNER, 60, 'HH');
    await seedBookings(OWNER2, 9, 'XX');
    await seedQuotations(OWNER, 50, 'Quote');
    await seedQuotations(OWNER2, 5, 'Other');
  });
  after(() => h.close());

  const bookingTab = listPages<Deposit>(() => h);
  const quotationTab = listPages<QuotationDeposit>(() => h);

  describe('GET /api/deposits: the booking tab by key', () => {
    test('every confirmed booking once, latest event first, while bookings arrive', async () => {
      const all = (await h.call('GET', `/api/deposits/hall-owner/${OWNER}`, OWNER)).body as Deposit[];
      assert.equal(all.length, 40);
      let n = 0;
      const walked = await bookingTab.walk('/api/deposits?limit=7', '', () =>
        seedBookings(OWNER, 1, `LATE${++n}`),
      );
      const ids = walked.map((d) => d.bookingId);
      assert.equal(new Set(ids).size, ids.length, 'none twice');
      assert.deepEqual(
        walked.filter((d) => all.some((a) => a.bookingId === d.bookingId)).map((d) => d.bookingId),
        all.map((d) => d.bookingId),
      );
      await h.t.kit.db.systemTx((tx) =>
        tx.query(`DELETE FROM booking_copy WHERE tenant_id = $1 AND booking_code LIKE 'LATE%'`, [OWNER]),
      );
    });

    test('search and Paid/Unpaid combine; the count follows; the cards are the sums', async () => {
      const all = (await h.call('GET', `/api/deposits/hall-owner/${OWNER}`, OWNER)).body as Deposit[];
      const cases: Array<[string, (d: Deposit) => boolean]> = [
        ['paid=Paid', (d) => d.depositPaid],
        ['paid=Unpaid', (d) => !d.depositPaid],
        ['paid=Unpaid&search=PATEL', (d) => !d.depositPaid && d.customerName === 'Priya Patel'],
        ['search=main%20hall&paid=Paid', (d) => d.depositPaid && d.resource === 'Main Hall'],
        ['search=hh-1', (d) => d.bookingCode.toLowerCase().includes('hh-1')],
      ];
      for (const [query, keep] of cases) {
        const expected = all.filter(keep).map((d) => d.bookingId);
        assert.ok(expected.length > 0, `${query}: the seed has matches`);
        const walked = await bookingTab.walk('/api/deposits?limit=7', query);
        assert.deepEqual(
          walked.map((d) => d.bookingId),
          expected,
          query,
        );
        assert.equal((await bookingTab.get(`/api/deposits?limit=2&${query}`)).total, expected.length, query);
      }
      const s = (await h.call('GET', '/api/deposits/summary', OWNER)).body;
      const tally = (list: Deposit[]) => ({
        cents: list.reduce((n, d) => n + d.depositCents, 0),
        count: list.length,
      });
      assert.deepEqual(s, {
        total: tally(all),
        paid: tally(all.filter((d) => d.depositPaid)),
        unpaid: tally(all.filter((d) => !d.depositPaid)),
      });
    });

    test('a venue sees only its own; a bad cursor is a 400 naming cursor', async () => {
      const theirs = await bookingTab.walk('/api/deposits?limit=7', '');
      assert.ok(theirs.every((d) => d.hallOwnerId === OWNER));
      const other = await bookingTab.get('/api/deposits?limit=50', OWNER2);
      assert.equal(other.total, 6);
      assert.ok(other.items.every((d) => d.hallOwnerId === OWNER2));
      for (const query of ['cursor=nope', 'paid=Maybe']) {
        const r = await h.call('GET', `/api/deposits?${query}`, OWNER);
        assert.equal(r.status, 400, query);
        assert.ok(
          (r.body.errors as { path: string }[]).some((e) => query.startsWith(e.path)),
          query,
        );
      }
    });
  });

  describe('GET /api/deposits/quotations/page: the quotation tab by key', () => {
    test('every quotation with a deposit once, newest first, while quotations arrive', async () => {
      const all = (await h.call('GET', '/api/deposits/quotations', OWNER)).body as QuotationDeposit[];
      assert.equal(all.length, 40);
      let n = 0;
      const walked = await quotationTab.walk('/api/deposits/quotations/page?limit=7', '', () =>
        seedQuotations(OWNER, 1, `Late${++n}`),
      );
      const ids = walked.map((d) => d.quotationId);
      assert.equal(new Set(ids).size, ids.length, 'none twice');
      assert.deepEqual(
        walked.filter((d) => all.some((a) => a.quotationId === d.quotationId)).map((d) => d.quotationId),
        all.map((d) => d.quotationId),
      );
      await h.t.kit.db.systemTx((tx) =>
        tx.query(`DELETE FROM quotations WHERE tenant_id = $1 AND customer_name LIKE 'Late%'`, [OWNER]),
      );
    });

    test('search and Paid/Unpaid combine; the cards are the sums; a venue sees only its own', async () => {
      const all = (await h.call('GET', '/api/deposits/quotations', OWNER)).body as QuotationDeposit[];
      const cases: Array<[string, (d: QuotationDeposit) => boolean]> = [
        ['paid=Paid', (d) => d.depositPaid],
        ['paid=Unpaid', (d) => !d.depositPaid],
        ['paid=Unpaid&search=quote%201', (d) => !d.depositPaid && d.customerName.startsWith('Quote 1')],
        [
          `search=${all[3]!.quotationId.slice(0, 8)}`,
          (d) => d.quotationId.startsWith(all[3]!.quotationId.slice(0, 8)),
        ],
      ];
      for (const [query, keep] of cases) {
        const expected = all.filter(keep).map((d) => d.quotationId);
        assert.ok(expected.length > 0, `${query}: the seed has matches`);
        const walked = await quotationTab.walk('/api/deposits/quotations/page?limit=7', query);
        assert.deepEqual(
          walked.map((d) => d.quotationId),
          expected,
          query,
        );
      }
      const s = (await h.call('GET', '/api/deposits/quotations/summary', OWNER)).body;
      const tally = (list: QuotationDeposit[]) => ({
        cents: list.reduce((n, d) => n + d.depositCents, 0),
        count: list.length,
      });
      assert.deepEqual(s, {
        total: tally(all),
        paid: tally(all.filter((d) => d.depositPaid)),
        unpaid: tally(all.filter((d) => !d.depositPaid)),
      });
      const other = await quotationTab.get('/api/deposits/quotations/page?limit=50', OWNER2);
      assert.equal(other.total, 4);
      assert.ok(other.items.every((d) => d.hallOwnerId === OWNER2));
      const r = await h.call('GET', '/api/deposits/quotations/page?cursor=e30', OWNER);
      assert.equal(r.status, 400);
      assert.ok((r.body.errors as { path: string }[]).some((e) => e.path === 'cursor'));
    });
  });
});
