import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resourceRuleExamples } from '../testing/resource-rules.ts';
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
  for (const [input, message] of resourceRuleExamples())
    assert.equal(first(input), message, JSON.stringify(input));
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
