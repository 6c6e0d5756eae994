import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_SERIES_OCCURRENCES, seriesDates } from './recurrence.ts';

test('weekly and fortnightly step 7 and 14 calendar days, across month and year ends', () => {
  assert.deepEqual(seriesDates('2026-12-22', { frequency: 'weekly', count: 3 }).dates, [
    '2026-12-22',
    '2026-12-29',
    '2027-01-05',
  ]);
  assert.deepEqual(seriesDates('2027-02-15', { frequency: 'fortnightly', until: '2027-03-29' }).dates, [
    '2027-02-15',
    '2027-03-01',
    '2027-03-15',
    '2027-03-29',
  ]);
});

test('monthly keeps the day of the month and skips months without it', () => {
  const s = seriesDates('2027-01-31', { frequency: 'monthly', count: 4 });
  assert.deepEqual(s.dates, ['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31']);
  assert.deepEqual(s.skipped, ['2027-02', '2027-04', '2027-06']);
  const until = seriesDates('2027-01-31', { frequency: 'monthly', until: '2027-04-30' });
  assert.deepEqual(
    [until.dates, until.skipped],
    [
      ['2027-01-31', '2027-03-31'],
      ['2027-02', '2027-04'],
    ],
  );
  // 29 February only in a leap year
  assert.deepEqual(seriesDates('2027-12-29', { frequency: 'monthly', count: 3 }).dates, [
    '2027-12-29',
    '2028-01-29',
    '2028-02-29',
  ]);
});

test('at most 52 dates: an end date further out says so', () => {
  const far = seriesDates('2027-01-04', { frequency: 'weekly', until: '2028-06-01' });
  assert.equal(far.dates.length, MAX_SERIES_OCCURRENCES);
  assert.equal(far.tooMany, true);
  const year = seriesDates('2027-01-04', { frequency: 'weekly', count: 52 });
  assert.equal(year.tooMany, false);
  assert.equal(year.dates.at(-1), '2027-12-27');
  assert.equal(seriesDates('2027-01-31', { frequency: 'monthly', count: 52 }).dates.length, 52);
});
