import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Invoice } from '@venue/contracts/money-api';
import { NO_FILTERS, can, sortInvoices } from './invoice-filters.ts';
import { rangeDays, venueToday } from '../shared/venue-day.ts';
import { invoicesCsvPath } from './invoice-csv.ts';

function invoice(over: Partial<Invoice>): Invoice {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    invoiceNumber: 'INV-2026-00001',
    type: 'DEPOSIT',
    status: 'SENT',
    customer: { name: 'Ada Lovelace', email: 'ada@example.com', abn: null },
    bookingId: null,
    bookingCode: 'BK-0001',
    resource: 'Main Hall',
    issueDate: '2026-11-20',
    dueDate: '2026-12-20',
    totalCents: 50_000,
    paidCents: 0,
    creditedCents: 0,
    balanceCents: 50_000,
    createdAt: '2026-11-20T01:00:00.000Z',
    ...over,
  } as Invoice;
}

const SYD = 'Australia/Sydney';
// 2026-11-24 10:00 in Sydney (UTC+11).
const NOW = new Date('2026-11-23T23:00:00.000Z');

describe('venue days', () => {
  test('today is the venue’s day, not the browser’s', () => {
    assert.equal(venueToday(SYD, NOW), '2026-11-24');
    assert.equal(venueToday('UTC', NOW), '2026-11-23');
  });
  test('ranges: week from Monday, month, quarter', () => {
    assert.deepEqual(rangeDays('Today', '2026-11-24'), { from: '2026-11-24', to: '2026-11-24' });
    assert.deepEqual(rangeDays('This Week', '2026-11-24'), { from: '2026-11-23', to: '2026-11-29' });
    assert.deepEqual(rangeDays('This Week', '2026-11-29'), { from: '2026-11-23', to: '2026-11-29' });
    assert.deepEqual(rangeDays('This Month', '2026-02-10'), { from: '2026-02-01', to: '2026-02-28' });
    assert.deepEqual(rangeDays('This Quarter', '2026-11-24'), { from: '2026-10-01', to: '2026-12-31' });
  });
});

describe('invoice filters', () => {
  const a = invoice({
    id: 'a',
    invoiceNumber: 'INV-2026-00001',
    issueDate: '2026-11-24',
    resource: 'Main Hall',
  });
  const b = invoice({
    id: 'b',
    invoiceNumber: 'INV-2026-00002',
    issueDate: '2026-10-02',
    resource: 'Hall B',
    customer: { name: 'Grace Hopper', email: 'grace@navy.mil', abn: '51824753556' },
    status: 'OVERDUE',
    totalCents: 120_000,
  });
  // A draft has no issue date: it counts on the venue day it was created.
  const draft = invoice({
    id: 'c',
    invoiceNumber: null,
    issueDate: null,
    status: 'DRAFT',
    createdAt: '2026-11-23T20:00:00.000Z',
    resource: null,
  });
  const all = [a, b, draft];

  test('sorting by issue date (default descending), number and total', () => {
    assert.deepEqual(
      sortInvoices(all, { key: 'issueDate', order: 'desc' }).map((i) => i.id),
      ['c', 'a', 'b'],
    );
    assert.deepEqual(sortInvoices(all, { key: 'total', order: 'desc' }).map((i) => i.id)[0], 'b');
    assert.deepEqual(
      sortInvoices([b, a], { key: 'invoiceNumber', order: 'asc' }).map((i) => i.id),
      ['a', 'b'],
    );
  });

  test('row menu eligibility follows the spec and the service', () => {
    assert.equal(can.void(invoice({ status: 'SENT', paidCents: 0 })), true);
    assert.equal(can.void(invoice({ status: 'SENT', paidCents: 100 })), false);
    assert.equal(can.refund(invoice({ status: 'PAID' })), true);
    assert.equal(can.refund(invoice({ status: 'SENT' })), false);
    assert.equal(can.markPaid(invoice({ status: 'PAID' })), false);
    assert.equal(can.recordPayment(invoice({ status: 'DRAFT' })), false);
    // an issued invoice can always be sent again, as a copy (issue 24 item 14); a void one cannot
    for (const status of ['DRAFT', 'SENT', 'PARTIAL', 'PAID', 'OVERDUE', 'REFUNDED'] as const)
      assert.equal(can.send(invoice({ status })), true, status);
    assert.equal(can.send(invoice({ status: 'VOID' })), false);
    assert.equal(can.sendsCopy(invoice({ status: 'PAID' })), true);
    assert.equal(can.sendsCopy(invoice({ status: 'DRAFT' })), false);
  });
});

describe('invoice CSV export call (the service writes the file)', () => {
  const sort = { key: 'total', order: 'asc' } as const;
  const now = new Date('2026-11-24T01:00:00Z');

  test('the list sends the screen’s filters, the venue’s date range and the sort', () => {
    const path = invoicesCsvPath(
      {
        kind: 'list',
        tab: 'invoices',
        filters: {
          search: ' ada ',
          range: 'This Month',
          resource: 'Main Hall',
          statuses: ['SENT', 'OVERDUE'],
          types: [],
        },
        sort,
      },
      'Australia/Sydney',
      now,
    );
    const [base, query] = path.split('?');
    assert.equal(base, '/api/invoices/export.csv');
    assert.deepEqual(Object.fromEntries(new URLSearchParams(query)), {
      search: 'ada',
      from: '2026-11-01',
      to: '2026-11-30',
      resource: 'Main Hall',
      status: 'SENT,OVERDUE',
      sort: 'total',
      order: 'asc',
    });
  });

  test('the Paid tab asks for paid invoices; a selection sends its ids only', () => {
    const paid = invoicesCsvPath(
      { kind: 'list', tab: 'paid', filters: NO_FILTERS, sort },
      'Australia/Sydney',
      now,
    );
    assert.equal(new URLSearchParams(paid.split('?')[1]).get('status'), 'PAID');
    const chosen = invoicesCsvPath({ kind: 'selected', ids: ['a1', 'b2'], sort }, 'Australia/Sydney', now);
    assert.equal(chosen, '/api/invoices/export.csv?ids=a1%2Cb2&sort=total&order=asc');
  });
});
