import { z } from 'zod';
import { PERMISSION_KEYS } from '@venue/contracts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../auth/passwords.ts';

/** Spec 01 §5 wording. */
export const SUB_USER_PASSWORD_REQUIRED = 'Please fill in both password fields.';
export const SUB_USER_PASSWORD_TOO_SHORT =
  'The new password needs to be at least 6 characters long for security.';
export const OWN_PASSWORD_REQUIRED = 'Please fill in all password fields to continue.';
export const OWN_PASSWORD_TOO_SHORT =
  'Your new password needs to be at least 6 characters long for security.';
export const OWN_PASSWORD_UNCHANGED = 'Your new password should be different from your current one.';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

const permissions = z
  .array(z.enum(PERMISSION_KEYS, { error: 'Unknown permission.' }), { error: 'Permissions must be a list.' })
  .transform((keys) => [...new Set(keys)]);

const status = z.enum(['active', 'inactive'], { error: 'Status must be active or inactive.' });

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

export const createSubUserSchema = z.object({
  name: requiredText('Name is required.').max(200, 'Name is too long.'),
  email: requiredText('Email is required.')
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address.')),
  password: z
    .string({ error: 'Password is required.' })
    .refine((p) => p.trim().length > 0, { message: 'Password is required.', abort: true })
    .refine((p) => p.length >= MIN_PASSWORD_LENGTH, SUB_USER_PASSWORD_TOO_SHORT)
    .refine((p) => p.length <= MAX_PASSWORD_LENGTH, 'Password is too long.'),
  role: z.literal('sub_user', { error: 'Hall owners can only add sub-users.' }).default('sub_user'),
  parentUserId: z.string().optional(),
  permissions: permissions.default([]),
  status: status.default('active'),
});

export const updateSubUserSchema = z.object({
  name: requiredText('Name is required.').max(200, 'Name is too long.'),
  // the edit dialog sends the (disabled) e-mail along; it may not differ
  email: z.string().optional(),
  permissions: permissions.optional(),
  status: status.optional(),
});

export const changeSubUserPasswordSchema = z.object({
  subUserId: z.string({ error: 'Sub-user is required.' }).min(1, 'Sub-user is required.'),
  newPassword: z
    .string({ error: SUB_USER_PASSWORD_REQUIRED })
    .refine((p) => p.length > 0, { message: SUB_USER_PASSWORD_REQUIRED, abort: true })
    .refine((p) => p.length >= MIN_PASSWORD_LENGTH, SUB_USER_PASSWORD_TOO_SHORT)
    .refine((p) => p.length <= MAX_PASSWORD_LENGTH, 'Password is too long.'),
});

export const OWN_PASSWORDS_DIFFER = "Oops! Your new passwords don't match. Try typing them again.";

/**
 * Own password change. Spec 01 §5 lists the checks in order and the screen shows one message,
 * so the first failing rule is the only error reported.
 */
export const changeOwnPasswordSchema = z
  .object({
    currentPassword: z.string({ error: OWN_PASSWORD_REQUIRED }).optional().default(''),
    newPassword: z.string({ error: OWN_PASSWORD_REQUIRED }).optional().default(''),
    confirmPassword: z.string({ error: OWN_PASSWORD_REQUIRED }).optional().default(''),
  })
  .superRefine((b, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!b.currentPassword) return fail('currentPassword', OWN_PASSWORD_REQUIRED);
    if (!b.newPassword) return fail('newPassword', OWN_PASSWORD_REQUIRED);
    if (!b.confirmPassword) return fail('confirmPassword', OWN_PASSWORD_REQUIRED);
    if (b.newPassword !== b.confirmPassword) return fail('confirmPassword', OWN_PASSWORDS_DIFFER);
    if (b.newPassword.length < MIN_PASSWORD_LENGTH) return fail('newPassword', OWN_PASSWORD_TOO_SHORT);
    if (b.newPassword.length > MAX_PASSWORD_LENGTH) return fail('newPassword', 'Password is too long.');
    if (b.newPassword === b.currentPassword) return fail('newPassword', OWN_PASSWORD_UNCHANGED);
  });
