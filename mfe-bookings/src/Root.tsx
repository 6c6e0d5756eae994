import { Suspense } from 'react';
import { LoadingState, RemotePage, RemoteRoot, type RemoteProps } from '@venue/ui';
import { pages } from './pages.ts';
import { RouteSearch } from './shared/route-search.ts';

export function Root(props: RemoteProps) {
  return (
    <RemoteRoot {...props} testId="remote-bookings">
      <RouteSearch.Provider value={props.search ?? ''}>
        {/* Pages are lazy chunks (pages.ts); a failed load reaches RemoteRoot's error boundary. */}
        <Suspense fallback={<LoadingState label="Loading..." />}>
          <RemotePage path={props.path} pages={pages} />
        </Suspense>
      </RouteSearch.Provider>
    </RemoteRoot>
  );
}
