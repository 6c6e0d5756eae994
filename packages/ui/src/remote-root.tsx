/**
 * A section's root and its './App' lifecycles, written once for every remote (issue 28 item 4):
 * a remote names its test id and its pages, and gets the providers, the page for the shell's
 * path and the query string its pages read. Imported as `@venue/ui/remote-root`: each app
 * bundles it, so the route-search context below is one object per app (its root provides it,
 * its pages read it), while the session, providers and lifecycles come through the shared kit
 * (`@venue/ui`), so the session context stays the one the shell's copy creates.
 */
import { Suspense, createContext, lazy, useContext, type ComponentType, type FunctionComponent } from 'react';
import type { ReactAppOrParcel } from 'single-spa-react';
import { LoadingState, RemotePage, RemoteRoot, createRemoteLifecycles, type RemoteProps } from '@venue/ui';

/** Pages of a remote, keyed by their PAGES path in @venue/contracts. */
export type SectionPages = Record<string, ComponentType>;

export interface SectionOptions {
  /** data-testid of the section's root element, e.g. "remote-admin" (the browser tests find sections by it). */
  testId: string;
  pages: SectionPages;
}

/**
 * The page's query string ('?q=HH-2026-0042' or ''), from the shell's `search` prop. Pages render
 * without props (RemotePage), so the root hands it down this way; links elsewhere in the product
 * (a booking code in an e-mail, the dashboard's "share by e-mail") carry what a page opens with.
 */
export const RouteSearch = createContext('');

export function useRouteParams(): URLSearchParams {
  return new URLSearchParams(useContext(RouteSearch));
}

/**
 * A page as its own chunk, loaded when first shown: a visit downloads that page's code and the
 * libraries only it uses (zod and the contract's schemas with a form), not every screen of the
 * section. `name` is the page's named export in that module.
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ComponentType {
  return lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
}

/** The root component a remote mounts: the kit's providers around the page for the shell's path. */
export function sectionRoot({ testId, pages }: SectionOptions): FunctionComponent<RemoteProps> {
  function SectionRoot(props: RemoteProps) {
    return (
      <RemoteRoot {...props} testId={testId}>
        <RouteSearch.Provider value={props.search ?? ''}>
          {/* Pages are lazy chunks (lazyPage); a failed load reaches RemoteRoot's error boundary. */}
          <Suspense fallback={<LoadingState label="Loading..." />}>
            <RemotePage path={props.path} pages={pages} />
          </Suspense>
        </RouteSearch.Provider>
      </RemoteRoot>
    );
  }
  SectionRoot.displayName = `SectionRoot(${testId})`;
  return SectionRoot;
}

/** What a remote exposes as './App': the single-spa lifecycles of its section root. */
export function sectionLifecycles(options: SectionOptions): ReactAppOrParcel<RemoteProps> {
  return createRemoteLifecycles(sectionRoot(options));
}
