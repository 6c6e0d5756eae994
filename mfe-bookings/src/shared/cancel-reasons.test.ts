import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cancelReasonLabel } from './cancel-reasons.ts';

test('stored reason codes read as words', () => {
  assert.equal(cancelReasonLabel('scheduling_conflict'), 'Scheduling conflict');
  assert.equal(cancelReasonLabel('customer_request'), 'Customer request');
  assert.equal(cancelReasonLabel('capacity'), 'Capacity');
  assert.equal(cancelReasonLabel('hold_expired'), 'Hold expired');
  assert.equal(cancelReasonLabel('Customer moved the party to June'), 'Customer moved the party to June');
  assert.equal(cancelReasonLabel(''), 'Not specified');
  assert.equal(cancelReasonLabel(null), 'Not specified');
});
