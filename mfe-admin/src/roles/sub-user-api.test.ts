import { test } from 'node:test';
import assert from 'node:assert/strict';
import { subUserPasswordProblem } from './sub-user-api.ts';

// The change-password call sends only the new password, so a mismatch is caught here or nowhere.
test('a sub-user password typed differently twice is refused before anything is sent', () => {
  assert.equal(
    subUserPasswordProblem('secret1', 'secret2'),
    "Oops! Your passwords don't match. Try typing them again.",
  );
});

test('sub-user password rules, in the order spec 01 §5 checks them', () => {
  assert.equal(subUserPasswordProblem('', 'abcdef'), 'Please fill in both password fields.');
  assert.equal(subUserPasswordProblem('abcdef', ''), 'Please fill in both password fields.');
  assert.equal(
    subUserPasswordProblem('abc', 'abd'),
    "Oops! Your passwords don't match. Try typing them again.",
  );
  assert.equal(
    subUserPasswordProblem('abc', 'abc'),
    'The new password needs to be at least 6 characters long for security.',
  );
  assert.equal(subUserPasswordProblem('abcdef', 'abcdef'), null);
});
