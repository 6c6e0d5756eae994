import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyBlockout, validateBlockout } from './blockoutForm.ts';

test('a block-out defaults to 09:00–17:00 for Maintenance', () => {
  assert.deepEqual(emptyBlockout(['r1']), {
    resourceIds: ['r1'],
    dateFrom: '',
    dateTo: '',
    timeFrom: '09:00',
    timeTo: '17:00',
    reason: 'Maintenance',
    notes: '',
  });
});

test('the bulk block-out messages of spec 03 §5', () => {
  assert.deepEqual(validateBlockout(emptyBlockout()), [
    'Please select at least one resource',
    'Start date is required',
    'End date is required',
  ]);
  const base = { ...emptyBlockout(['r1']), dateFrom: '2026-03-10', dateTo: '2026-03-09' };
  assert.deepEqual(validateBlockout(base), ['End date must be after start date']);
  assert.deepEqual(validateBlockout({ ...base, dateTo: '2026-03-10' }), []);
  assert.deepEqual(validateBlockout({ ...base, dateTo: '2026-03-10', timeTo: '09:00' }), [
    'End time must be after start time',
  ]);
  // across days the clock times are free: 17:00 on day one to 09:00 on day two is fine
  assert.deepEqual(
    validateBlockout({ ...base, dateTo: '2026-03-11', timeFrom: '17:00', timeTo: '09:00' }),
    [],
  );
});
