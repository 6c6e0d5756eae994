import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SESSION_END_REASONS } from '@venue/contracts';
import { reasonOf, sessionEndMessage, SESSION_END_MESSAGES } from './session-end.ts';

test('the login page has its own words for every reason a session ends', () => {
  for (const reason of SESSION_END_REASONS) assert.ok(SESSION_END_MESSAGES[reason], reason);
  assert.equal(sessionEndMessage('signed_out'), 'You were signed out.');
  assert.equal(
    sessionEndMessage('password_changed'),
    'Your password was changed — sign in with the new one.',
  );
  assert.equal(
    sessionEndMessage('deactivated'),
    'Your account has been deactivated. Contact your hall owner.',
  );
  assert.equal(sessionEndMessage('deleted'), 'Your account no longer exists.');
  assert.match(sessionEndMessage('replayed')!, /used from another browser/);
  assert.equal(sessionEndMessage(null), null);
});

test('the reason is read from a session_ended body, and nothing else is taken for one', () => {
  assert.equal(reasonOf({ code: 'session_ended', reason: 'deleted' }), 'deleted');
  assert.equal(reasonOf({ code: 'session_ended' }), null);
  assert.equal(reasonOf({ reason: 'toString' }), null);
  assert.equal(reasonOf('deleted'), null);
  assert.equal(reasonOf(null), null);
});
