import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wallClock } from './wallClock.ts';

test('a wall-clock time follows the 12h/24h setting and leaves odd input alone', () => {
  assert.equal(wallClock('09:00', '12h'), '9:00 AM');
  assert.equal(wallClock('00:30', '12h'), '12:30 AM');
  assert.equal(wallClock('12:00', '12h'), '12:00 PM');
  assert.equal(wallClock('17:45'), '5:45 PM');
  assert.equal(wallClock('7:05', '24h'), '07:05');
  assert.equal(wallClock('17:45:00', '24h'), '17:45');
  assert.equal(wallClock(''), '');
});
