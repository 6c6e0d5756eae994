import { lazyPage, type SectionPages } from '@venue/ui/remote-root';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: SectionPages = {
  '/Dashboard': lazyPage(() => import('./pages/dashboard/DashboardPage.tsx'), 'DashboardPage'),
  '/Users': lazyPage(() => import('./pages/users/UsersPage.tsx'), 'UsersPage'),
  '/SettingsGeneral': lazyPage(
    () => import('./pages/settings/GeneralSettingsPage.tsx'),
    'GeneralSettingsPage',
  ),
  '/SettingsPayments': lazyPage(
    () => import('./pages/settings/PaymentSettingsPage.tsx'),
    'PaymentSettingsPage',
  ),
  '/SettingsTaxes': lazyPage(() => import('./pages/settings/TaxesPage.tsx'), 'TaxesPage'),
  '/SettingsAvailability': lazyPage(
    () => import('./pages/settings/simple-settings-pages.tsx'),
    'AvailabilityPage',
  ),
  '/SettingsPolicies': lazyPage(() => import('./pages/settings/simple-settings-pages.tsx'), 'PoliciesPage'),
  '/SettingsOnlineBookings': lazyPage(
    () => import('./pages/online-bookings/OnlineBookingsPage.tsx'),
    'OnlineBookingsPage',
  ),
  '/SettingsRoles': lazyPage(() => import('./pages/roles/RolesPage.tsx'), 'RolesPage'),
  '/SettingsIntegrations': lazyPage(
    () => import('./pages/settings/IntegrationsPage.tsx'),
    'IntegrationsPage',
  ),
  '/SettingsPrivacy': lazyPage(() => import('./pages/settings/PrivacyPage.tsx'), 'PrivacyPage'),
  '/Audit': lazyPage(() => import('./pages/audit/AuditPage.tsx'), 'AuditPage'),
  '/Management': lazyPage(() => import('./pages/ManagementPage.tsx'), 'ManagementPage'),
  '/Help': lazyPage(() => import('./pages/help/HelpPage.tsx'), 'HelpPage'),
};
