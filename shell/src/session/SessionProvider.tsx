import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { checkUserSettings, DEFAULT_USER_SETTINGS, type UserSettings } from '@venue/contracts';
import { createApiClient, type ApiClient, type Profile, type SessionInfo } from '@venue/ui';
import * as auth from './auth-api.ts';
import { reasonOf, sessionEndMessage, SESSION_ENDED_NOTICE } from './session-end.ts';

/** Spec 01 §4: the role is mirrored locally so a reload without a profile still knows it. */
export const ROLE_STORAGE_KEY = 'role';

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

function storeRole(role: string | null) {
  try {
    if (role) localStorage.setItem(ROLE_STORAGE_KEY, role);
    else localStorage.removeItem(ROLE_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the in-memory session still works.
  }
}

function storedRole(): string | null {
  try {
    return localStorage.getItem(ROLE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function parseSettings(raw: unknown): UserSettings {
  // The schema's check without zod, which would add 26 kB to every page load.
  const parsed = checkUserSettings(raw);
  if (!parsed.success) {
    console.warn('Settings from the server were not understood; using defaults', parsed.field);
    return DEFAULT_USER_SETTINGS;
  }
  return { ...DEFAULT_USER_SETTINGS, ...parsed.data };
}

function parseProfile(raw: unknown): Profile | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    id: str(p.id) ?? str(p.userId) ?? undefined,
    email: str(p.email) ?? undefined,
    role: str(p.role) ?? 'guest',
    permissions: Array.isArray(p.permissions)
      ? p.permissions.filter((x): x is string => typeof x === 'string')
      : [],
    parentUserId: str(p.parentUserId),
    name: str(p.name),
    profilePicture: str(p.profilePicture),
    hallName: str(p.hallName),
  };
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
  const refreshing = useRef<Promise<string | null> | null>(null);
  /** Why the last refresh was refused, for the login page. */
  const endedReason = useRef<auth.RefreshOutcome | null>(null);
  const onSignedOutRef = useRef(onSignedOut);
  onSignedOutRef.current = onSignedOut;
  const reloadRef = useRef<() => Promise<void>>(async () => {});

  const clear = useCallback((notice: string | null = null) => {
    tokenRef.current = null;
    storeRole(null);
    setState({ status: 'signed-out', session: null, notice });
    onSignedOutRef.current?.();
  }, []);

  // One API client for the whole page; concurrent 401s share a single refresh. A `token_stale`
  // 401 is mended here without the user noticing; when the refreshed token speaks for a changed
  // principal, the profile is reloaded so the menu follows the new permissions.
  const api: ApiClient = useMemo(
    () =>
      createApiClient({
        getToken: () => tokenRef.current,
        refresh: () => {
          refreshing.current ??= auth
            .refreshSession()
            .then((outcome) => {
              // No answer for now: the session may be alive, so the request fails but nobody is signed out.
              if (outcome.kind === 'unavailable') throw new Error(outcome.message);
              if (outcome.kind === 'ended') {
                endedReason.current = outcome;
                tokenRef.current = null;
                return null;
              }
              const before = tokenRef.current;
              tokenRef.current = outcome.grant.token;
              if (auth.principalMoved(before, outcome.grant.token)) void reloadRef.current();
              return tokenRef.current;
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
    [clear],
  );

  const reload = useCallback(() => reloadRef.current(), []);

  const establish = useCallback(
    // A reload knows the token only: the role then comes from its claims or the profile.
    async (grant: { token: string; role: auth.TokenGrant['role'] | null }): Promise<SessionInfo> => {
      tokenRef.current = grant.token;
      const claims = auth.readClaims(grant.token);
      let role = grant.role ?? claims.role ?? storedRole() ?? 'guest';
      storeRole(role);

      const [profileRaw, settingsRaw] = await Promise.all([
        api.api('/api/users/profile').catch((error: unknown) => {
          console.warn('Could not load the profile; continuing with the role only', error);
          return null;
        }),
        api.api('/api/users/settings').catch((error: unknown) => {
          console.warn('Could not load settings; using defaults', error);
          return null;
        }),
      ]);
      const profile = parseProfile(profileRaw);
      if (profile && profile.role !== 'guest') {
        role = profile.role;
        storeRole(role);
      }

      let hallName = profile?.hallName ?? null;
      if (role === 'sub_user' && profile?.parentUserId) {
        hallName = await api
          .api<{ hallName?: string | null }>(
            `/api/users/parent-data/${encodeURIComponent(profile.parentUserId)}`,
          )
          .then((parent) => parent?.hallName ?? null)
          .catch((error: unknown) => {
            console.warn("Could not load the parent owner's data", error);
            return null;
          });
      }

      const ownId = profile?.id ?? claims.sub ?? null;
      return {
        role,
        profile,
        principal: { role, permissions: profile?.permissions ?? [] },
        settings: settingsRaw ? parseSettings(settingsRaw) : DEFAULT_USER_SETTINGS,
        hallName,
        hallOwnerId: role === 'sub_user' ? (profile?.parentUserId ?? null) : ownId,
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

  // Restore a session from the refresh cookie once per page load.
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
  }, [establish]);

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
