/**
 * What the login page says when a session ended without the user signing out here (decision
 * 20). The server names the reason (`session_ended` answers of refresh and of the gateway); the
 * wording lives here so it reads the same wherever the session was lost.
 */
import { isSessionEndReason, type SessionEndReason } from '@venue/contracts';

export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  signed_out: 'You were signed out.',
  replayed:
    'Your session ended because it was used from another browser. Please sign in again; if that was not you, change your password.',
  password_changed: 'Your password was changed — sign in with the new one.',
  deactivated: 'Your account has been deactivated. Contact your hall owner.',
  deleted: 'Your account no longer exists.',
};

/** When the session was lost while in use and the server did not say why. */
export const SESSION_ENDED_NOTICE = 'Your session has ended. Please sign in again.';

/** The notice for a reason; null when there is nothing to explain (no reason given). */
export function sessionEndMessage(reason: SessionEndReason | null | undefined): string | null {
  return reason ? SESSION_END_MESSAGES[reason] : null;
}

/** The reason in a 401 body (`{code: 'session_ended', reason}`), if it names one. */
export function reasonOf(body: unknown): SessionEndReason | null {
  const r = body && typeof body === 'object' ? (body as { reason?: unknown }).reason : undefined;
  return isSessionEndReason(r) ? r : null;
}
