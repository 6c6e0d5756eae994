import { REFRESH_COOKIE } from '@venue/contracts';
import { signAccessToken, type AppContext, type Tx } from '@venue/service-kit';
import { REFRESH_TOKEN_TTL_SECONDS } from './refresh-tokens.ts';
import { signingKey } from './signing-key.ts';
import { userLabel } from '../users/serialise.ts';
import { toPrincipal, type UserRow } from '../users/user-store.ts';

/** The refresh cookie only travels to the session endpoints, never to the rest of the API. */
export const REFRESH_COOKIE_PATH = '/api/auth';

export function setRefreshCookie(ctx: AppContext, token: string): void {
  ctx.cookies.set(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    // Secure only over https: the embedded default is plain http on localhost
    secure: ctx.secure,
    maxAge: REFRESH_TOKEN_TTL_SECONDS * 1000,
    overwrite: true,
  });
}

export function clearRefreshCookie(ctx: AppContext): void {
  ctx.cookies.set(REFRESH_COOKIE, '', {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    secure: ctx.secure,
    expires: new Date(0),
    overwrite: true,
  });
}

export function clientContext(ctx: AppContext): { userAgent: string | null; ip: string | null } {
  return { userAgent: ctx.get('user-agent') || null, ip: ctx.ip || null };
}

/**
 * An access token for `user` in the session `sessionId`, carrying the principal as it is now
 * (decision 20: the gateway's fallback while admin cannot be asked).
 */
export async function accessTokenFor(user: UserRow, sessionId: string): Promise<string> {
  const principal = toPrincipal(user);
  return signAccessToken(
    {
      sub: principal.userId,
      role: principal.role,
      tid: principal.tenantId,
      pv: principal.tokenVersion,
      sid: sessionId,
      em: principal.email,
      nm: principal.name,
      par: principal.parentUserId,
      perm: principal.permissions,
    },
    await signingKey(),
  );
}

/** Sign-in and sign-out happen without a request principal: the account itself is the actor. */
export async function auditSession(
  ctx: AppContext,
  tx: Tx,
  user: UserRow,
  action: 'user_login' | 'user_logout',
): Promise<void> {
  await tx.audit(ctx, {
    action,
    targetType: 'user',
    target: user.id,
    targetLabel: userLabel(user),
    actor: { id: user.id, email: user.email, role: user.role },
    tenantId: user.tenant_id,
  });
}
