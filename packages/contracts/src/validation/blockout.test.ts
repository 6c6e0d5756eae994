import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockoutFormProblems, blockoutPeriodProblem } from './blockout.ts';

const period = { dateFrom: '2026-03-10', dateTo: '2026-03-10', timeFrom: '09:00', timeTo: '17:00' };

test('spec 03 §5 bulk block-out: every broken rule, in order', () => {
  const rows: [Partial<typeof period> & { resourceIds?: string[] }, string[]][] = [
    [
      { resourceIds: [], dateFrom: '', dateTo: '' },
      ['Please select at least one resource', 'Start date is required', 'End date is required'],
    ],
    [{ dateFrom: '' }, ['Start date is required']],
    [{ dateTo: '' }, ['End date is required']],
    [{ dateTo: '2026-03-09' }, ['End date must be after start date']],
    [{ timeTo: '09:00' }, ['End time must be after start time']],
    [{ timeTo: '08:00' }, ['End time must be after start time']],
    [{}, []],
    // across days the clock times are free
    [{ dateTo: '2026-03-11', timeFrom: '17:00', timeTo: '09:00' }, []],
  ];
  for (const [change, messages] of rows) {
    const b = { resourceIds: ['r1'], ...period, ...change };
    assert.deepEqual(
      blockoutFormProblems(b).map((p) => p.message),
      messages,
      JSON.stringify(change),
    );
  }
});

test('the period rule names the field it belongs to', () => {
  assert.deepEqual(blockoutPeriodProblem({ ...period, dateTo: '2026-03-01' }), {
    path: 'dateTo',
    message: 'End date must be after start date',
  });
  assert.deepEqual(blockoutPeriodProblem({ ...period, timeTo: '09:00' }), {
    path: 'timeTo',
    message: 'End time must be after start time',
  });
  assert.equal(blockoutPeriodProblem(period), null);
});

test('laid out per day, each day needs its end after its start, and at most a year of days', () => {
  const days = { ...period, dateTo: '2026-03-11', span: 'daily' as const };
  assert.equal(blockoutPeriodProblem(days), null);
  assert.deepEqual(blockoutPeriodProblem({ ...days, timeFrom: '17:00', timeTo: '09:00' })?.path, 'timeTo');
  // continuous: the clock times across days are free, as before
  assert.equal(
    blockoutPeriodProblem({ ...days, span: 'continuous', timeFrom: '17:00', timeTo: '09:00' }),
    null,
  );
  assert.deepEqual(blockoutPeriodProblem({ ...days, dateTo: '2027-03-11' })?.path, 'dateTo');
  assert.equal(blockoutPeriodProblem({ ...days, dateTo: '2027-03-10' }), null);
});
