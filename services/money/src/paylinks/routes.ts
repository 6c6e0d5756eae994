/**
 * Payment links (decision 43). Staff: copy (made on first use) and revoke. Comms: the link of a
 * booking's invoice for Send Pay Link. Public, through the gateway: the pay page, its "Pay by
 * card" (a Stripe Checkout Session on the venue's connected account), and Stripe's webhook.
 *
 * Each call of the contract's table is one handler in `handlers/` (`serveOperations`); the pay
 * page (pay-page.ts) and comms' route are not in the public table and stay by hand.
 */
import { MONEY_ROUTES } from '@venue/contracts/money-api';
import { notFound, requireInternal, serveOperations, type AppRouter } from '@venue/service-kit';
import { idParam } from '../shared/http.ts';
import { bookingPayLink } from './booking-link.ts';
import type { PaylinkConfig } from './config.ts';
import { postPaymentLink, revokePaymentLink } from './handlers/payment-link.ts';
import { stripeWebhook } from './handlers/stripe-webhook.ts';
import { showPayPage, startCheckout } from './pay-page.ts';

const PAYLINK_ROUTES = MONEY_ROUTES.filter(
  (r) => r.path.includes('/payment-link') || r.path === '/api/payments/stripe/webhook',
);

export function paylinkRoutes(router: AppRouter, cfg: PaylinkConfig) {
  serveOperations(router, PAYLINK_ROUTES, [postPaymentLink(cfg), revokePaymentLink(cfg), stripeWebhook(cfg)]);

  router.post('/internal/payment-links/:hallOwnerId/bookings/:bookingId', requireInternal, async (ctx) => {
    const tenantId = idParam(ctx, 'hallOwnerId');
    const bookingId = idParam(ctx, 'bookingId');
    if (!tenantId || !bookingId) throw notFound('Booking not found');
    ctx.body = await ctx.kit.db.tenantTx(tenantId, (tx) => bookingPayLink(tx, tenantId, bookingId, cfg));
  });

  router.get('/pay/:token', (ctx) => showPayPage(ctx, cfg));
  router.post('/pay/:token/checkout', (ctx) => startCheckout(ctx, cfg));
}
