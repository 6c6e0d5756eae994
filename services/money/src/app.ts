import {
  notImplemented,
  requireAuth,
  requirePermission,
  requireTenantParam,
  type AppMiddleware,
  type ServiceOptions,
} from '@venue/service-kit';

/**
 * The endpoint exists with its real guards (token, page permission, own tenant), but the
 * feature is not built yet: say so instead of inventing data.
 */
function notYet(area: string): AppMiddleware {
  return async () => {
    throw notImplemented(`${area} is not available yet.`);
  };
}

/** services/money: Invoices, payments, deposits and quotations. Shared by main.ts and the tests. */
export const moneyService: ServiceOptions = {
  name: 'money',
  migrationsDir: new URL('../migrations/', import.meta.url),
  routes(router) {
    router.get(
      '/api/invoices/hall-owner/:hallOwnerId',
      requireAuth,
      requirePermission('invoices'),
      requireTenantParam('hallOwnerId'),
      notYet('Invoices'),
    );
    router.get(
      '/api/payments/hall-owner/:hallOwnerId',
      requireAuth,
      requirePermission('invoices'),
      requireTenantParam('hallOwnerId'),
      notYet('Payments'),
    );
    router.get(
      '/api/quotations/my-quotations',
      requireAuth,
      requirePermission('quotations'),
      notYet('Quotations'),
    );
  },
};
