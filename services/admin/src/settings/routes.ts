/**
 * The settings groups: each call of the contract's table a named handler in
 * `handlers/sections.ts` (`serveOperations`, issue 28 item 2).
 */
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import { serveOperations, type AppRouter } from '@venue/service-kit';
import * as sections from './handlers/sections.ts';

const GROUP_PATHS = new Set([
  '/api/users/stripe-account',
  '/api/users/payment-methods',
  '/api/users/bank-details',
  '/api/tenant-settings/invoice',
  '/api/tenant-settings/business',
  '/api/tenant-settings/terms',
  '/api/tenant-settings/availability',
  '/api/tenant-settings/policies',
  '/api/tenant-settings/privacy',
]);
const SETTINGS_ROUTES = ADMIN_ROUTES.filter((r) => GROUP_PATHS.has(r.path));

export function tenantSettingsRoutes(router: AppRouter): void {
  serveOperations(router, SETTINGS_ROUTES, [
    sections.getStripeAccount,
    sections.putStripeAccount,
    sections.getPaymentMethods,
    sections.putPaymentMethods,
    sections.getBankDetails,
    sections.putBankDetails,
    sections.getInvoiceSettings,
    sections.putInvoiceSettings,
    sections.getBusinessDetails,
    sections.putBusinessDetails,
    sections.getTerms,
    sections.putTerms,
    sections.getAvailability,
    sections.putAvailability,
    sections.getPolicies,
    sections.putPolicies,
    sections.getPrivacySettings,
    sections.putPrivacySettings,
  ]);
}
