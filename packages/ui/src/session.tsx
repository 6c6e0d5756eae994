import { createContext, useContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PermissionKey, UserSettings } from '@venue/contracts';
import type { Profile as ProfileAnswer } from '@venue/contracts/admin';
import type { ApiClient } from './api-client.ts';

/**
 * GET /api/users/profile as the browser keeps it (spec 01 §3 "User profile"): the API contract's
 * answer, with `role` as text (the shell also knows 'guest') and id and e-mail optional (screens
 * and tests that stand in a profile need not invent them).
 */
export type Profile = Omit<ProfileAnswer, 'id' | 'email' | 'role'> &
  Partial<Pick<ProfileAnswer, 'id' | 'email'>> & { role: string };

/**
 * What the shell knows about the signed-in user. `role` is 'guest' for an authenticated user
 * with no role; `profile` is null when it could not be loaded (the role alone then applies).
 */
export interface SessionInfo {
  role: string;
  profile: Profile | null;
  /** The shape `hasPermission` takes; permissions are empty until the profile loads. */
  principal: { role: string; permissions: string[] };
  settings: UserSettings;
  /** The owner's hall, or the parent owner's for a sub-user. */
  hallName: string | null;
  /** Id whose data the user works on: the parent's for a sub-user, else their own. */
  hallOwnerId: string | null;
  getToken: () => string | null;
  /**
   * Takes the access token an answer handed out (a password change issues one and makes the
   * old one stale), so the next call does not present the stale one, get a 401 and refresh.
   */
  adoptToken?: (token: string) => void;
  api: ApiClient;
  /** Re-reads profile and settings (after a page saves them) so every section shows the change. */
  reload: () => Promise<void>;
}

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** Props every remote's root receives from the shell (the navigation contract). */
export interface RemoteProps {
  /** The current pathname, as typed (match it with findPage, which ignores case). */
  path: string;
  /** The current query string including '?', or ''. */
  search?: string;
  navigate: Navigate;
  session: SessionInfo;
  queryClient: QueryClient;
}

export interface SessionContextValue extends SessionInfo {
  navigate: Navigate;
  can: (key: PermissionKey) => boolean;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside the shell or a RemoteRoot');
  return value;
}
