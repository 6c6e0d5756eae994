import { test } from 'node:test';
import assert from 'node:assert/strict';
import { viewTitle } from './styles.ts';

test('calendar headings spell the month out, whatever the date format', () => {
  assert.equal(viewTitle('timeGridWeek', new Date(2026, 10, 16), new Date(2026, 10, 23)), '16 – 22 Nov 2026');
  assert.equal(
    viewTitle('timeGridWeek', new Date(2026, 10, 30), new Date(2026, 11, 7)),
    '30 Nov – 6 Dec 2026',
  );
  assert.equal(
    viewTitle('timeGridWeek', new Date(2026, 11, 28), new Date(2027, 0, 4)),
    '28 Dec 2026 – 3 Jan 2027',
  );
  assert.equal(
    viewTitle('timeGridDay', new Date(2026, 10, 22), new Date(2026, 10, 23)),
    'Sunday 22 November 2026',
  );
  assert.equal(viewTitle('dayGridMonth', new Date(2026, 10, 1), new Date(2026, 11, 1)), 'November 2026');
});
