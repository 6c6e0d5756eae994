import { checkUserSettings, DEFAULT_USER_SETTINGS, type UserSettings } from '@venue/contracts';
import type { ApiClient, Profile, SessionInfo } from '@venue/ui';
import { readClaims } from './auth-api.ts';

/** Spec 01 §4: the role is mirrored locally so a reload without a profile still knows it. */
export const ROLE_STORAGE_KEY = 'role';

export function storeRole(role: string | null) {
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

/** A sub-user works in their parent owner's hall, whose name the parent's data carries. */
function parentHallName(api: ApiClient, parentUserId: string): Promise<string | null> {
  return api
    .api<{ hallName?: string | null }>(`/api/users/parent-data/${encodeURIComponent(parentUserId)}`)
    .then((parent) => parent?.hallName ?? null)
    .catch((error: unknown) => {
      console.warn("Could not load the parent owner's data", error);
      return null;
    });
}

/** What a session shows of its user, read when it starts and again on reload. */
export type SessionData = Pick<
  SessionInfo,
  'role' | 'profile' | 'principal' | 'settings' | 'hallName' | 'hallOwnerId'
>;

/**
 * Reads the profile and settings behind `token`. A reload knows the token only (`grantRole`
 * null): the role then comes from its claims or the profile. A profile or settings that cannot
 * be read leave the role and the default settings, so the user still gets in.
 */
export async function loadSessionData(
  api: ApiClient,
  token: string,
  grantRole: string | null,
): Promise<SessionData> {
  const claims = readClaims(token);
  let role = grantRole ?? claims.role ?? storedRole() ?? 'guest';
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

  const hallName =
    role === 'sub_user' && profile?.parentUserId
      ? await parentHallName(api, profile.parentUserId)
      : (profile?.hallName ?? null);
  const ownId = profile?.id ?? claims.sub ?? null;
  return {
    role,
    profile,
    principal: { role, permissions: profile?.permissions ?? [] },
    settings: settingsRaw ? parseSettings(settingsRaw) : DEFAULT_USER_SETTINGS,
    hallName,
    hallOwnerId: role === 'sub_user' ? (profile?.parentUserId ?? null) : ownId,
  };
}
