import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@venue/contracts';
import type { ParcelConfigObject } from 'single-spa';

/** What every remote's './App' exposes: single-spa-react lifecycles. */
export type RemoteLifecycles = Pick<ParcelConfigObject, 'bootstrap' | 'mount' | 'unmount' | 'update'>;

export const REMOTE_NAMES: readonly RemoteName[] = ['admin', 'bookings', 'money', 'catalogue', 'comms'];

/** Remotes are served by the gateway under one origin, each from its own folder. */
export function manifestUrl(name: RemoteName): string {
  return `/mfe/${name}/mf-manifest.json`;
}

let registered = false;

function register(names: readonly RemoteName[], force: boolean) {
  registerRemotes(
    names.map((name) => ({ name, entry: manifestUrl(name) })),
    { force },
  );
}

/**
 * Loads a remote only when a page of it is first shown. A retry re-registers the remote with
 * `force`, which drops the federation runtime's cached (failed) entry so the manifest and
 * remoteEntry are fetched again.
 */
export async function loadRemoteApp(name: RemoteName, { retry = false } = {}): Promise<RemoteLifecycles> {
  if (!registered) {
    register(REMOTE_NAMES, false);
    registered = true;
  } else if (retry) {
    register([name], true);
  }
  const mod = await loadRemote<Partial<RemoteLifecycles>>(`${name}/App`);
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
