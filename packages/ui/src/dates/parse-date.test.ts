import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDateText } from './parse-date.ts';

test('a typed date is read in the user date format, never as US month/day', () => {
  assert.equal(parseDateText('05/03/2026', 'DD/MM/YYYY'), '2026-03-05');
  assert.equal(parseDateText('5/3/2026', 'DD/MM/YYYY'), '2026-03-05');
  assert.equal(parseDateText('05/03/2026', 'MM/DD/YYYY'), '2026-05-03');
  assert.equal(parseDateText('2026-03-05', 'YYYY-MM-DD'), '2026-03-05');
  // ISO is accepted whatever the setting (pasted values, scripted fills)
  assert.equal(parseDateText(' 2026-03-05 ', 'DD/MM/YYYY'), '2026-03-05');
});

test('not a real day, or not finished typing: no value', () => {
  assert.equal(parseDateText('', 'DD/MM/YYYY'), null);
  assert.equal(parseDateText('31/02/2026', 'DD/MM/YYYY'), null);
  assert.equal(parseDateText('13/13/2026', 'DD/MM/YYYY'), null);
  assert.equal(parseDateText('05/03/20', 'DD/MM/YYYY'), null);
  assert.equal(parseDateText('tomorrow', 'DD/MM/YYYY'), null);
});
