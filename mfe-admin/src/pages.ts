import type { ComponentType } from 'react';
import { plannedPage } from '@venue/ui';
import { GeneralSettingsPage } from './pages/settings/GeneralSettingsPage.tsx';
import { PaymentSettingsPage } from './pages/settings/PaymentSettingsPage.tsx';
import { TaxesPage } from './pages/settings/TaxesPage.tsx';
import { AvailabilityPage, PoliciesPage } from './pages/settings/simple-settings-pages.tsx';
import { IntegrationsPage } from './pages/settings/IntegrationsPage.tsx';
import { PrivacyPage } from './pages/settings/PrivacyPage.tsx';
import { RolesPage } from './pages/roles/RolesPage.tsx';
import { UsersPage } from './pages/users/UsersPage.tsx';
import { AuditPage } from './pages/audit/AuditPage.tsx';
import { HelpPage } from './pages/help/HelpPage.tsx';
import { ManagementPage } from './pages/ManagementPage.tsx';

/** Pages of this remote, keyed by their PAGES path in @venue/contracts. */
export const pages: Record<string, ComponentType> = {
  '/Dashboard': plannedPage(
    '/Dashboard',
    "Today's bookings, availability, payments due, expiring holds and recent activity for your venue.",
  ),
  '/Users': UsersPage,
  '/SettingsGeneral': GeneralSettingsPage,
  '/SettingsPayments': PaymentSettingsPage,
  '/SettingsTaxes': TaxesPage,
  '/SettingsAvailability': AvailabilityPage,
  '/SettingsPolicies': PoliciesPage,
  '/SettingsRoles': RolesPage,
  '/SettingsIntegrations': IntegrationsPage,
  '/SettingsPrivacy': PrivacyPage,
  '/Audit': AuditPage,
  '/Management': ManagementPage,
  '/Help': HelpPage,
};
