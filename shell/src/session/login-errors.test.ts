import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOGIN_ERROR_MESSAGES, loginErrorMessage, UNKNOWN_LOGIN_ERROR } from './login-errors.ts';

test('each known code gets its own message', () => {
  assert.equal(loginErrorMessage({ code: 'too-many-requests' }), LOGIN_ERROR_MESSAGES['too-many-requests']);
  assert.match(loginErrorMessage({ code: 'too-many-requests' }), /few minutes/);
  assert.match(loginErrorMessage({ code: 'user-disabled' }), /administrator/);
  assert.match(loginErrorMessage({ code: 'network-request-failed' }), /internet connection/);
  assert.match(loginErrorMessage({ code: 'auth/invalid-credential' }), /doesn't match/);
});

test('too-many-requests says when to try again when the server told us', () => {
  assert.equal(
    loginErrorMessage({ code: 'too-many-requests', retryAfterSeconds: 11 * 60 + 5 }),
    'Too many sign-in attempts. Try again in 12 minutes.',
  );
  assert.equal(
    loginErrorMessage({ code: 'too-many-requests', retryAfterSeconds: 40 }),
    'Too many sign-in attempts. Try again in 40 seconds.',
  );
});

test('an unknown code gets the catch-all text', () => {
  assert.equal(
    loginErrorMessage({ code: 'quota-exceeded', message: 'x' }),
    'Something went wrong! Please try again or contact support if the issue persists.',
  );
  assert.equal(loginErrorMessage({ code: 'nope' }), UNKNOWN_LOGIN_ERROR);
});

test("without a code the server's message is shown, else 'Login failed'", () => {
  assert.equal(
    loginErrorMessage({ message: 'Admin is unavailable right now.' }),
    'Admin is unavailable right now.',
  );
  assert.equal(loginErrorMessage({}), 'Login failed');
  assert.equal(loginErrorMessage({ message: '  ' }), 'Login failed');
});
