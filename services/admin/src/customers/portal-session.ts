/** The portal session's cookie and customer access token (handlers/portal.ts). */
import {
  CUSTOMER_ACCESS_TOKEN_TTL_SECONDS,
  PORTAL_REFRESH_COOKIE,
  PORTAL_REFRESH_COOKIE_PATH,
  PORTAL_SESSION_ENDED_CODE,
  PORTAL_SIGN_IN_MESSAGE,
} from '@venue/contracts';
import type { PortalToken } from '@venue/contracts/admin';
import { signCustomerToken, type AppContext } from '@venue/service-kit';
import { signingKey } from '../auth/signing-key.ts';

export function setPortalCookie(ctx: AppContext, token: string, expiresAt: Date): void {
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

export function clearPortalCookie(ctx: AppContext): void {
  ctx.cookies.set(PORTAL_REFRESH_COOKIE, '', {
    httpOnly: true,
    sameSite: 'strict',
    path: PORTAL_REFRESH_COOKIE_PATH,
    secure: ctx.secure,
    expires: new Date(0),
    overwrite: true,
  });
}

export async function accessToken(s: {
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

export function portalSessionEnded(ctx: AppContext): void {
  clearPortalCookie(ctx);
  ctx.status = 401;
  ctx.body = { message: PORTAL_SIGN_IN_MESSAGE, code: PORTAL_SESSION_ENDED_CODE };
}
