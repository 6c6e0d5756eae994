import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockoutSummary, emptyBlockout, validateBlockout } from './blockoutForm.ts';

test('a block-out defaults to 09:00–17:00 for Maintenance, one per day', () => {
  assert.deepEqual(emptyBlockout(['r1']), {
    resourceIds: ['r1'],
    dateFrom: '',
    dateTo: '',
    timeFrom: '09:00',
    timeTo: '17:00',
    reason: 'Maintenance',
    notes: '',
    span: 'daily',
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
  // one per day: each day runs from the start to the end time, so it must come after it
  assert.deepEqual(validateBlockout({ ...base, dateTo: '2026-03-11', timeFrom: '17:00', timeTo: '09:00' }), [
    'End time must be after start time on each day (choose Continuous for a period across midnight)',
  ]);
  // continuous: 17:00 on day one to 09:00 on day two is fine
  assert.deepEqual(
    validateBlockout({
      ...base,
      dateTo: '2026-03-11',
      timeFrom: '17:00',
      timeTo: '09:00',
      span: 'continuous',
    }),
    [],
  );
});

test('the dialog says what saving creates', () => {
  const date = (d: string) => d.split('-').reverse().join('/');
  const time = (t: string) => t;
  const b = { dateFrom: '2026-02-15', dateTo: '2026-02-16', timeFrom: '08:00', timeTo: '12:00' };
  assert.equal(
    blockoutSummary({ ...b, span: 'daily' }, date, time),
    'Creates one block-out per day, 08:00–12:00, on each of the 2 days from 15/02/2026 to 16/02/2026.',
  );
  assert.equal(
    blockoutSummary({ ...b, span: 'continuous' }, date, time),
    'Creates one continuous block-out from 15/02/2026 08:00 to 16/02/2026 12:00.',
  );
  assert.equal(
    blockoutSummary({ ...b, dateTo: '2026-02-15', span: 'daily' }, date, time),
    'Creates one block-out on 15/02/2026, 08:00–12:00.',
  );
  assert.equal(blockoutSummary({ ...b, dateTo: '' }, date, time), null);
  assert.equal(blockoutSummary({ ...b, dateTo: '2026-02-14' }, date, time), null);
});
