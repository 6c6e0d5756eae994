import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canTransition, STATUSES, type BookingStatus } from './transitions.ts';

const allowed = new Set([
  'pending>tentative',
  'pending>confirmed',
  'pending>cancelled',
  'tentative>confirmed',
  'tentative>cancelled',
  'tentative>expired',
  'confirmed>completed',
  'confirmed>cancelled',
]);

describe('booking transitions', () => {
  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const key = `${from}>${to}`;
      it(`${from} → ${to} is ${allowed.has(key) ? 'allowed' : 'refused'}`, () => {
        assert.equal(canTransition(from as BookingStatus, to as BookingStatus), allowed.has(key));
      });
    }
  }
});
