import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptedDepositMethods, nextFilter } from './deposit-filters.ts';

test('the filter cycles All, Unpaid, Paid and back', () => {
  assert.equal(nextFilter('All'), 'Unpaid');
  assert.equal(nextFilter('Unpaid'), 'Paid');
  assert.equal(nextFilter('Paid'), 'All');
});

test('Mark Paid offers the methods the venue accepts', () => {
  assert.deepEqual(acceptedDepositMethods({ bankTransfer: true, cash: false, cheque: true }), [
    'Bank Transfer',
    'Cheque',
  ]);
  assert.deepEqual(acceptedDepositMethods(undefined), ['Bank Transfer', 'Cash']);
});
