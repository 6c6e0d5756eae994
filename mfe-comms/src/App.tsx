import { createRemoteLifecycles } from '@venue/ui';
import { Root } from './Root.tsx';

/** The './App' expose: single-spa lifecycles the shell mounts as a parcel. */
export const { bootstrap, mount, unmount, update } = createRemoteLifecycles(Root);
