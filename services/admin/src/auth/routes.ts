/**
 * Sign-in and sessions: refresh and sign-out are named handlers in `handlers/session.ts`
 * (`serveOperations`, issue 28 item 2). The sign-in stays written by hand: it answers a bad body
 * with a sign-in code (loginFailureCode), not the field messages the kit's parse of the table's
 * body would give.
 */
import { ADMIN_ROUTES, loginBody, loginFailureCode } from '@venue/contracts/admin';
import {
  serveOperations,
  type AppContext,
  type AppRouter,
  type ServiceKit,
  type Tx,
} from '@venue/service-kit';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { issueRefreshToken } from './refresh-tokens.ts';
import { accessTokenFor, auditSession, clientContext, setRefreshCookie } from './session.ts';
import { authLogout, logoutAlias, refreshSession } from './handlers/session.ts';
import { beginAttempt, finishAttempt, refuseThrottled, THROTTLE_WINDOW_MINUTES } from './throttle.ts';
import { signinError, type SigninErrorCode } from './signin-errors.ts';
import { userLabel } from '../users/serialise.ts';
import { findUserForLogin, isUsable, type UserRow } from '../users/user-store.ts';

function fail(ctx: AppContext, code: SigninErrorCode): void {
  const { status, body } = signinError(code);
  ctx.status = status;
  ctx.body = body;
}

/**
 * A failed sign-in on an existing account goes to that account's tenant's audit log, with the
 * address (from the request), so the owner sees who is guessing. The actor is unknown: whoever
 * typed the password is not known to be the account. Refused (throttled) attempts are not
 * audited one by one, since they never test a password and would only flood the log: the
 * failure that used up an address's tries says so instead, once per block.
 */
async function auditFailedSignIn(
  ctx: AppContext,
  tx: Tx,
  account: UserRow,
  reason: 'wrong-password' | 'disabled',
  blocksAddress: boolean,
): Promise<void> {
  const what =
    reason === 'disabled'
      ? `Sign-in as ${account.email} refused: the account is disabled.`
      : `Wrong password for ${account.email}.`;
  const block = blocksAddress
    ? ` This address has used its tries: its sign-ins to this account are refused for up to ${THROTTLE_WINDOW_MINUTES} minutes.`
    : '';
  await tx.audit(ctx, {
    action: 'login_failed',
    targetType: 'user',
    target: account.id,
    targetLabel: userLabel(account),
    actor: { id: null, email: null, role: null },
    tenantId: account.tenant_id,
    additionalInfo: what + block,
  });
}

export function authRoutes(router: AppRouter, kit: ServiceKit): void {
  router.post('/api/login', async (ctx: AppContext) => {
    // The contract's schema, answered with a sign-in code rather than field messages.
    const parsed = loginBody.safeParse(ctx.request.body ?? {});
    if (!parsed.success) return fail(ctx, loginFailureCode(parsed.error));
    const { email: rawEmail, password } = parsed.data;
    const { ip, userAgent } = clientContext(ctx);

    const started = await kit.db.systemTx(async (tx) => {
      const attempt = await beginAttempt(tx, rawEmail, ip);
      return attempt.kind === 'throttled'
        ? attempt
        : { ...attempt, found: await findUserForLogin(tx, rawEmail) };
    });
    // Throttling is keyed by what was typed, not by account, so this answer is the same for an
    // e-mail that exists and one that does not.
    if (started.kind === 'throttled') return refuseThrottled(ctx, started.retryAfterSeconds);
    const { id: attempt, found, blocksIfFailed } = started;

    // Always one argon2 verification, so an unknown e-mail costs what a wrong password costs.
    const passwordOk = await verifyPassword(found?.password_hash ?? (await dummyPasswordHash()), password);
    const user = passwordOk ? found : null;

    // A second transaction on every path, failures included, so an existing e-mail (whose
    // failure is audited) and an unknown one cost the same round trips.
    const session = await kit.db.systemTx(async (tx) => {
      if (user && isUsable(user)) {
        await finishAttempt(tx, attempt);
        const refresh = await issueRefreshToken(tx, user, { ip, userAgent });
        await auditSession(ctx, tx, user, 'user_login');
        return { refresh: refresh.token, access: await accessTokenFor(user, refresh.sessionId) };
      }
      // A deleted account no longer exists for its tenant; unknown e-mails have no tenant.
      if (found && found.deleted_at === null) {
        await auditFailedSignIn(ctx, tx, found, user ? 'disabled' : 'wrong-password', blocksIfFailed);
      }
      return null;
    });

    if (!user) return fail(ctx, 'invalid-credential');
    if (!session) return fail(ctx, 'user-disabled');
    setRefreshCookie(ctx, session.refresh);
    ctx.body = { token: session.access, role: user.role };
  });

  const sessionPaths = new Set(['/api/auth/refresh', '/api/auth/logout', '/api/logout']);
  serveOperations(
    router,
    ADMIN_ROUTES.filter((r) => sessionPaths.has(r.path)),
    [refreshSession, authLogout, logoutAlias],
  );
}
