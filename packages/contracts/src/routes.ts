import type { PermissionKey } from './roles.ts';

export type RemoteName = 'admin' | 'bookings' | 'money' | 'catalogue' | 'comms';

/**
 * The page table of spec 01 §2. Every page is guarded by its key (also those the spec leaves
 * at "login only"); `owner`/`superAdmin` pages check the role instead. `remote` is the
 * micro-frontend that renders the page.
 */
export interface PageDef {
  path: string; // capitalised form; the lower-case form also matches
  title: string;
  remote: RemoteName | 'shell';
  permission: PermissionKey | null;
  roles?: Array<'super_admin' | 'hall_owner'>;
  /**
   * The page shows or configures one venue's records (bookings, customers, money, halls,
   * prices, the venue's settings). A super admin has no venue (its tenant owns no hall), so
   * such a page could only ever be empty for it: the shell neither lists nor opens it for a
   * super admin (issue 24 item 15).
   */
  venueOnly?: true;
}

const VENUE = { venueOnly: true } as const;

export const PAGES: PageDef[] = [
  { path: '/Welcome', title: 'Welcome', remote: 'shell', permission: null },
  { path: '/Dashboard', title: 'Dashboard', remote: 'admin', permission: 'dashboard' },
  { path: '/Calendar', title: 'Calendar', remote: 'bookings', permission: 'calendar', ...VENUE },
  { path: '/BookingsAll', title: 'Bookings — All', remote: 'bookings', permission: 'bookings', ...VENUE },
  {
    path: '/BookingsPending',
    title: 'Bookings — Pending Review',
    remote: 'bookings',
    permission: 'bookings',
    ...VENUE,
  },
  { path: '/BookingsHolds', title: 'Booking Requests', remote: 'bookings', permission: 'bookings', ...VENUE },
  {
    path: '/BookingsConfirmed',
    title: 'Bookings — Confirmed',
    remote: 'bookings',
    permission: 'bookings',
    ...VENUE,
  },
  {
    path: '/BookingsCompleted',
    title: 'Bookings — Completed',
    remote: 'bookings',
    permission: 'bookings',
    ...VENUE,
  },
  {
    path: '/BookingsCancelled',
    title: 'Bookings — Cancelled',
    remote: 'bookings',
    permission: 'bookings',
    ...VENUE,
  },
  { path: '/Customers', title: 'Customers', remote: 'bookings', permission: 'customers', ...VENUE },
  { path: '/Invoices', title: 'Invoices & Payments', remote: 'money', permission: 'invoices', ...VENUE },
  { path: '/Deposits', title: 'Deposits', remote: 'money', permission: 'deposits', ...VENUE },
  { path: '/Quotations', title: 'Quotations', remote: 'money', permission: 'quotations', ...VENUE },
  { path: '/Reports', title: 'Reports', remote: 'money', permission: 'reports', ...VENUE },
  { path: '/Resources', title: 'Resources', remote: 'catalogue', permission: 'resources', ...VENUE },
  { path: '/ResourcesHalls', title: 'Halls/Rooms', remote: 'catalogue', permission: 'resources', ...VENUE },
  {
    path: '/ResourcesHolidays',
    title: 'Public Holidays',
    remote: 'catalogue',
    permission: 'resources',
    ...VENUE,
  },
  {
    path: '/ResourcesBlockouts',
    title: 'Block-outs',
    remote: 'catalogue',
    permission: 'resources',
    ...VENUE,
  },
  { path: '/PricingRatecards', title: 'Rate Cards', remote: 'catalogue', permission: 'pricing', ...VENUE },
  { path: '/PricingAddons', title: 'Add-ons', remote: 'catalogue', permission: 'pricing', ...VENUE },
  { path: '/CommsSendEmail', title: 'Send Email', remote: 'comms', permission: 'comms', ...VENUE },
  { path: '/CommsTemplates', title: 'Email Templates', remote: 'comms', permission: 'comms', ...VENUE },
  { path: '/CommsMessages', title: 'Message History', remote: 'comms', permission: 'comms' },
  // The captured mail of the embedded SMTP server (no SMTP_URL), as the customer sees it. Open
  // to whoever may use the e-mail pages, as the comms service is: the super admin (the operator,
  // every tenant's mail) and the venue's own people (their customers' mail, as History shows it).
  { path: '/CommsMailPreview', title: 'Mail Preview', remote: 'comms', permission: 'comms' },
  { path: '/Users', title: 'Users', remote: 'admin', permission: null, roles: ['super_admin'] },
  { path: '/SettingsGeneral', title: 'General Settings', remote: 'admin', permission: 'settings' },
  { path: '/SettingsPayments', title: 'Payment Settings', remote: 'admin', permission: 'settings', ...VENUE },
  { path: '/SettingsTaxes', title: 'Taxes (GST)', remote: 'admin', permission: 'settings', ...VENUE },
  {
    path: '/SettingsAvailability',
    title: 'Availability & Buffers',
    remote: 'admin',
    permission: 'settings',
    ...VENUE,
  },
  { path: '/SettingsPolicies', title: 'Policies', remote: 'admin', permission: 'settings', ...VENUE },
  // owner only, as admin's GET/PUT /api/settings/online-bookings are: the page tells others so
  {
    path: '/SettingsOnlineBookings',
    title: 'Online Bookings',
    remote: 'admin',
    permission: 'settings',
    ...VENUE,
  },
  { path: '/SettingsRoles', title: 'Roles & Permissions', remote: 'admin', permission: 'settings', ...VENUE },
  { path: '/SettingsIntegrations', title: 'Integrations', remote: 'admin', permission: 'settings', ...VENUE },
  { path: '/SettingsPrivacy', title: 'Data & Privacy', remote: 'admin', permission: 'settings', ...VENUE },
  { path: '/Audit', title: 'Audit Log', remote: 'admin', permission: 'audit' },
  { path: '/Management', title: 'Management', remote: 'admin', permission: 'audit' },
  { path: '/Help', title: 'Help', remote: 'admin', permission: 'help' },
];

/** Extra aliases the spec names (lower-case and hyphenated navigation targets). */
export const PATH_ALIASES: Record<string, string> = {
  '/comms-send-email': '/CommsSendEmail',
};

export function findPage(pathname: string): PageDef | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/';
  const alias = PATH_ALIASES[clean.toLowerCase()];
  const target = (alias ?? clean).toLowerCase();
  return PAGES.find((p) => p.path.toLowerCase() === target);
}

export interface MenuItem {
  label: string;
  path?: string;
  children?: MenuItem[];
}

/** Spec 01 §2 side menu, in order. */
export const MENU: MenuItem[] = [
  { label: 'Dashboard', path: '/Dashboard' },
  { label: 'Calendar', path: '/Calendar' },
  {
    label: 'Bookings',
    children: [
      { label: 'All', path: '/BookingsAll' },
      { label: 'Booking Requests', path: '/BookingsHolds' },
      { label: 'Confirmed', path: '/BookingsConfirmed' },
      { label: 'Completed', path: '/BookingsCompleted' },
      { label: 'Cancelled', path: '/BookingsCancelled' },
    ],
  },
  { label: 'Deposits', path: '/Deposits' },
  { label: 'Invoices & Payments', path: '/Invoices' },
  { label: 'Quotations', path: '/Quotations' },
  { label: 'Resources', path: '/Resources' },
  { label: 'Pricing', children: [{ label: 'Rate Cards', path: '/PricingRatecards' }] },
  { label: 'Customers', path: '/Customers' },
  { label: 'Users', path: '/Users' },
  { label: 'Reports', path: '/Reports' },
  {
    label: 'Comms',
    children: [
      { label: 'Send Email', path: '/CommsSendEmail' },
      { label: 'Templates', path: '/CommsTemplates' },
      { label: 'Messages', path: '/CommsMessages' },
    ],
  },
  {
    label: 'Settings',
    children: [
      { label: 'General', path: '/SettingsGeneral' },
      { label: 'Payments', path: '/SettingsPayments' },
      { label: 'Taxes (GST)', path: '/SettingsTaxes' },
      { label: 'Availability & Buffers', path: '/SettingsAvailability' },
      { label: 'Policies', path: '/SettingsPolicies' },
      { label: 'Online Bookings', path: '/SettingsOnlineBookings' },
      { label: 'Roles & Permissions', path: '/SettingsRoles' },
      { label: 'Integrations', path: '/SettingsIntegrations' },
      { label: 'Data & Privacy', path: '/SettingsPrivacy' },
    ],
  },
  { label: 'Audit Log', path: '/Audit' },
  { label: 'Management', path: '/Management' },
  { label: 'Help', path: '/Help' },
];
