import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allTicked, withAllToggled, withToggled } from './selection.ts';

const rows = [{ id: 'a' }, { id: 'b' }];

test('a row box ticks and unticks its row, leaving the set it was given as it was', () => {
  const before = new Set(['a']);
  assert.deepEqual([...withToggled(before, 'b')], ['a', 'b']);
  assert.deepEqual([...withToggled(before, 'a')], []);
  assert.deepEqual([...before], ['a']);
});

test('the header box ticks every shown row, or unticks them all when all are; hidden rows keep theirs', () => {
  assert.deepEqual([...withAllToggled(new Set(['hidden', 'a']), rows)].sort(), ['a', 'b', 'hidden']);
  assert.deepEqual([...withAllToggled(new Set(['hidden', 'a', 'b']), rows)], ['hidden']);
});

test('all ticked only when there are rows and each is ticked', () => {
  assert.equal(allTicked(new Set(['a', 'b']), rows), true);
  assert.equal(allTicked(new Set(['a']), rows), false);
  assert.equal(allTicked(new Set(['a']), []), false);
});
