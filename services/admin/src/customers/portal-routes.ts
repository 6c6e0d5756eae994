/**
 * The customer's sign-in (issue 25, decision 56): a link e-mailed for one venue, a 30-day portal
 * session with a rotating refresh cookie, a 10-minute customer access token (audience
 * `venue-portal`, refused on every staff call), sign-out, and who is signed in.
 */
import {
  CUSTOMER_ACCESS_TOKEN_TTL_SECONDS,
  PORTAL_REFRESH_COOKIE,
  PORTAL_REFRESH_COOKIE_PATH,
  PORTAL_SESSION_ENDED_CODE,
  PORTAL_SIGN_IN_MESSAGE,
} from '@venue/contracts';
import {
  PORTAL_LINK_INVALID_MESSAGE,
  PORTAL_LINK_SENT_MESSAGE,
  PORTAL_SIGNED_OUT_MESSAGE,
  portalLinkBody,
  portalSessionBody,
  type PortalMe,
  type PortalToken,
} from '@venue/contracts/admin';
import {
  HttpError,
  isUuid,
  kyselyOf,
  notFound,
  parseBody,
  requireCustomer,
  requireInternal,
  requireVisitor,
  signCustomerToken,
  withCustomerTx,
  withTx,
  type AppContext,
  type AppRouter,
  type ServiceKit,
} from '@venue/service-kit';
import { signingKey } from '../auth/signing-key.ts';
import type { AdminDb } from '../db/schema.ts';
import {
  createPortalLink,
  lookupCustomerSession,
  rotatePortalRefresh,
  signOutPortal,
  spendPortalLink,
} from './portal-store.ts';

function setPortalCookie(ctx: AppContext, token: string, expiresAt: Date): void {
  ctx.cookies.set(PORTAL_REFRESH_COOKIE, token, {
    httpOnly: true,
    // The portal is the product's own origin (/my); the cookie never rides a cross-site request.
    sameSite: 'strict',
    path: PORTAL_REFRESH_COOKIE_PATH,
    secure: ctx.secure,
    expires: expiresAt,
    overwrite: true,
  });
}

function clearPortalCookie(ctx: AppContext): void {
  ctx.cookies.set(PORTAL_REFRESH_COOKIE, '', {
    httpOnly: true,
    sameSite: 'strict',
    path: PORTAL_REFRESH_COOKIE_PATH,
    secure: ctx.secure,
    expires: new Date(0),
    overwrite: true,
  });
}

async function accessToken(s: {
  customerId: string;
  tenantId: string;
  email: string;
  sessionId: string;
}): Promise<PortalToken> {
  const token = await signCustomerToken(
    { sub: s.customerId, tid: s.tenantId, em: s.email, sid: s.sessionId },
    await signingKey(),
  );
  return { token, expiresIn: CUSTOMER_ACCESS_TOKEN_TTL_SECONDS };
}

function portalSessionEnded(ctx: AppContext): void {
  clearPortalCookie(ctx);
  ctx.status = 401;
  ctx.body = { message: PORTAL_SIGN_IN_MESSAGE, code: PORTAL_SESSION_ENDED_CODE };
}

export function portalRoutes(router: AppRouter, kit: ServiceKit): void {
  /**
   * Always 202 with the same words, whether or not the address ever booked here, and whether or
   * not a link went out (an address asking too often gets none): nothing here tells a stranger
   * who the venue's customers are. The gateway limits the route per client address and per venue.
   */
  router.post('/api/public/venues/:slug/portal-link', requireVisitor, withTx, async (ctx: AppContext) => {
    const { email } = parseBody(ctx, portalLinkBody);
    const { tenantId, slug, address } = ctx.state.visitor;
    const link = await createPortalLink(ctx.state.tx, tenantId, email, address || null);
    if (link) {
      // The plaintext token goes to comms in the (internal) event only; it is stored nowhere.
      await ctx.state.tx.publish(
        'customer.portal_link_requested',
        { tenantId, slug, email, token: link.token, expiresAt: link.expiresAt.toISOString() },
        { tenantId },
      );
    }
    ctx.status = 202;
    ctx.body = { message: PORTAL_LINK_SENT_MESSAGE };
  });

  router.post('/api/portal/session', async (ctx: AppContext) => {
    const { token } = parseBody(ctx, portalSessionBody);
    const started = await kit.db.systemTx((tx) => spendPortalLink(tx, token));
    if (!started) throw new HttpError(401, PORTAL_LINK_INVALID_MESSAGE, { code: 'portal_link_invalid' });
    setPortalCookie(ctx, started.refreshToken, started.expiresAt);
    ctx.body = await accessToken(started);
  });

  router.post('/api/portal/session/refresh', async (ctx: AppContext) => {
    const presented = ctx.cookies.get(PORTAL_REFRESH_COOKIE);
    // No cookie is no session: the portal shows its sign-in form on this 401.
    if (!presented) return portalSessionEnded(ctx);
    const rotation = await kit.db.systemTx((tx) => rotatePortalRefresh(tx, presented));
    if (rotation.kind === 'ended') {
      if (rotation.replayed) ctx.log.warn('portal refresh token replayed; its session ended');
      return portalSessionEnded(ctx);
    }
    setPortalCookie(ctx, rotation.token, rotation.expiresAt);
    ctx.body = await accessToken(rotation);
  });

  // Needs no live access token: the cookie (sent only to /api/portal/session) names the session.
  router.delete('/api/portal/session', async (ctx: AppContext) => {
    const presented = ctx.cookies.get(PORTAL_REFRESH_COOKIE);
    if (presented) await kit.db.systemTx((tx) => signOutPortal(tx, presented));
    clearPortalCookie(ctx);
    ctx.body = { message: PORTAL_SIGNED_OUT_MESSAGE };
  });

  router.get('/api/portal/me', requireCustomer, withCustomerTx, async (ctx: AppContext) => {
    const { customerId, tenantId, email } = ctx.state.customer;
    const q = kyselyOf<AdminDb>(ctx.state.tx);
    const venue = await q
      .selectFrom('users as u')
      .leftJoin('online_bookings as o', 'o.tenant_id', 'u.id')
      .select(['u.hall_name', 'u.name', 'o.slug'])
      .where('u.id', '=', tenantId)
      .executeTakeFirst();
    if (!venue) throw notFound('No such venue.');
    const me: PortalMe = {
      customerId,
      email,
      venue: { slug: venue.slug ?? '', name: venue.hall_name ?? venue.name ?? '' },
    };
    ctx.body = me;
  });

  /** The gateway's session check for a customer token (cached there, dropped on customer.session_ended). */
  router.get('/internal/customer-sessions/:sessionId', requireInternal, async (ctx: AppContext) => {
    const id = ctx.params.sessionId ?? '';
    ctx.body = isUuid(id)
      ? await kit.db.systemTx((tx) => lookupCustomerSession(tx, id))
      : { status: 'ended' };
  });
}
