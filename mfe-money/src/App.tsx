import { sectionLifecycles } from '@venue/ui/remote-root';
import { pages } from './pages.ts';

/** The './App' expose: single-spa lifecycles the shell mounts as a parcel. */
export const { bootstrap, mount, unmount, update } = sectionLifecycles({
  testId: 'remote-money',
  pages,
});
