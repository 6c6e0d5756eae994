import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact, { type ReactAppOrParcel } from 'single-spa-react';

// Plain createElement rather than JSX, and generic props rather than importing RemoteProps from
// session.tsx, so node:test and the node tsconfig (neither handles .tsx) can load this module.

/** Last resort when the remote's providers themselves fail; page errors stop at RemoteRoot. */
export function remoteCrashFallback(error: Error): React.ReactElement {
  return React.createElement(
    'div',
    { role: 'alert', style: { padding: 24 } },
    'This section is unavailable: ',
    error.message,
  );
}

/**
 * What every remote exposes as './App': the single-spa lifecycles the shell mounts as a parcel
 * (architecture decision 6). React and react-dom come from this module's imports, which the
 * federation config shares as singletons, so the remote renders with the shell's React.
 * `Root` receives the shell's parcel props (`RemoteProps`).
 */
export function createRemoteLifecycles<Props extends object>(
  Root: React.FunctionComponent<Props>,
): ReactAppOrParcel<Props> {
  return singleSpaReact<Props>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary: remoteCrashFallback,
  });
}
