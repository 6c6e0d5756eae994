/** Roles of spec 01 §6. `customer` only appears in audit filters. */
export const ROLES = ['super_admin', 'hall_owner', 'sub_user'] as const;
export type Role = (typeof ROLES)[number];
export const AUDIT_ROLES = ['super_admin', 'hall_owner', 'sub_user', 'customer'] as const;

/**
 * Page permission keys: the spec's twelve plus `deposits` and `quotations`, which the spec
 * leaves without a key (see docs/decisions/0010-deposit-quotation-keys.md).
 */
export const PERMISSION_KEYS = [
  'dashboard',
  'calendar',
  'bookings',
  'invoices',
  'deposits',
  'quotations',
  'resources',
  'pricing',
  'customers',
  'reports',
  'comms',
  'settings',
  'audit',
  'help',
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  dashboard: 'Dashboard',
  calendar: 'Calendar',
  bookings: 'Bookings',
  invoices: 'Invoices & Payments',
  deposits: 'Deposits',
  quotations: 'Quotations',
  resources: 'Resources',
  pricing: 'Pricing',
  customers: 'Customers',
  reports: 'Reports',
  comms: 'Comms',
  settings: 'Settings',
  audit: 'Audit Log',
  help: 'Help',
};

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super Admin',
  hall_owner: 'Hall Owner',
  sub_user: 'Sub-User',
};

/** Spec 01 §6: super admin and hall owner pass every check; a sub-user needs the key. */
export function hasPermission(
  principal: { role: string; permissions: readonly string[] } | null | undefined,
  key: PermissionKey,
): boolean {
  if (!principal) return false;
  if (principal.role === 'super_admin' || principal.role === 'hall_owner') return true;
  if (principal.role === 'sub_user') return principal.permissions.includes(key);
  return false;
}
