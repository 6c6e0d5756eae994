/** Settings → Online bookings (owner only), and the venue's logo on its public page (issue 25, decision 56). */
import { ONLINE_BOOKINGS_LOGO_MISSING, SLUG_TAKEN_MESSAGE } from '@venue/contracts';
import {
  conflict,
  kyselyOf,
  notFound,
  operation,
  requireAuth,
  requireRole,
  requireVisitor,
} from '@venue/service-kit';
import type { AdminDb } from '../../db/schema.ts';
import { publishSettingsSnapshot } from '../../settings/settings-events.ts';
import { readOnlineBookings, SlugTakenError, writeOnlineBookings } from '../online-store.ts';

const LABEL = 'Online bookings';
const guard = [requireAuth, requireRole('hall_owner')];

export const getOnlineBookings = operation(
  'get /api/settings/online-bookings',
  { guard, transaction: 'read' },
  ({ ctx, tx }) => readOnlineBookings(tx, ctx.state.principal.tenantId),
);

export const putOnlineBookings = operation(
  'put /api/settings/online-bookings',
  { guard },
  async ({ ctx, tx, body }) => {
    const { tenantId, userId } = ctx.state.principal;
    let written;
    try {
      written = await writeOnlineBookings(tx, tenantId, body, userId);
    } catch (err) {
      if (err instanceof SlugTakenError)
        throw conflict(SLUG_TAKEN_MESSAGE, { errors: [{ path: 'slug', message: SLUG_TAKEN_MESSAGE }] });
      throw err;
    }
    const { value, changes } = written;
    if (Object.keys(changes).length > 0) {
      // Catalogue and bookings read the setting from their copies (decision 56): every change rides.
      await publishSettingsSnapshot(tx, tenantId);
      await tx.audit(ctx, {
        action: 'settings_updated',
        targetType: 'settings',
        target: LABEL,
        targetLabel: LABEL,
        additionalInfo: `${LABEL} updated`,
        changes,
      });
    }
    return value;
  },
);

/**
 * The venue's logo on its public page: the hall owner's profile picture (re-encoded WebP
 * without metadata when it was uploaded), or 404. Visitors only: the gateway resolved the
 * slug to the venue, so the picture is found by the tenant alone.
 */
export const getVenueLogo = operation(
  'get /api/public/venues/{slug}/logo',
  { guard: [requireVisitor], transaction: 'read' },
  async ({ ctx, tx }) => {
    const tenantId = ctx.state.visitor.tenantId;
    const picture = await kyselyOf<AdminDb>(tx)
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
  },
);
