import { z } from 'zod';
import { formatPhone, type Country } from '@venue/contracts';
import type { Account } from '@venue/contracts/admin';

/** A row of the Users table, as GET /api/users answers it (the API contract's Account). */
export type ManagedUser = Account;
export type Address = Account['address'];

export const USER_ROLE_LABELS: Record<string, string> = {
  hall_owner: 'Hall Owner',
  super_admin: 'Super Admin',
  sub_user: 'Sub-User',
};
export const roleLabel = (role: string) => USER_ROLE_LABELS[role] ?? role;

export const usersKey = ['admin', 'users'] as const;

const required = (message: string) => z.string().trim().min(1, message);

/** Spec 01 §5: hall owners need hall name, contact number, line 1, postcode and state. */
export const userFormSchema = z
  .object({
    email: required('Email is required.').pipe(z.email('Please enter a valid email address.')),
    password: z.string(),
    name: z.string().max(200, 'At most 200 characters.'),
    role: z.enum(['hall_owner', 'super_admin']),
    hallName: z.string(),
    contactNumber: z.string(),
    line1: z.string(),
    line2: z.string(),
    postcode: z.string(),
    state: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.role !== 'hall_owner') return;
    const need: Array<[keyof typeof v, string]> = [
      ['hallName', 'Hall name is required.'],
      ['contactNumber', 'Contact number is required.'],
      ['line1', 'Address line 1 is required.'],
      ['postcode', 'Postcode is required.'],
      ['state', 'State is required.'],
    ];
    for (const [field, message] of need) {
      if (!String(v[field]).trim()) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type UserForm = z.infer<typeof userFormSchema>;

export const EMPTY_USER_FORM: UserForm = {
  email: '',
  password: '',
  name: '',
  role: 'hall_owner',
  hallName: '',
  contactNumber: '',
  line1: '',
  line2: '',
  postcode: '',
  state: '',
};

/** The edit form's values; the contact number as the venue writes it (decision 28). */
export function formFromUser(u: ManagedUser, country: Country = 'AU'): UserForm {
  return {
    email: u.email,
    password: '',
    name: u.name ?? '',
    role: u.role === 'super_admin' ? 'super_admin' : 'hall_owner',
    hallName: u.hallName ?? '',
    contactNumber: formatPhone(u.contactNumber, country),
    line1: u.address?.line1 ?? '',
    line2: u.address?.line2 ?? '',
    postcode: u.address?.postcode ?? '',
    state: u.address?.state ?? '',
  };
}

/** The body of POST/PUT /api/users: hall-owner fields only for hall owners. */
export function userBody(v: UserForm, withPassword: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { email: v.email.trim(), role: v.role, name: v.name.trim() || null };
  if (withPassword) body.password = v.password;
  if (v.role === 'hall_owner') {
    body.hallName = v.hallName.trim();
    body.contactNumber = v.contactNumber.trim();
    body.address = {
      line1: v.line1.trim(),
      line2: v.line2.trim(),
      postcode: v.postcode.trim(),
      state: v.state.trim(),
    };
  }
  return body;
}

export function addressText(a: Address | null): string {
  if (!a) return '';
  return [a.line1, a.line2, a.postcode, a.state].filter((x) => x && String(x).trim()).join(', ');
}
