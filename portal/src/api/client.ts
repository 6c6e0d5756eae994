/**
 * The two ways the light app calls the API, both through the UI kit's one client
 * (`@venue/ui/light`): as a visitor (no credentials; the gateway knows the venue by the slug in
 * the path) and as a signed-in customer (a 10-minute access token kept in memory, renewed from
 * the `venue_portal_refresh` cookie, decision 56).
 */
import { createApiClient, type ApiClient } from '@venue/ui/light';

/** Calls without a session: the public booking page and verification. */
export const publicApi: ApiClient = createApiClient({ getToken: () => null });

export const venuePath = (slug: string, rest = '') => `/api/public/venues/${encodeURIComponent(slug)}${rest}`;

type SessionState = 'unknown' | 'signed-in' | 'signed-out';

interface Session {
  state: SessionState;
  token: string | null;
}

let session: Session = { state: 'unknown', token: null };
const listeners = new Set<() => void>();

function setSession(next: Session) {
  session = next;
  for (const l of listeners) l();
}

export const portalSession = {
  get: () => session,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signedIn(token: string) {
    setSession({ state: 'signed-in', token });
  },
  signedOut() {
    setSession({ state: 'signed-out', token: null });
  },
  /** For tests: back to a fresh page. */
  reset() {
    refreshing = null;
    setSession({ state: 'unknown', token: null });
  },
};

let refreshing: Promise<string | null> | null = null;

/**
 * A new access token from the refresh cookie, or null when there is no session (the sign-in
 * form then shows). Throws when the portal could not answer, so a passing outage does not look
 * like being signed out. Concurrent callers share one refresh: the cookie rotates on each use.
 */
export function refreshPortalSession(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const res = await fetch('/api/portal/session/refresh', {
        method: 'POST',
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (res.status === 401 || res.status === 403) {
        portalSession.signedOut();
        return null;
      }
      if (!res.ok) throw new Error('Your bookings are unavailable right now. Please try again shortly.');
      const { token } = (await res.json()) as { token: string };
      portalSession.signedIn(token);
      return token;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Calls as the signed-in customer. */
export const portalApi: ApiClient = createApiClient({
  getToken: () => session.token,
  refresh: refreshPortalSession,
  onUnauthorized: () => portalSession.signedOut(),
});

/** Spends the e-mailed link's token once: the session starts and its access token is kept. */
export async function startPortalSession(token: string): Promise<void> {
  const answer = await publicApi.api<{ token: string }>('/api/portal/session', {
    method: 'POST',
    body: { token },
  });
  portalSession.signedIn(answer.token);
}

export async function endPortalSession(): Promise<void> {
  try {
    await portalApi.api('/api/portal/session', { method: 'DELETE' });
  } finally {
    portalSession.signedOut();
  }
}
