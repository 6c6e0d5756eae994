/**
 * The customer portal's sign-in: each call of the contract's table a named handler in
 * `handlers/portal.ts` (`serveOperations`, issue 28 item 2), and the gateway's session check,
 * internal, written here.
 */
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import {
  isUuid,
  requireInternal,
  serveOperations,
  type AppRouter,
  type ServiceKit,
} from '@venue/service-kit';
import {
  deletePortalSession,
  getPortalMe,
  postPortalLink,
  postPortalSession,
  refreshPortalSession,
} from './handlers/portal.ts';
import { lookupCustomerSession } from './portal-store.ts';

const PORTAL_ROUTES = ADMIN_ROUTES.filter(
  (r) => r.path.startsWith('/api/portal/') || r.path === '/api/public/venues/{slug}/portal-link',
);

export function portalRoutes(router: AppRouter, kit: ServiceKit): void {
  serveOperations(router, PORTAL_ROUTES, [
    postPortalLink,
    postPortalSession,
    refreshPortalSession,
    deletePortalSession,
    getPortalMe,
  ]);

  /** The gateway's session check for a customer token (cached there, dropped on customer.session_ended). */
  router.get('/internal/customer-sessions/:sessionId', requireInternal, async (ctx) => {
    const id = ctx.params.sessionId ?? '';
    ctx.body = isUuid(id)
      ? await kit.db.systemTx((tx) => lookupCustomerSession(tx, id))
      : { status: 'ended' };
  });
}
