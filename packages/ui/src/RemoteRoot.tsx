import { useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { hasPermission, type PermissionKey } from '@venue/contracts';
import { cssVariablesResolver, theme } from './theme.ts';
import { SessionContext, type RemoteProps, type SessionContextValue } from './session.tsx';
import { RemoteErrorBoundary } from './components/RemoteErrorBoundary.tsx';

export interface RemoteRootProps extends RemoteProps {
  /** data-testid of the remote's root element, e.g. "remote-admin". */
  testId: string;
  children: ReactNode;
}

/**
 * The providers every parcel needs. A parcel is its own React root, so React contexts from the
 * shell do not reach it; this rebuilds them from the props the shell passes. Notifications are
 * deliberately not rendered here: @mantine/notifications keeps one shared store, so the
 * shell's single <Notifications /> shows what any remote sends, and a second container would
 * show every message twice.
 */
export function RemoteRoot({ path, session, navigate, queryClient, testId, children }: RemoteRootProps) {
  const value = useMemo<SessionContextValue>(
    () => ({ ...session, navigate, can: (key: PermissionKey) => hasPermission(session.principal, key) }),
    [session, navigate],
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={value}>
          <ModalsProvider>
            <div data-testid={testId}>
              <RemoteErrorBoundary resetKey={path}>{children}</RemoteErrorBoundary>
            </div>
          </ModalsProvider>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
