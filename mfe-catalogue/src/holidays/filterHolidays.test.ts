import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filterHolidays, nextHolidaySort } from './filterHolidays.ts';
import type { Holiday } from '../api/types.ts';

const h = (name: string, date: string, extra: Partial<Holiday> = {}): Holiday => ({
  id: name,
  name,
  date,
  scope: 'statewide',
  state: 'NSW',
  pricingRule: 'PH-Std',
  surchargePercent: 25,
  blockOut: false,
  restrictedTrading: false,
  notes: '',
  provenance: 'official',
  sourceUrl: '',
  substitutes: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const list = [
  h('Labour Day', '2026-10-05'),
  h('Australia Day', '2026-01-26'),
  h('Christmas Day', '2026-12-25', { restrictedTrading: true, surchargePercent: 0 }),
  h('Town Show', '2026-03-12', { scope: 'local', surchargePercent: 0, blockOut: true }),
];
const names = (rs: Holiday[]) => rs.map((x) => x.name);

test('holidays list in date order until a column is sorted', () => {
  assert.deepEqual(names(filterHolidays(list, { search: '', scopes: [], impacts: [] }, null)), [
    'Australia Day',
    'Town Show',
    'Labour Day',
    'Christmas Day',
  ]);
  const byName = nextHolidaySort(null, 'name');
  assert.deepEqual(names(filterHolidays(list, { search: '', scopes: [], impacts: [] }, byName)), [
    'Australia Day',
    'Christmas Day',
    'Labour Day',
    'Town Show',
  ]);
  assert.deepEqual(nextHolidaySort(nextHolidaySort(byName, 'name'), 'name'), null);
});

test('scope and impact chips narrow the list; impacts match any chosen', () => {
  const f = (
    scopes: Holiday['scope'][],
    impacts: Array<'surcharge' | 'blockout' | 'restricted'>,
    search = '',
  ) => names(filterHolidays(list, { search, scopes, impacts }, null));
  assert.deepEqual(f(['local'], []), ['Town Show']);
  assert.deepEqual(f([], ['surcharge']), ['Australia Day', 'Labour Day']);
  assert.deepEqual(f([], ['blockout', 'restricted']), ['Town Show', 'Christmas Day']);
  assert.deepEqual(f([], [], 'day'), ['Australia Day', 'Labour Day', 'Christmas Day']);
});
