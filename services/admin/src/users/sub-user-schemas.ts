import { z } from 'zod';
import {
  OWN_PASSWORD_REQUIRED,
  PERMISSION_KEYS,
  SUB_USER_PASSWORD_REQUIRED,
  newSubUserPasswordField,
  ownPasswordChangeProblem,
  subUserPasswordProblem,
} from '@venue/contracts';

// Spec 01 §5 password wording lives with the shared password rules.
export {
  OWN_PASSWORD_REQUIRED,
  OWN_PASSWORD_TOO_SHORT,
  OWN_PASSWORD_UNCHANGED,
  OWN_PASSWORDS_DIFFER,
  SUB_USER_PASSWORD_REQUIRED,
  SUB_USER_PASSWORD_TOO_SHORT,
} from '@venue/contracts';

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
  password: newSubUserPasswordField,
  role: z.literal('sub_user', { error: 'Hall owners can only add sub-users.' }).default('sub_user'),
  parentUserId: z.string().max(64).optional(),
  permissions: permissions.default([]),
  status: status.default('active'),
});

export const updateSubUserSchema = z.object({
  name: requiredText('Name is required.').max(200, 'Name is too long.'),
  // the edit dialog sends the (disabled) e-mail along; it may not differ
  email: z.string().max(320).optional(),
  permissions: permissions.optional(),
  status: status.optional(),
});

export const changeSubUserPasswordSchema = z.object({
  subUserId: z.string({ error: 'Sub-user is required.' }).min(1, 'Sub-user is required.').max(64),
  newPassword: z.string({ error: SUB_USER_PASSWORD_REQUIRED }).superRefine((p, ctx) => {
    const message = subUserPasswordProblem(p);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
});

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
    const problem = ownPasswordChangeProblem(b);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
