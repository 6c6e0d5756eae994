import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Deposit, QuotationDeposit } from '@venue/contracts/money-api';
import {
  acceptedDepositMethods,
  nextFilter,
  searchDeposits,
  searchQuotationDeposits,
  summarise,
} from './deposit-filters.ts';

const d = (over: Partial<Deposit>) =>
  ({
    bookingCode: 'BK-1',
    customerName: 'Ada',
    customerEmail: 'ada@x.com',
    resource: 'Main Hall',
    depositCents: 10_000,
    depositPaid: false,
    ...over,
  }) as Deposit;

test('the filter cycles All, Unpaid, Paid and back', () => {
  assert.equal(nextFilter('All'), 'Unpaid');
  assert.equal(nextFilter('Unpaid'), 'Paid');
  assert.equal(nextFilter('Paid'), 'All');
});

test('search, filter and the three cards', () => {
  const list = [
    d({}),
    d({ bookingCode: 'BK-2', customerName: 'Grace', depositPaid: true, depositCents: 25_050 }),
  ];
  assert.equal(searchDeposits(list, 'grace', 'All').length, 1);
  assert.equal(searchDeposits(list, '', 'Unpaid')[0]!.bookingCode, 'BK-1');
  assert.equal(searchDeposits(list, 'main hall', 'Paid')[0]!.bookingCode, 'BK-2');
  assert.deepEqual(summarise(list), {
    total: { cents: 35_050, count: 2 },
    paid: { cents: 25_050, count: 1 },
    unpaid: { cents: 10_000, count: 1 },
  });
});

test('Mark Paid offers the methods the venue accepts', () => {
  assert.deepEqual(acceptedDepositMethods({ bankTransfer: true, cash: false, cheque: true }), [
    'Bank Transfer',
    'Cheque',
  ]);
  assert.deepEqual(acceptedDepositMethods(undefined), ['Bank Transfer', 'Cash']);
});

test('quotations tab: search over the quotation id, customer, e-mail and resource; cards of that tab only', () => {
  const q = (over: Partial<QuotationDeposit>) =>
    ({
      quotationId: '5a000000-0000-4000-8000-00000000000a',
      customerName: 'Ada',
      customerEmail: 'ada@x.com',
      resource: 'Hall A',
      depositCents: 5_000,
      depositPaid: false,
      ...over,
    }) as QuotationDeposit;
  const list = [q({}), q({ quotationId: '5b', customerName: 'Lin', depositPaid: true, depositCents: 7_500 })];
  assert.equal(searchQuotationDeposits(list, '00000000000A', 'All').length, 1);
  assert.equal(searchQuotationDeposits(list, 'hall a', 'Paid')[0]!.customerName, 'Lin');
  assert.equal(searchQuotationDeposits(list, 'lin', 'Unpaid').length, 0);
  assert.deepEqual(summarise(list).paid, { cents: 7_500, count: 1 });
});
