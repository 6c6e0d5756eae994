import {
  notFound,
  pathTenant,
  requireInternal,
  tenantExportRoute,
  type AppContext,
  type AppRouter,
  type ServiceKit,
} from '@venue/service-kit';
import { lookupPrincipal } from './auth/sessions.ts';
import { adminTenantExport } from './privacy/tenant-export.ts';
import { readSettings } from './settings/settings-store.ts';
import { readAllSections } from './settings/tenant-settings-store.ts';
import { findPrincipal } from './users/user-store.ts';

/** Service-to-service routes; the gateway never routes /internal/*. */
export function internalRoutes(router: AppRouter, kit: ServiceKit): void {
  /**
   * The gateway's principal look-up. With `?sid=` (the access token's session; empty for a
   * token without one) it answers `{status: 'live', principal}` or `{status: 'ended', reason}`
   * (decision 20); without it, the bare principal or 404, as before sessions.
   */
  router.get('/internal/principals/:userId', requireInternal, async (ctx: AppContext) => {
    const userId = ctx.params.userId ?? '';
    const sid = ctx.query.sid;
    if (typeof sid === 'string') {
      ctx.body = await kit.db.systemTx((tx) => lookupPrincipal(tx, userId, sid));
      return;
    }
    const principal = await kit.db.systemTx((tx) => findPrincipal(tx, userId));
    if (!principal) throw notFound('No such active user.');
    ctx.body = principal;
  });

  /**
   * Every settings group of a tenant, defaults filled in: for operators and reconciliation.
   * Not for another service's request path: bookings and catalogue keep their own copy from
   * `tenant.settings_changed` (settings/settings-events.ts) and answer 503 without one.
   */
  router.get('/internal/tenant-settings/:tenantId', requireInternal, async (ctx: AppContext) => {
    const tenantId = pathTenant(ctx);
    ctx.body = await kit.db.tenantTx(tenantId, async (tx) => {
      const s = await readAllSections(tx, tenantId);
      return {
        tenantId,
        general: await readSettings(tx, tenantId),
        stripeAccountId: s.stripe_account.stripeAccountId,
        paymentMethods: s.payment_methods,
        bankDetails: s.bank_details,
        invoice: s.invoice,
        business: s.business,
        terms: s.terms,
        availability: s.availability,
        policies: s.policies,
        privacy: s.privacy,
      };
    });
  });

  tenantExportRoute(router, kit, adminTenantExport);
}
