/**
 * The customer's sign-in (issue 25, decision 56): a link e-mailed for one venue, a 30-day portal
 * session with a rotating refresh cookie, a 10-minute customer access token (audience
 * `venue-portal`, refused on every staff call), sign-out, and who is signed in. The session calls
 * are public and carry no caller the kit could scope a transaction to: they open the system
 * transactions they need (`guard: []`, `transaction: 'none'`).
 */
import { PORTAL_REFRESH_COOKIE } from '@venue/contracts';
import {
  PORTAL_LINK_INVALID_MESSAGE,
  PORTAL_LINK_SENT_MESSAGE,
  PORTAL_SIGNED_OUT_MESSAGE,
  type PortalMe,
} from '@venue/contracts/admin';
import { HttpError, kyselyOf, notFound, operation, requireVisitor } from '@venue/service-kit';
import type { AdminDb } from '../../db/schema.ts';
import { readSection } from '../../settings/tenant-settings-store.ts';
import { accessToken, clearPortalCookie, portalSessionEnded, setPortalCookie } from '../portal-session.ts';
import { createPortalLink, rotatePortalRefresh, signOutPortal, spendPortalLink } from '../portal-store.ts';

/**
 * Always 202 with the same words, whether or not the address ever booked here, and whether or
 * not a link went out (an address asking too often gets none): nothing here tells a stranger
 * who the venue's customers are. The gateway limits the route per client address and per venue.
 */
export const postPortalLink = operation(
  'post /api/public/venues/{slug}/portal-link',
  { guard: [requireVisitor] },
  async ({ ctx, tx, body: { email } }) => {
    const { tenantId, slug, address } = ctx.state.visitor;
    const link = await createPortalLink(tx, tenantId, email, address || null);
    if (link) {
      // The plaintext token goes to comms in the (internal) event only; it is stored nowhere.
      await tx.publish(
        'customer.portal_link_requested',
        { tenantId, slug, email, token: link.token, expiresAt: link.expiresAt.toISOString() },
        { tenantId },
      );
    }
    ctx.status = 202;
    return { message: PORTAL_LINK_SENT_MESSAGE };
  },
);

const publicSession = { guard: [], transaction: 'none' } as const;

export const postPortalSession = operation(
  'post /api/portal/session',
  { ...publicSession },
  async ({ ctx, body: { token } }) => {
    const started = await ctx.kit.db.systemTx((tx) => spendPortalLink(tx, token));
    if (!started) throw new HttpError(401, PORTAL_LINK_INVALID_MESSAGE, { code: 'portal_link_invalid' });
    setPortalCookie(ctx, started.refreshToken, started.expiresAt);
    return accessToken(started);
  },
);

export const refreshPortalSession = operation(
  'post /api/portal/session/refresh',
  publicSession,
  async ({ ctx }) => {
    const presented = ctx.cookies.get(PORTAL_REFRESH_COOKIE);
    // No cookie is no session: the portal shows its sign-in form on this 401.
    if (!presented) return portalSessionEnded(ctx);
    const rotation = await ctx.kit.db.systemTx((tx) => rotatePortalRefresh(tx, presented));
    if (rotation.kind === 'ended') {
      if (rotation.replayed) ctx.log.warn('portal refresh token replayed; its session ended');
      return portalSessionEnded(ctx);
    }
    setPortalCookie(ctx, rotation.token, rotation.expiresAt);
    return accessToken(rotation);
  },
);

// Needs no live access token: the cookie (sent only to /api/portal/session) names the session.
export const deletePortalSession = operation('delete /api/portal/session', publicSession, async ({ ctx }) => {
  const presented = ctx.cookies.get(PORTAL_REFRESH_COOKIE);
  if (presented) await ctx.kit.db.systemTx((tx) => signOutPortal(tx, presented));
  clearPortalCookie(ctx);
  return { message: PORTAL_SIGNED_OUT_MESSAGE };
});

/**
 * Who is signed in, in the customer's transaction (the kit's for `access: 'customer'`). The venue
 * is named as its booking page and its e-mails name it, by the business name of its settings,
 * and by the hall's name while it has none: a customer meets one name at every door.
 */
export const getPortalMe = operation('get /api/portal/me', async ({ ctx, tx }): Promise<PortalMe> => {
  const { customerId, tenantId, email } = ctx.state.customer;
  const venue = await kyselyOf<AdminDb>(tx)
    .selectFrom('users as u')
    .leftJoin('online_bookings as o', 'o.tenant_id', 'u.id')
    .select(['u.hall_name', 'u.name', 'o.slug'])
    .where('u.id', '=', tenantId)
    .executeTakeFirst();
  if (!venue) throw notFound('No such venue.');
  const businessName = String((await readSection(tx, tenantId, 'business')).businessName ?? '').trim();
  const name = businessName || venue.hall_name || venue.name || '';
  return { customerId, email, venue: { slug: venue.slug ?? '', name } };
});
