import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyResource, hoursLabel, hoursSummary, validateResource } from './resourceForm.ts';
import { filterHalls, nextSort, NO_FILTERS } from './filterHalls.ts';
import type { Resource } from '../api/types.ts';

test('a new resource starts with the §9 defaults', () => {
  const r = emptyResource();
  assert.deepEqual(r.hours.mon, { open: '08:00', close: '18:00', closed: false });
  assert.deepEqual(r.hours.sat, { open: '09:00', close: '17:00', closed: false });
  assert.deepEqual(r.hours.sun, { open: '10:00', close: '16:00', closed: false });
  assert.equal(r.setupBufferMinutes, 15);
  assert.equal(r.packdownBufferMinutes, 15);
  assert.equal(r.calendarColour, '#2563EB');
  assert.equal(r.visibility, 'public');
  assert.equal(r.type, 'hall');
  assert.equal(r.applyBuffers, true);
});

test('every form problem is listed at once with the spec texts', () => {
  const r = emptyResource();
  r.capacity = -1;
  r.hours.tue = { open: '18:00', close: '09:00', closed: false };
  r.hours.wed = { open: '18:00', close: '09:00', closed: true }; // closed days are not checked
  r.equipment = [{ name: ' ', quantity: 0 }];
  assert.deepEqual(validateResource(r), [
    'Resource name is required',
    'Capacity must be a whole number ≥ 0',
    'Tuesday closing time must be after opening time',
    'Equipment item 1 needs a name',
    'Equipment item 1 quantity must be at least 1',
  ]);
  assert.deepEqual(validateResource({ ...emptyResource(), name: 'Hall A' }), []);
});

test('hours read "Daily" unless a day is closed, and the summary is cut at 60 characters', () => {
  const r = emptyResource();
  assert.equal(hoursLabel(r), 'Daily');
  r.hours.sun.closed = true;
  assert.equal(hoursLabel(r), 'Varies');
  const summary = hoursSummary(r);
  assert.equal(summary.length, 60);
  assert.ok(summary.startsWith('Mon 08:00-18:00, Tue 08:00-18:00'));
  assert.ok(summary.endsWith('...'));
});

const row = (name: string, code: string, capacity: number, extra: Partial<Resource> = {}): Resource => ({
  ...emptyResource(),
  id: code,
  code,
  name,
  capacity,
  icsFeedActive: false,
  lastUpdated: '',
  createdAt: '',
  ...extra,
});

test('the halls table filters by name or code, capacity, type and status, and sorts in a cycle', () => {
  const list = [
    row('Hall B', 'HALL-B', 120),
    row('Hall A', 'HALL-A', 180),
    row('Community Room', 'COMMUNITY-ROOM', 40, { type: 'room' }),
    row('Outdoor Lawn', 'OUTDOOR-LAWN', 300, { type: 'outdoor', status: 'archived' }),
  ];
  const names = (rs: Resource[]) => rs.map((r) => r.name);
  assert.deepEqual(names(filterHalls(list, { ...NO_FILTERS, search: 'hall-' }, null)), ['Hall B', 'Hall A']);
  assert.deepEqual(names(filterHalls(list, { ...NO_FILTERS, minCapacity: 150 }, null)), [
    'Hall A',
    'Outdoor Lawn',
  ]);
  assert.deepEqual(
    names(filterHalls(list, { ...NO_FILTERS, types: ['room', 'outdoor'], statuses: ['active'] }, null)),
    ['Community Room'],
  );

  let sort = nextSort(null, 'capacity');
  assert.deepEqual(names(filterHalls(list, NO_FILTERS, sort)), [
    'Community Room',
    'Hall B',
    'Hall A',
    'Outdoor Lawn',
  ]);
  sort = nextSort(sort, 'capacity');
  assert.deepEqual(names(filterHalls(list, NO_FILTERS, sort)), [
    'Outdoor Lawn',
    'Hall A',
    'Hall B',
    'Community Room',
  ]);
  sort = nextSort(sort, 'capacity');
  assert.equal(sort, null);
  assert.deepEqual(names(filterHalls(list, NO_FILTERS, sort)), names(list));
  assert.deepEqual(nextSort({ key: 'capacity', dir: 'desc' }, 'name'), { key: 'name', dir: 'asc' });
});
