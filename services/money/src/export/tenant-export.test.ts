/**
 * money's tenant export (`GET /internal/tenant-export/:tenantId`): the whole export has every
 * collection of the venue with integer cents, never another venue's rows; paging by key through
 * a collection (small pages) yields exactly the whole export's rows, once each; bad queries are
 * 400 naming the field; the internal secret is required. PGlite and, with TEST_DATABASE_URL,
 * PostgreSQL.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { INTERNAL_AUTH_HEADER } from '@venue/contracts';
import {
  MONEY_EXPORT_COLLECTIONS,
  moneyExportPageSchema,
  moneyExportSchema,
} from '@venue/contracts/money-api';
import { OWNER, OWNER2, quotationForm, startMoney, type Harness } from '../testing/harness.ts';

let h: Harness;
const internal = () => ({ [INTERNAL_AUTH_HEADER]: process.env.INTERNAL_SECRET! });
const exportOf = (tenant: string, query = '') =>
  h.call('GET', `/internal/tenant-export/${tenant}${query}`, undefined, undefined, internal());

const invoiceIds: string[] = [];
let depositBooking = '';

// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('export/tenant-export.test.ts', () => {
  before(async () => {
    h = await startMoney();
    // Three bookings' worth of money in OWNER's venue, one in OWNER2's.
    for (let i = 0; i < 3; i++) {
      const bookingId = await h.booking('booking.created', { totalCents: 110_000 + i * 1000 });
      const r = await h.call('POST', '/api/invoices', OWNER, {
        bookingId,
        invoiceType: 'FINAL',
        issue: true,
      });
      assert.equal(r.status, 201, r.text);
      invoiceIds.push(r.body.id);
    }
    const paid = await h.call('POST', `/api/invoices/${invoiceIds[0]}/payments`, OWNER, {
      amountCents: 50_000,
      paymentMethod: 'Cash',
    });
    assert.equal(paid.status, 201, paid.text);
    const credit = await h.call('POST', `/api/invoices/${invoiceIds[1]}/credit-notes`, OWNER, {
      amount: 10,
      reason: 'Discount',
    });
    assert.equal(credit.status, 201, credit.text);
    depositBooking = await h.booking('booking.status_changed', { totalCents: 200_000, depositCents: 50_000 });
    const dep = await h.call('POST', `/api/deposits/${depositBooking}/mark-paid`, OWNER, {
      paymentMethod: 'Bank Transfer',
    });
    assert.equal(dep.status, 200, dep.text);
    const bondBooking = await h.booking('booking.created');
    const bond = await h.call('POST', '/api/deposits/bonds', OWNER, {
      bookingId: bondBooking,
      amount: 500,
      paymentMethod: 'Cash',
    });
    assert.equal(bond.status, 201, bond.text);
    const q = await h.call(
      'POST',
      '/api/quotations',
      OWNER,
      quotationForm({ totalAmount: 5500, depositType: 'Fixed', depositValue: 1000 }),
    );
    assert.equal(q.status, 201, q.text);
    const theirs = await h.booking('booking.created', { hallOwnerId: OWNER2, customerName: 'Not Yours' });
    const other = await h.call('POST', '/api/invoices', OWNER2, {
      bookingId: theirs,
      invoiceType: 'FINAL',
      issue: true,
    });
    assert.equal(other.status, 201, other.text);
  });
  after(() => h.close());

  describe('money tenant export', () => {
    test('whole: every collection of the venue, cents as numbers, never another venue', async () => {
      const r = await exportOf(OWNER);
      assert.equal(r.status, 200, r.text);
      const e = moneyExportSchema.parse(r.body);
      assert.equal(e.tenantId, OWNER);
      // 3 FINAL, 1 DEPOSIT, plus nothing of OWNER2's.
      assert.equal(e.invoices.length, 4);
      assert.ok(!r.text.includes('Not Yours'), "another venue's invoice is not in the export");
      const first = e.invoices.find((i) => i.id === invoiceIds[0])!;
      assert.equal(first.totalCents, 110_000);
      assert.equal(first.paidCents, 50_000);
      assert.equal(typeof first.gstCents, 'number');
      assert.match(String(first.invoiceNumber), /^INV-\d{4}-\d{5}$/);
      assert.match(String(first.dueDate), /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(e.invoiceLines.length >= 4 && e.invoiceLines.every((l) => typeof l.invoiceId === 'string'));
      assert.ok(e.invoiceLines.some((l) => l.invoiceId === invoiceIds[0] && l.line === 1));
      // The Cash payment and the deposit's bank payment.
      assert.deepEqual(e.payments.map((p) => p.amountCents).sort(), [50_000, 50_000]);
      assert.equal(e.creditNotes.length, 1);
      assert.equal(e.creditNotes[0]!.amountCents, 1000);
      assert.equal(e.deposits.length, 1);
      assert.deepEqual(
        [e.deposits[0]!.bookingId, e.deposits[0]!.depositCents, e.deposits[0]!.depositPaid],
        [depositBooking, 50_000, true],
      );
      assert.equal(e.bonds.length, 1);
      assert.equal(e.bonds[0]!.amountCents, 50_000);
      assert.equal(e.quotations.length, 1);
      assert.equal(e.quotations[0]!.depositCents, 100_000);
    });

    test('paged by key: small pages through each collection give the whole export’s rows, once each', async () => {
      const whole = moneyExportSchema.parse((await exportOf(OWNER)).body);
      for (const c of MONEY_EXPORT_COLLECTIONS) {
        const seen: unknown[] = [];
        let after: string | null = null;
        let pages = 0;
        do {
          const r = await exportOf(OWNER, `?collection=${c}&limit=1${after ? `&after=${after}` : ''}`);
          assert.equal(r.status, 200, r.text);
          const page = moneyExportPageSchema.parse(r.body);
          assert.equal(page.collection, c);
          seen.push(...page.items);
          after = page.next;
          pages += 1;
          assert.ok(pages < 50, 'paging ends');
        } while (after);
        assert.deepEqual(
          seen.map((x) => JSON.stringify(x)).sort(),
          whole[c].map((x) => JSON.stringify(x)).sort(),
          `${c}: paged rows equal the whole export's`,
        );
      }
    });

    test('bad queries are 400 naming the field; an unknown tenant is empty; the secret is required', async () => {
      const bad = await exportOf(OWNER, '?collection=secrets');
      assert.equal(bad.status, 400);
      assert.ok(bad.text.includes('collection'), bad.text);
      const badAfter = await exportOf(OWNER, '?collection=invoices&after=nope');
      assert.equal(badAfter.status, 400);
      assert.ok(badAfter.text.includes('after'), badAfter.text);
      const badLimit = await exportOf(OWNER, '?collection=invoices&limit=100000');
      assert.equal(badLimit.status, 400);
      assert.ok(badLimit.text.includes('limit'), badLimit.text);
      assert.equal((await exportOf('not-a-tenant')).status, 404);
      const none = await h.call('GET', `/internal/tenant-export/${OWNER}`, OWNER);
      assert.ok(none.status === 401 || none.status === 403, String(none.status));
    });
  });
});
