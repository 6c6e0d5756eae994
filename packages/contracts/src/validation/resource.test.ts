import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultHours, resourceFormMessages, resourceInput } from './resource.ts';

const hall = (extra: Record<string, unknown> = {}) => ({ name: 'Hall A', capacity: 100, ...extra });
const first = (input: unknown) => {
  const result = resourceInput.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

test('a named hall with a capacity is enough; the rest takes the §9 defaults', () => {
  const r = resourceInput.parse(hall());
  assert.deepEqual(r.hours, defaultHours());
  assert.deepEqual(
    [r.type, r.visibility, r.status, r.calendarColour, r.setupBufferMinutes, r.packdownBufferMinutes],
    ['hall', 'public', 'active', '#2563EB', 15, 15],
  );
  // JSON numbers only: the forms send numbers, and "12" would hide a client bug.
  assert.equal(resourceInput.safeParse(hall({ capacity: ' 12 ' })).success, false);
  assert.equal(resourceInput.safeParse(hall({ capacity: [] })).success, false);
  assert.equal(
    resourceInput.safeParse(hall({ capacity: 2_147_483_648 })).error?.issues[0]?.message,
    'Capacity must be at most 1,000,000',
  );
});

test('spec 03 §5: each rule with its message', () => {
  const rows: [Record<string, unknown>, string][] = [
    [{ capacity: 10 }, 'Resource name is required'],
    [hall({ name: '   ' }), 'Resource name is required'],
    [hall({ capacity: undefined }), 'Capacity must be a whole number ≥ 0'],
    [hall({ capacity: -1 }), 'Capacity must be a whole number ≥ 0'],
    [hall({ capacity: 2.5 }), 'Capacity must be a whole number ≥ 0'],
    [hall({ capacity: 'many' }), 'Capacity must be a whole number ≥ 0'],
    [hall({ type: 'castle' }), 'Type must be hall, room or outdoor'],
    [hall({ visibility: 'secret' }), 'Visibility must be public or admin'],
    [hall({ status: 'gone' }), 'Status must be active or archived'],
    [hall({ calendarColour: 'blue' }), 'Calendar colour must be a hex colour like #2563EB'],
    [
      hall({ hours: { ...defaultHours(), mon: { open: '18:00', close: '08:00', closed: false } } }),
      'Monday closing time must be after opening time',
    ],
    [
      hall({ hours: { ...defaultHours(), sun: { open: '9:00', close: '17:00', closed: false } } }),
      'Sunday opening time must be HH:mm',
    ],
    [hall({ setupBufferMinutes: -5 }), 'Setup buffer must be a whole number of minutes ≥ 0'],
    [hall({ packdownBufferMinutes: 1.5 }), 'Pack-down buffer must be a whole number of minutes ≥ 0'],
    [hall({ equipment: [{ name: '', quantity: 1 }] }), 'Equipment name is required'],
    [hall({ equipment: [{ name: 'Chairs', quantity: 0 }] }), 'Equipment quantity must be at least 1'],
  ];
  for (const [input, message] of rows) assert.equal(first(input), message, JSON.stringify(input));
});

test('a closed day is not compared and may come without times', () => {
  const hours = { ...defaultHours(), wed: { closed: true } };
  assert.deepEqual(resourceInput.parse(hall({ hours })).hours.wed, {
    open: '08:00',
    close: '18:00',
    closed: true,
  });
});

test('the form list: every problem once, in field order, equipment rows numbered', () => {
  const hours = { ...defaultHours(), tue: { open: '18:00', close: '09:00', closed: false } };
  assert.deepEqual(
    resourceFormMessages({
      name: '',
      capacity: -1,
      hours,
      setupBufferMinutes: -1,
      equipment: [
        { name: ' ', quantity: 0 },
        { name: 'Chairs', quantity: 0 },
      ],
    }),
    [
      'Resource name is required',
      'Capacity must be a whole number ≥ 0',
      'Tuesday closing time must be after opening time',
      'Setup buffer must be a whole number of minutes ≥ 0',
      'Equipment item 1 needs a name',
      'Equipment item 1 quantity must be at least 1',
      'Equipment item 2 quantity must be at least 1',
    ],
  );
  assert.deepEqual(resourceFormMessages(hall()), []);
});
