/**
 * Password rules of spec 01 §5 with its wording. The admin service enforces them; the
 * password dialogs run the same checks so a typo is caught before anything is sent.
 */
import { z } from 'zod';
import type { FieldProblem } from './field-problem.ts';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 256;

export const PASSWORD_REQUIRED = 'Password is required.';
export const PASSWORD_TOO_LONG = 'Password is too long.';
export const ACCOUNT_PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long.';
export const SUB_USER_PASSWORD_REQUIRED = 'Please fill in both password fields.';
export const SUB_USER_PASSWORDS_DIFFER = "Oops! Your passwords don't match. Try typing them again.";
export const SUB_USER_PASSWORD_TOO_SHORT =
  'The new password needs to be at least 6 characters long for security.';
export const OWN_PASSWORD_REQUIRED = 'Please fill in all password fields to continue.';
export const OWN_PASSWORDS_DIFFER = "Oops! Your new passwords don't match. Try typing them again.";
export const OWN_PASSWORD_TOO_SHORT =
  'Your new password needs to be at least 6 characters long for security.';
export const OWN_PASSWORD_UNCHANGED = 'Your new password should be different from your current one.';

/**
 * A sub-user's new password as the owner sets it. The service receives only the password, so
 * `confirm` (the second box) defaults to it there; the dialog passes what was typed twice.
 */
export function subUserPasswordProblem(password: string, confirm: string = password): string | null {
  if (!password || !confirm) return SUB_USER_PASSWORD_REQUIRED;
  if (password !== confirm) return SUB_USER_PASSWORDS_DIFFER;
  if (password.length < MIN_PASSWORD_LENGTH) return SUB_USER_PASSWORD_TOO_SHORT;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG;
  return null;
}

/** A first password: blank (spaces only) counts as missing; `tooShort` is the screen's wording. */
const firstPassword = (tooShort: string) =>
  z
    .string({ error: PASSWORD_REQUIRED })
    .refine((p) => p.trim().length > 0, { message: PASSWORD_REQUIRED, abort: true })
    .refine((p) => p.length >= MIN_PASSWORD_LENGTH, tooShort)
    .refine((p) => p.length <= MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG);

/** The password a hall owner gives a new sub-user. */
export const newSubUserPasswordField = firstPassword(SUB_USER_PASSWORD_TOO_SHORT);

/** The password a super admin gives a new account. */
export const newAccountPasswordField = firstPassword(ACCOUNT_PASSWORD_TOO_SHORT);

/** The first broken rule of a new account's password, or null. */
export function newAccountPasswordProblem(password: string): string | null {
  const result = newAccountPasswordField.safeParse(password);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

export interface OwnPasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Changing one's own password: the spec's checks in its order, the first broken one only. */
export function ownPasswordChangeProblem(b: OwnPasswordChange): FieldProblem | null {
  if (!b.currentPassword) return { path: 'currentPassword', message: OWN_PASSWORD_REQUIRED };
  if (!b.newPassword) return { path: 'newPassword', message: OWN_PASSWORD_REQUIRED };
  if (!b.confirmPassword) return { path: 'confirmPassword', message: OWN_PASSWORD_REQUIRED };
  if (b.newPassword !== b.confirmPassword) return { path: 'confirmPassword', message: OWN_PASSWORDS_DIFFER };
  if (b.newPassword.length < MIN_PASSWORD_LENGTH)
    return { path: 'newPassword', message: OWN_PASSWORD_TOO_SHORT };
  if (b.newPassword.length > MAX_PASSWORD_LENGTH) return { path: 'newPassword', message: PASSWORD_TOO_LONG };
  if (b.newPassword === b.currentPassword) return { path: 'newPassword', message: OWN_PASSWORD_UNCHANGED };
  return null;
}
