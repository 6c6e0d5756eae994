/**
 * The super admin's account bodies (spec 01 §5, "Users"): hall owners and super admins. A hall
 * owner needs hall name, contact number, address line 1, postcode and state. The contact number
 * is read in E.164 by the venue's country on the server (decision 28).
 */
import { z } from 'zod';
import { oneLine } from '../api/fields.ts';
import { requiredEmail } from '../privacy-requests.ts';
import { newAccountPasswordField } from '../validation/passwords.ts';

export const PASSWORD_NOT_EDITABLE = 'The password cannot be changed here.';
export const STATUS_MESSAGE = 'Status must be active or inactive.';
export const HALL_OWNER_FIELD_MESSAGES = {
  hallName: 'Hall name is required for hall owners.',
  contactNumber: 'Contact number is required for hall owners.',
  line1: 'Address line 1 is required for hall owners.',
  postcode: 'Postcode is required for hall owners.',
  state: 'State is required for hall owners.',
} as const;

/** Every text field of an account is one line: names, phone, address lines (issue 24 item 15). */
const optionalText = (max: number, label: string) =>
  oneLine(z.string({ error: 'Must be text.' }).trim().max(max, `At most ${max} characters.`), label)
    .nullish()
    .transform((v) => (v ? v : null));

export const accountFields = {
  email: requiredEmail(),
  role: z.enum(['hall_owner', 'super_admin'], { error: 'Role must be hall_owner or super_admin.' }),
  name: optionalText(200, 'Name'),
  hallName: optionalText(200, 'Hall name'),
  contactNumber: optionalText(50, 'Contact number'),
  address: z
    .object({
      line1: optionalText(200, 'Address line 1'),
      line2: optionalText(200, 'Address line 2'),
      postcode: optionalText(20, 'Postcode'),
      state: optionalText(50, 'State'),
    })
    .nullish()
    .transform((a) => a ?? { line1: null, line2: null, postcode: null, state: null }),
};

export type AccountFields = z.output<z.ZodObject<typeof accountFields>>;

/** Spec 01 §5: a hall owner needs hall name, contact number, address line 1, postcode and state. */
export function requireHallOwnerFields(
  a: AccountFields,
  issue: (path: (string | number)[], message: string) => void,
) {
  if (a.role !== 'hall_owner') return;
  if (!a.hallName) issue(['hallName'], HALL_OWNER_FIELD_MESSAGES.hallName);
  if (!a.contactNumber) issue(['contactNumber'], HALL_OWNER_FIELD_MESSAGES.contactNumber);
  if (!a.address.line1) issue(['address', 'line1'], HALL_OWNER_FIELD_MESSAGES.line1);
  if (!a.address.postcode) issue(['address', 'postcode'], HALL_OWNER_FIELD_MESSAGES.postcode);
  if (!a.address.state) issue(['address', 'state'], HALL_OWNER_FIELD_MESSAGES.state);
}

export const accountCreateBody = z
  .object({
    ...accountFields,
    role: accountFields.role.default('hall_owner'),
    password: newAccountPasswordField,
  })
  .superRefine((a, ctx) =>
    requireHallOwnerFields(a, (path, message) => ctx.addIssue({ code: 'custom', path, message })),
  );

export const accountStatus = z.enum(['active', 'inactive'], { error: STATUS_MESSAGE });

/** `PUT /api/users/:id` with `{status}` alone: the Users page's Deactivate / Reactivate. */
export const accountStatusBody = z.object({ status: accountStatus });

export const accountEditBody = z
  .object({ ...accountFields, status: accountStatus.optional(), password: z.unknown().optional() })
  .superRefine((a, ctx) => {
    if (a.password !== undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_NOT_EDITABLE });
    requireHallOwnerFields(a, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
  });

/** What PUT /api/users/:id takes: the whole account, or `{status}` alone. */
export const accountUpdateBody = z.union([accountEditBody, accountStatusBody]);
