import { z } from 'zod';
import {
  API_KEY_NAME_MAX,
  API_KEY_NAME_REQUIRED,
  API_KEY_NAME_TOO_LONG,
  API_KEY_PERMISSIONS_REQUIRED,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  type PermissionKey,
} from '@venue/contracts';

export const KEYS_QUERY = ['admin', 'integrations', 'api-keys'] as const;
export const PATH = '/api/integrations/api-keys';

/** Offered lifetimes: the server takes any whole number of days from 1 to 365. */
export const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '365', label: '1 year' },
];

export const formSchema = z.object({
  name: z.string().trim().min(1, API_KEY_NAME_REQUIRED).max(API_KEY_NAME_MAX, API_KEY_NAME_TOO_LONG),
  permissions: z.array(z.enum(PERMISSION_KEYS)).min(1, API_KEY_PERMISSIONS_REQUIRED),
  expiresInDays: z.string(),
});
export type KeyDraft = z.infer<typeof formSchema>;
export const EMPTY_DRAFT: KeyDraft = { name: '', permissions: [], expiresInDays: '90' };

export function permissionNames(keys: string[]): string {
  return keys.map((k) => PERMISSION_LABELS[k as PermissionKey] ?? k).join(', ');
}
