import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteProps } from '@venue/ui';
import { Root } from './Root.tsx';

/** single-spa-react lifecycles: the shell mounts these as a parcel (architecture decision 6). */
const lifecycles = singleSpaReact<RemoteProps>({
  React,
  ReactDOMClient,
  rootComponent: Root,
  // Last resort if the providers themselves fail; page errors are caught inside RemoteRoot.
  errorBoundary: (error) => (
    <div role="alert" style={{ padding: 24 }}>
      This section is unavailable: {error.message}
    </div>
  ),
});

export const { bootstrap, mount, unmount } = lifecycles;
export const update = lifecycles.update;
