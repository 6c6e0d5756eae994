/**
 * Settings → Online bookings (owner only), the venue's logo on its public page, and the
 * gateway's slug look-up (issue 25, decision 56).
 */
import {
  ONLINE_BOOKINGS_LOGO_MISSING,
  SLUG_TAKEN_MESSAGE,
  onlineBookingsUpdateSchema,
  type VenueBySlug,
} from '@venue/contracts';
import {
  conflict,
  kyselyOf,
  notFound,
  parseBody,
  requireAuth,
  requireInternal,
  requireRole,
  requireVisitor,
  withRead,
  withTx,
  type AppContext,
  type AppRouter,
  type ServiceKit,
} from '@venue/service-kit';
import type { AdminDb } from '../db/schema.ts';
import { publishSettingsSnapshot } from '../settings/settings-events.ts';
import { findVenueBySlug, readOnlineBookings, SlugTakenError, writeOnlineBookings } from './online-store.ts';

export const ONLINE_BOOKINGS_PATH = '/api/settings/online-bookings';
const LABEL = 'Online bookings';

export function onlineBookingsRoutes(router: AppRouter, kit: ServiceKit): void {
  router.get(
    ONLINE_BOOKINGS_PATH,
    requireAuth,
    requireRole('hall_owner'),
    withRead,
    async (ctx: AppContext) => {
      ctx.body = await readOnlineBookings(ctx.state.tx, ctx.state.principal.tenantId);
    },
  );

  router.put(
    ONLINE_BOOKINGS_PATH,
    requireAuth,
    requireRole('hall_owner'),
    withTx,
    async (ctx: AppContext) => {
      const update = parseBody(ctx, onlineBookingsUpdateSchema);
      const { tenantId, userId } = ctx.state.principal;
      let written;
      try {
        written = await writeOnlineBookings(ctx.state.tx, tenantId, update, userId);
      } catch (err) {
        if (err instanceof SlugTakenError)
          throw conflict(SLUG_TAKEN_MESSAGE, { errors: [{ path: 'slug', message: SLUG_TAKEN_MESSAGE }] });
        throw err;
      }
      const { value, changes } = written;
      if (Object.keys(changes).length > 0) {
        // Catalogue and bookings read the setting from their copies (decision 56): every change rides.
        await publishSettingsSnapshot(ctx.state.tx, tenantId);
        await ctx.state.tx.audit(ctx, {
          action: 'settings_updated',
          targetType: 'settings',
          target: LABEL,
          targetLabel: LABEL,
          additionalInfo: `${LABEL} updated`,
          changes,
        });
      }
      ctx.body = value;
    },
  );

  /**
   * The venue's logo on its public page: the hall owner's profile picture (re-encoded WebP
   * without metadata when it was uploaded), or 404. Visitors only: the gateway resolved the
   * slug to the venue, so the picture is found by the tenant alone.
   */
  router.get('/api/public/venues/:slug/logo', requireVisitor, withRead, async (ctx: AppContext) => {
    const tenantId = ctx.state.visitor.tenantId;
    const picture = await kyselyOf<AdminDb>(ctx.state.tx)
      .selectFrom('profile_pictures')
      .select(['data', 'mime_type'])
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', tenantId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!picture) throw notFound(ONLINE_BOOKINGS_LOGO_MISSING);
    ctx.type = picture.mime_type;
    // A new picture shows within five minutes; the URL names the venue, not the picture.
    ctx.set('cache-control', 'public, max-age=300');
    ctx.set('x-content-type-options', 'nosniff');
    ctx.body = Buffer.from(picture.data);
  });

  /** The gateway's slug look-up (cached there for 30 s, dropped on tenant.settings_changed). */
  router.get('/internal/venues/by-slug/:slug', requireInternal, async (ctx: AppContext) => {
    const slug = ctx.params.slug ?? '';
    const venue = /^[a-z0-9-]{1,60}$/.test(slug)
      ? await kit.db.systemTx((tx) => findVenueBySlug(tx, slug))
      : null;
    if (!venue) throw notFound('No venue has this address.');
    const answer: VenueBySlug = venue;
    ctx.body = answer;
  });
}
