import { test } from 'node:test';
import assert from 'node:assert/strict';
import { previewConfirm, sanitiseDepositInput } from './deposit.ts';

test('a 25 % deposit on $400 incl. 10 % GST is $100, leaving $300', () => {
  assert.deepEqual(previewConfirm(40000, 'inclusive', 10, 'Percentage', '25'), {
    totalCents: 40000,
    gstCents: 3636,
    depositCents: 10000,
    finalDueCents: 30000,
  });
});

test('exclusive tax adds GST to the base before the deposit is taken', () => {
  const p = previewConfirm(40000, 'exclusive', 10, 'Percentage', '50');
  assert.equal(p.totalCents, 44000);
  assert.equal(p.gstCents, 4000);
  assert.equal(p.depositCents, 22000);
  assert.equal(p.finalDueCents, 22000);
});

test('a percentage is clamped to 0–100 and a fixed deposit to cents and the total', () => {
  assert.equal(previewConfirm(40000, 'inclusive', 10, 'Percentage', '150').depositCents, 40000);
  assert.equal(previewConfirm(40000, 'inclusive', 10, 'Fixed', '12.345').depositCents, 1235);
  assert.equal(previewConfirm(40000, 'inclusive', 10, 'Fixed', '900').depositCents, 40000);
  assert.equal(previewConfirm(40000, 'inclusive', 10, 'Fixed', '900').finalDueCents, 0);
});

test('an empty, non-numeric or non-positive value means no deposit', () => {
  for (const v of ['', '.', '0', 'abc']) {
    assert.equal(previewConfirm(40000, 'inclusive', 10, 'Fixed', v).depositCents, 0, v);
  }
  assert.equal(previewConfirm(40000, 'inclusive', 10, 'None', '50').depositCents, 0);
});

test('the deposit input keeps only digits and a period', () => {
  assert.equal(sanitiseDepositInput('$1,250.5a'), '1250.5');
});
