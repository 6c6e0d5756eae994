/**
 * Settings → Online bookings and the venue's logo: each call of the contract's table a named
 * handler in `handlers/online-bookings.ts` (`serveOperations`, issue 28 item 2); the gateway's
 * slug look-up, internal, written here.
 */
import type { VenueBySlug } from '@venue/contracts';
import { ADMIN_ROUTES } from '@venue/contracts/admin';
import {
  notFound,
  requireInternal,
  serveOperations,
  type AppRouter,
  type ServiceKit,
} from '@venue/service-kit';
import { getOnlineBookings, getVenueLogo, putOnlineBookings } from './handlers/online-bookings.ts';
import { findVenueBySlug } from './online-store.ts';

export const ONLINE_BOOKINGS_PATH = '/api/settings/online-bookings';
const paths = new Set([ONLINE_BOOKINGS_PATH, '/api/public/venues/{slug}/logo']);

export function onlineBookingsRoutes(router: AppRouter, kit: ServiceKit): void {
  serveOperations(
    router,
    ADMIN_ROUTES.filter((r) => paths.has(r.path)),
    [getOnlineBookings, putOnlineBookings, getVenueLogo],
  );

  /** The gateway's slug look-up (cached there for 30 s, dropped on tenant.settings_changed). */
  router.get('/internal/venues/by-slug/:slug', requireInternal, async (ctx) => {
    const slug = ctx.params.slug ?? '';
    const venue = /^[a-z0-9-]{1,60}$/.test(slug)
      ? await kit.db.systemTx((tx) => findVenueBySlug(tx, slug))
      : null;
    if (!venue) throw notFound('No venue has this address.');
    const answer: VenueBySlug = venue;
    ctx.body = answer;
  });
}
