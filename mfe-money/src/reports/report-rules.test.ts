import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { segmentsCaption, toggleSegment } from './segments.ts';
import { nextSort, sortRows, type SortState } from './sorting.ts';
import { changeText, monthLabel, percent } from './report-format.ts';

describe('segments toggles (spec 03 §2.10)', () => {
  test('choosing a specific segment removes All', () => {
    assert.deepEqual(toggleSegment(['all'], 'vip'), ['vip']);
    assert.deepEqual(toggleSegment(['vip'], 'nfp'), ['vip', 'nfp']);
  });
  test('All resets the others', () => {
    assert.deepEqual(toggleSegment(['vip', 'nfp'], 'all'), ['all']);
  });
  test('clearing every specific segment does not bring All back', () => {
    assert.deepEqual(toggleSegment(['vip'], 'vip'), []);
    assert.match(segmentsCaption([]), /No segment chosen/);
  });
  test('All clicked again clears it', () => {
    assert.deepEqual(toggleSegment(['all'], 'all'), []);
  });
});

describe('table sorting cycles ascending, descending, none (spec 03 §4)', () => {
  test('the cycle on one column, and a new column starts ascending', () => {
    let s: SortState<'a' | 'b'> | null = null;
    s = nextSort(s, 'a');
    assert.deepEqual(s, { key: 'a', dir: 'asc' });
    s = nextSort(s, 'a');
    assert.deepEqual(s, { key: 'a', dir: 'desc' });
    assert.deepEqual(nextSort(s, 'b'), { key: 'b', dir: 'asc' });
    assert.equal(nextSort(s, 'a'), null);
  });
  test('none keeps the server’s order', () => {
    const rows = [3, 1, 2];
    assert.deepEqual(
      sortRows(rows, null, (r) => r),
      [3, 1, 2],
    );
    assert.deepEqual(
      sortRows(rows, { key: 'v', dir: 'asc' }, (r) => r),
      [1, 2, 3],
    );
    assert.deepEqual(
      sortRows(rows, { key: 'v', dir: 'desc' }, (r) => r),
      [3, 2, 1],
    );
  });
});

describe('report wording', () => {
  test('months, percents and changes', () => {
    assert.equal(monthLabel('2026-11'), 'Nov 2026');
    assert.equal(monthLabel('2026-06'), 'Jun 2026');
    assert.equal(monthLabel('2026-09'), 'Sep 2026');
    assert.equal(percent(37.25), '37.3%');
    assert.equal(changeText(12.5), '+12.5% vs previous period');
    assert.equal(changeText(-3), '−3% vs previous period');
    assert.equal(changeText(null), 'No previous period to compare');
  });
});
