import { lazyPage, type SectionPages } from '@venue/ui/remote-root';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: SectionPages = {
  '/Dashboard': lazyPage(() => import('./dashboard/DashboardPage.tsx'), 'DashboardPage'),
  '/Users': lazyPage(() => import('./users/UsersPage.tsx'), 'UsersPage'),
  '/SettingsGeneral': lazyPage(() => import('./settings/GeneralSettingsPage.tsx'), 'GeneralSettingsPage'),
  '/SettingsPayments': lazyPage(() => import('./settings/PaymentSettingsPage.tsx'), 'PaymentSettingsPage'),
  '/SettingsTaxes': lazyPage(() => import('./settings/TaxesPage.tsx'), 'TaxesPage'),
  '/SettingsAvailability': lazyPage(() => import('./settings/simple-settings-pages.tsx'), 'AvailabilityPage'),
  '/SettingsPolicies': lazyPage(() => import('./settings/simple-settings-pages.tsx'), 'PoliciesPage'),
  '/SettingsOnlineBookings': lazyPage(
    () => import('./online-bookings/OnlineBookingsPage.tsx'),
    'OnlineBookingsPage',
  ),
  '/SettingsRoles': lazyPage(() => import('./roles/RolesPage.tsx'), 'RolesPage'),
  '/SettingsIntegrations': lazyPage(() => import('./integrations/IntegrationsPage.tsx'), 'IntegrationsPage'),
  '/SettingsPrivacy': lazyPage(() => import('./settings/PrivacyPage.tsx'), 'PrivacyPage'),
  '/Audit': lazyPage(() => import('./audit/AuditPage.tsx'), 'AuditPage'),
  '/Management': lazyPage(() => import('./management/ManagementPage.tsx'), 'ManagementPage'),
  '/Help': lazyPage(() => import('./help/HelpPage.tsx'), 'HelpPage'),
};
