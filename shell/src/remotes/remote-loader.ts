import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@venue/contracts';
import {
  REMOTES_CONFIG_PATH,
  findIncompatibility,
  parseRemotesConfig,
  reasonFromFederationError,
  type RemotesConfig,
} from '@venue/contracts/frontends';
import type { ParcelConfigObject } from 'single-spa';

/** What every remote's './App' exposes: single-spa-react lifecycles. */
export type RemoteLifecycles = Pick<ParcelConfigObject, 'bootstrap' | 'mount' | 'unmount' | 'update'>;

export const REMOTE_NAMES: readonly RemoteName[] = ['admin', 'bookings', 'money', 'catalogue', 'comms'];

/** The versions of the shared singletons this shell puts on the page (packages/mfe-webpack). */
declare const __VENUE_SHARED_VERSIONS__: Record<string, string> | undefined;

function providedVersions(): Record<string, string> {
  return typeof __VENUE_SHARED_VERSIONS__ === 'undefined' ? {} : __VENUE_SHARED_VERSIONS__;
}

/** A remote that cannot load, with the reason the unavailable panel shows. */
export class RemoteUnavailableError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'RemoteUnavailableError';
    this.reason = reason;
  }
}

let config: Promise<RemotesConfig> | null = null;
/** The manifest each remote is registered with (the federation runtime keeps one per name). */
const registered = new Map<RemoteName, string>();

/** What a new page load starts with: no list read, nothing registered (for component tests). */
export function resetRemoteLoader(): void {
  config = null;
  registered.clear();
}

/**
 * The gateway's list of current releases (decision 41), read once per page load — so a remote
 * deployed since the last load is used by the next one — and again on Retry.
 */
function remotesConfig(fresh: boolean): Promise<RemotesConfig> {
  if (!config || fresh) {
    config = fetch(REMOTES_CONFIG_PATH, { credentials: 'same-origin', cache: 'no-cache' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${REMOTES_CONFIG_PATH} answered ${res.status}`);
        return parseRemotesConfig(await res.json());
      })
      .catch((error: unknown) => {
        config = null;
        throw new RemoteUnavailableError('The list of sections could not be loaded.', { cause: error });
      });
  }
  return config;
}

/**
 * Loads a remote only when a page of it is first shown: its current release from the runtime
 * configuration, refused with a reason when it needs shared versions this shell does not run.
 * A retry reads the configuration again and re-registers the remote with `force`, which drops
 * the federation runtime's cached (failed) entry so the manifest and remoteEntry are fetched again.
 */
export async function loadRemoteApp(name: RemoteName, { retry = false } = {}): Promise<RemoteLifecycles> {
  const { remotes } = await remotesConfig(retry);
  const release = remotes.find((r) => r.name === name);
  if (!release) throw new RemoteUnavailableError('This section is not deployed on this VenueDesk.');
  const problem = findIncompatibility(release.shared, providedVersions());
  if (problem) throw new RemoteUnavailableError(problem.reason);

  const known = registered.get(name);
  if (known !== release.entry || retry) {
    registerRemotes([{ name, entry: release.entry }], { force: known !== undefined });
    registered.set(name, release.entry);
  }
  let mod: Partial<RemoteLifecycles> | null;
  try {
    mod = await loadRemote<Partial<RemoteLifecycles>>(`${name}/App`);
  } catch (error) {
    // The runtime's own check of the same requirements (strict singletons), in the same words.
    const reason = reasonFromFederationError(error instanceof Error ? error.message : String(error));
    throw reason ? new RemoteUnavailableError(reason, { cause: error }) : error;
  }
  if (
    !mod ||
    typeof mod.mount !== 'function' ||
    typeof mod.unmount !== 'function' ||
    typeof mod.bootstrap !== 'function'
  ) {
    throw new Error(`The ${name} section did not provide mountable lifecycles`);
  }
  return { bootstrap: mod.bootstrap, mount: mod.mount, unmount: mod.unmount, update: mod.update };
}
