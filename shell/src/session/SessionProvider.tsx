import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { createApiClient, type ApiClient, type SessionInfo } from '@venue/ui';
import * as auth from './auth-api.ts';
import { loadSessionData, storeRole } from './session-data.ts';
import { reasonOf, sessionEndMessage, SESSION_ENDED_NOTICE } from './session-end.ts';

export { ROLE_STORAGE_KEY } from './session-data.ts';

type Status = 'loading' | 'signed-out' | 'signed-in';

interface SessionState {
  status: Status;
  session: SessionInfo | null;
  notice: string | null;
}

export interface ShellSession {
  status: Status;
  /** Present when signed in. */
  session: SessionInfo | null;
  /** Why the user is looking at the login page, when it was not their own doing (decision 20). */
  notice: string | null;
  signIn: (email: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
}

const ShellSessionContext = createContext<ShellSession | null>(null);

export function useShellSession(): ShellSession {
  const value = useContext(ShellSessionContext);
  if (!value) throw new Error('useShellSession must be used inside SessionProvider');
  return value;
}

type Refs = {
  token: RefObject<string | null>;
  reload: RefObject<() => Promise<void>>;
};

/**
 * One API client for the whole page; concurrent 401s share a single refresh. A `token_stale`
 * 401 is mended here without the user noticing; when the refreshed token speaks for a changed
 * principal, the profile is reloaded so the menu follows the new permissions.
 */
function useSessionApi(refs: Refs, clear: (notice: string | null) => void): ApiClient {
  const refreshing = useRef<Promise<string | null> | null>(null);
  /** Why the last refresh was refused, for the login page. */
  const endedReason = useRef<auth.RefreshOutcome | null>(null);
  return useMemo(
    () =>
      createApiClient({
        getToken: () => refs.token.current,
        refresh: () => {
          refreshing.current ??= auth
            .refreshSession()
            .then((outcome) => {
              // No answer for now: the session may be alive, so the request fails but nobody is signed out.
              if (outcome.kind === 'unavailable') throw new Error(outcome.message);
              if (outcome.kind === 'ended') {
                endedReason.current = outcome;
                refs.token.current = null;
                return null;
              }
              const before = refs.token.current;
              refs.token.current = outcome.grant.token;
              if (auth.principalMoved(before, outcome.grant.token)) void refs.reload.current();
              return refs.token.current;
            })
            .finally(() => {
              refreshing.current = null;
            });
          return refreshing.current;
        },
        onUnauthorized: (body) => {
          const ended = endedReason.current;
          endedReason.current = null;
          const reason = ended?.kind === 'ended' && ended.reason ? ended.reason : reasonOf(body);
          clear(sessionEndMessage(reason) ?? SESSION_ENDED_NOTICE);
        },
      }),
    [refs, clear],
  );
}

/** Restores a session from the refresh cookie once per page load. */
function useRestoreOnLoad(
  tokenRef: RefObject<string | null>,
  establish: (grant: auth.TokenGrant) => Promise<SessionInfo>,
  setState: (state: SessionState) => void,
) {
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    void (async () => {
      const outcome = await auth.refreshSession();
      if (outcome.kind !== 'granted') {
        tokenRef.current = null;
        storeRole(null);
        // A session that ended while the page was closed says why; no session at all says nothing.
        const notice = outcome.kind === 'ended' ? sessionEndMessage(outcome.reason) : outcome.message;
        setState({ status: 'signed-out', session: null, notice });
        return;
      }
      const session = await establish(outcome.grant);
      // A 401 while loading the profile ends the session; don't resurrect it.
      if (tokenRef.current) setState({ status: 'signed-in', session, notice: null });
    })();
  }, [tokenRef, establish, setState]);
}

export function SessionProvider({
  children,
  onSignedOut,
}: {
  children: ReactNode;
  onSignedOut?: () => void;
}) {
  const [state, setState] = useState<SessionState>({ status: 'loading', session: null, notice: null });
  const tokenRef = useRef<string | null>(null);
  const onSignedOutRef = useRef(onSignedOut);
  onSignedOutRef.current = onSignedOut;
  const reloadRef = useRef<() => Promise<void>>(async () => {});
  const refs = useMemo<Refs>(() => ({ token: tokenRef, reload: reloadRef }), []);

  const clear = useCallback((notice: string | null = null) => {
    tokenRef.current = null;
    storeRole(null);
    setState({ status: 'signed-out', session: null, notice });
    onSignedOutRef.current?.();
  }, []);

  const api = useSessionApi(refs, clear);
  const reload = useCallback(() => reloadRef.current(), []);

  const establish = useCallback(
    async (grant: { token: string; role: auth.TokenGrant['role'] | null }): Promise<SessionInfo> => {
      tokenRef.current = grant.token;
      const data = await loadSessionData(api, grant.token, grant.role);
      return {
        ...data,
        getToken: () => tokenRef.current,
        adoptToken: (token: string) => {
          if (tokenRef.current) tokenRef.current = token;
        },
        api,
        reload,
      };
    },
    [api, reload],
  );

  useEffect(() => {
    reloadRef.current = async () => {
      const token = tokenRef.current;
      if (!token) return;
      const session = await establish({ token, role: null });
      if (tokenRef.current) setState({ status: 'signed-in', session, notice: null });
    };
  }, [establish]);

  useRestoreOnLoad(tokenRef, establish, setState);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const grant = await auth.login(email, password);
      const session = await establish(grant);
      if (!tokenRef.current) throw new auth.LoginFailure('', null);
      setState({ status: 'signed-in', session, notice: null });
    },
    [establish],
  );

  const signOut = useCallback(async () => {
    await auth.logout(tokenRef.current);
    clear(null);
  }, [clear]);

  const value = useMemo<ShellSession>(
    () => ({ status: state.status, session: state.session, notice: state.notice, signIn, signOut }),
    [state, signIn, signOut],
  );
  return <ShellSessionContext.Provider value={value}>{children}</ShellSessionContext.Provider>;
}
