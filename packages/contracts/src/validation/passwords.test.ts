import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newAccountPasswordProblem,
  newSubUserPasswordField,
  ownPasswordChangeProblem,
  subUserPasswordProblem,
} from './passwords.ts';

const long = 'x'.repeat(257);

test('spec 01 §5 own password change: the first broken rule, in order', () => {
  const ok = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };
  const rows: [Partial<typeof ok>, string, string][] = [
    [{ currentPassword: '' }, 'currentPassword', 'Please fill in all password fields to continue.'],
    [{ newPassword: '' }, 'newPassword', 'Please fill in all password fields to continue.'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please fill in all password fields to continue.'],
    [
      { confirmPassword: 'other' },
      'confirmPassword',
      "Oops! Your new passwords don't match. Try typing them again.",
    ],
    [
      { newPassword: 'abc', confirmPassword: 'abc' },
      'newPassword',
      'Your new password needs to be at least 6 characters long for security.',
    ],
    [{ newPassword: long, confirmPassword: long }, 'newPassword', 'Password is too long.'],
    [
      { newPassword: 'old-secret', confirmPassword: 'old-secret' },
      'newPassword',
      'Your new password should be different from your current one.',
    ],
  ];
  for (const [change, path, message] of rows) {
    assert.deepEqual(
      ownPasswordChangeProblem({ ...ok, ...change }),
      { path, message },
      JSON.stringify(change),
    );
  }
  // a mismatch is reported before the length
  assert.equal(
    ownPasswordChangeProblem({ ...ok, newPassword: 'abc', confirmPassword: 'abd' })?.message,
    "Oops! Your new passwords don't match. Try typing them again.",
  );
  assert.equal(ownPasswordChangeProblem(ok), null);
});

test('spec 01 §5 sub-user password change, in order', () => {
  const rows: [string, string | undefined, string | null][] = [
    ['', 'abcdef', 'Please fill in both password fields.'],
    ['abcdef', '', 'Please fill in both password fields.'],
    ['abc', 'abd', "Oops! Your passwords don't match. Try typing them again."],
    ['abc', 'abc', 'The new password needs to be at least 6 characters long for security.'],
    [long, long, 'Password is too long.'],
    ['abcdef', 'abcdef', null],
    // the service has the one password only
    ['', undefined, 'Please fill in both password fields.'],
    ['abc', undefined, 'The new password needs to be at least 6 characters long for security.'],
  ];
  for (const [password, confirm, message] of rows)
    assert.equal(subUserPasswordProblem(password, confirm), message);
});

test('first passwords: blank is missing, then the length', () => {
  const sub = (p: string) => {
    const r = newSubUserPasswordField.safeParse(p);
    return r.success ? null : r.error.issues.map((i) => i.message);
  };
  assert.deepEqual(sub('   '), ['Password is required.']);
  assert.deepEqual(sub('abc'), ['The new password needs to be at least 6 characters long for security.']);
  assert.equal(sub('abcdef'), null);
  assert.equal(newAccountPasswordProblem(''), 'Password is required.');
  assert.equal(newAccountPasswordProblem('abc'), 'Password must be at least 6 characters long.');
  assert.equal(newAccountPasswordProblem(long), 'Password is too long.');
  assert.equal(newAccountPasswordProblem('abcdef'), null);
});
