/**
 * The money CSV exports from the server (issue 10 item 5): columns and file names, the figures
 * as exact decimals, dates in the venue's format, the formula guard, the screen's filters and
 * selection, permissions and tenancy. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { unstarted, useStarted } from '@venue/service-kit/testing';
import {
  OWNER,
  OWNER2,
  quotationForm,
  SUB_DEPOSITS,
  SUB_INVOICES,
  startMoney,
  type Harness,
} from '../testing/harness.ts';
import { INVOICE_CSV_COLUMNS, QUOTATION_CSV_COLUMNS } from './columns.ts';

const h = unstarted<Harness>();
// A suite of its own: its money starts before this file's tests and stops after them (decision 70).
describe('csv/csv-exports.test.ts', () => {
  useStarted(startMoney, h);

  /** The file's records as cells (every cell is quoted; these fixtures hold no line breaks). */
  function parse(text: string): string[][] {
    return text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replace(/""/g, '"')));
  }

  async function invoice(customerName: string, totalCents: number, as = OWNER, issue = false) {
    const bookingId = await h.booking('booking.created', { customerName, totalCents, hallOwnerId: as }, as);
    const r = await h.call('POST', '/api/invoices', as, { bookingId, invoiceType: 'FINAL', issue });
    assert.equal(r.status, 201, r.text);
    return r.body as { id: string; invoiceNumber: string | null; dueDate: string };
  }

  describe('GET /api/invoices/export.csv', () => {
    let hostile: { id: string };
    let paid: { id: string; invoiceNumber: string | null; dueDate: string };
    before(async () => {
      hostile = await invoice('=HYPERLINK("http://evil.test","Click")', 123_456);
      paid = await invoice('Priya Paid', 55_005, OWNER, true);
      const r = await h.call('PUT', `/api/invoices/${paid.id}/status`, OWNER, {
        status: 'PAID',
        paymentMethod: 'Bank Transfer',
      });
      assert.equal(r.status, 200, r.text);
      await invoice('Other Venue Customer', 99_900, OWNER2);
    });

    test('the spec columns and file name, figures as exact decimals, dates in the venue format', async () => {
      const r = await h.call('GET', '/api/invoices/export.csv', OWNER);
      assert.equal(r.status, 200, r.text);
      assert.match(r.headers.get('content-type') ?? '', /^text\/csv/);
      assert.equal(r.headers.get('content-disposition'), 'attachment; filename="invoices_export.csv"');
      assert.deepEqual([...r.bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], 'a byte-order mark first, for Excel');
      const [header, ...rows] = parse(r.text);
      assert.deepEqual(header, [...INVOICE_CSV_COLUMNS]);
      const row = rows.find((c) => c[2] === 'Priya Paid');
      assert.ok(row, 'the paid invoice is in the file');
      assert.equal(row[0], paid.invoiceNumber);
      assert.equal(row[11], '550.05'); // Total Amount
      assert.equal(row[12], '550.05'); // Paid Amount
      assert.equal(row[13], '0.00'); // Balance Due
      assert.equal(row[14], 'PAID');
      const [y, m, d] = paid.dueDate.split('-');
      assert.equal(row[8], `${d}/${m}/${y}`); // the venue's DD/MM/YYYY
    });

    test('a formula in a customer name comes out as text, with a leading apostrophe', async () => {
      const rows = parse((await h.call('GET', '/api/invoices/export.csv', OWNER)).text);
      const row = rows.find((c) => c[2]?.includes('HYPERLINK'));
      assert.ok(row);
      assert.equal(row[2], `'=HYPERLINK("http://evil.test","Click")`);
      assert.equal(row[11], '1234.56');
      assert.equal(row[7], '—'); // a draft has no issue date
    });

    test("another venue's invoices are never in the file", async () => {
      const mine = parse((await h.call('GET', '/api/invoices/export.csv', OWNER)).text);
      assert.ok(!mine.some((c) => c[2] === 'Other Venue Customer'));
      const theirs = parse((await h.call('GET', '/api/invoices/export.csv', OWNER2)).text);
      assert.deepEqual(
        theirs.slice(1).map((c) => c[2]),
        ['Other Venue Customer'],
      );
      // another venue's id in the selection finds nothing
      const r = await h.call('GET', `/api/invoices/export.csv?ids=${hostile.id}`, OWNER2);
      assert.equal(parse(r.text).length, 1);
    });

    test('the screen’s filters, selection and sort are honoured', async () => {
      const names = async (q: string) =>
        parse((await h.call('GET', `/api/invoices/export.csv?${q}`, OWNER)).text)
          .slice(1)
          .map((c) => c[2]);
      assert.deepEqual(await names('status=PAID'), ['Priya Paid']);
      assert.deepEqual(await names('search=priya'), ['Priya Paid']);
      assert.deepEqual(await names(`ids=${hostile.id}`), [`'=HYPERLINK("http://evil.test","Click")`]);
      assert.deepEqual(await names('type=DEPOSIT'), []);
      assert.deepEqual(await names('from=2001-01-01&to=2001-12-31'), []);
      assert.deepEqual(await names('resource=No%20Such%20Room'), []);
      const byTotal = await names('sort=total&order=asc');
      assert.ok(byTotal.indexOf('Priya Paid') < byTotal.findIndex((n) => n?.includes('HYPERLINK')));
    });

    test('dates follow the venue’s settings: its date format, 24-hour clock and time zone', async () => {
      await h.settings(OWNER, { dateFormat: 'YYYY-MM-DD', timeFormat: '24h', timezone: 'Australia/Perth' });
      try {
        const r = await h.call('GET', `/api/invoices/export.csv?ids=${paid.id}`, OWNER);
        const [, row] = parse(r.text);
        const detail = (await h.call('GET', `/api/invoices/${paid.id}`, OWNER)).body as { createdAt: string };
        assert.equal(row?.[8], paid.dueDate);
        // Perth is UTC+8 all year: the instant on the venue's wall clock, 24-hour
        const perth = new Date(Date.parse(detail.createdAt) + 8 * 3_600_000).toISOString();
        assert.equal(row?.[20], `${perth.slice(0, 10)} ${perth.slice(11, 16)}`);
      } finally {
        await h.settings(OWNER);
      }
    });

    test('bad filters are a 400 naming the field; the list permission is needed', async () => {
      const bad = await h.call('GET', '/api/invoices/export.csv?status=LOST', OWNER);
      assert.equal(bad.status, 400);
      assert.match(bad.text, /status/i);
      assert.equal((await h.call('GET', '/api/invoices/export.csv?from=tomorrow', OWNER)).status, 400);
      assert.equal((await h.call('GET', '/api/invoices/export.csv?ids=nope', OWNER)).status, 400);
      assert.equal((await h.call('GET', '/api/invoices/export.csv', SUB_INVOICES)).status, 200);
      assert.equal((await h.call('GET', '/api/invoices/export.csv', SUB_DEPOSITS)).status, 403);
    });
  });

  describe('GET /api/quotations/export.csv', () => {
    const form = (over: Record<string, unknown>) =>
      quotationForm({ totalAmount: 5500.05, depositType: 'Fixed', depositValue: 500, ...over });
    before(async () => {
      // a resource of the venue's catalogue (the stand-in's), named as the form may name it
      h.peers.resources.push({
        id: '2a000000-0000-4000-8000-0000000000c3',
        name: 'Garden',
        capacity: 80,
        status: 'active',
        setupBufferMinutes: 0,
        packdownBufferMinutes: 0,
        applyBuffers: true,
      });
      for (const [as, over] of [
        [OWNER, { customerName: '@SUM(A1:A9)', resource: 'Garden' }],
        [OWNER, { customerName: 'Quinn Quiet' }],
        [OWNER2, { customerName: 'Elsewhere Eve' }],
      ] as const) {
        const r = await h.call('POST', '/api/quotations', as, form(over));
        assert.equal(r.status, 201, r.text);
      }
    });

    test('columns, the dated file name, decimals and the formula guard; only this venue', async () => {
      const r = await h.call('GET', '/api/quotations/export.csv', OWNER);
      assert.equal(r.status, 200, r.text);
      assert.match(
        r.headers.get('content-disposition') ?? '',
        /^attachment; filename="quotations-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, ...rows] = parse(r.text);
      assert.deepEqual(header, [...QUOTATION_CSV_COLUMNS]);
      assert.deepEqual(rows.map((c) => c[1]).sort(), ["'@SUM(A1:A9)", 'Quinn Quiet']);
      const quinn = rows.find((c) => c[1] === 'Quinn Quiet')!;
      assert.equal(quinn[9], '5500.05');
      assert.equal(quinn[11], '500.00');
      assert.equal(quinn[12], '5000.05');
    });

    test('search, resource and status as the screen applies them', async () => {
      const names = async (q: string) =>
        parse((await h.call('GET', `/api/quotations/export.csv?${q}`, OWNER)).text)
          .slice(1)
          .map((c) => c[1]);
      assert.deepEqual(await names('search=quinn'), ['Quinn Quiet']);
      assert.deepEqual(await names('resource=Garden'), ["'@SUM(A1:A9)"]);
      assert.deepEqual(await names('status=Accepted'), []);
      assert.equal((await h.call('GET', '/api/quotations/export.csv?status=Lost', OWNER)).status, 400);
      assert.equal((await h.call('GET', '/api/quotations/export.csv', SUB_INVOICES)).status, 403);
    });
  });
});
