import type { ReactElement, ReactNode } from 'react';
import { jest } from '@jest/globals';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import {
  DEFAULT_USER_SETTINGS,
  hasPermission,
  type PermissionKey,
  type UserSettings,
} from '@venue/contracts';
import { createApiClient } from '../api-client.ts';
import { cssVariablesResolver, theme } from '../theme.ts';
import { SessionContext, type Navigate, type SessionContextValue, type SessionInfo } from '../session.tsx';

export interface RenderOptions {
  /** The signed-in user; a hall owner with the default settings unless given. */
  session?: Partial<Omit<SessionInfo, 'settings'>> & { settings?: Partial<UserSettings> };
  /** Wraps the tree in a router at this path (shell pages use react-router; remotes do not). */
  route?: string;
}

export interface RenderWithProvidersResult extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  session: SessionContextValue;
  /** The session's `navigate`: what the page asked the shell to open. */
  navigate: jest.Mock<Navigate>;
}

/**
 * Renders a page or dialog inside what a remote's root gives it in the shell (RemoteRoot: the
 * theme, a query client, the session, modals) plus the shell's notifications, so a test sees
 * toasts too. The api client is the real one, pointed at jsdom's origin, where msw answers.
 * Mantine runs in its test mode: no transitions and no portals, so dialogs render in place.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderWithProvidersResult {
  const { settings, ...rest } = options.session ?? {};
  const queryClient = new QueryClient({
    defaultOptions: {
      // A failure shows at once instead of after three retries with back-off.
      queries: { retry: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
  const navigate = jest.fn<Navigate>();
  const role = rest.role ?? 'hall_owner';
  const principal = rest.principal ?? { role, permissions: [] };
  const info: SessionInfo = {
    role,
    profile: null,
    principal,
    settings: { ...DEFAULT_USER_SETTINGS, ...settings },
    hallName: 'Test Hall',
    hallOwnerId: '00000000-0000-4000-8000-000000000001',
    getToken: () => 'test-token',
    api: createApiClient({ getToken: () => 'test-token', baseUrl: window.location.origin }),
    reload: async () => {},
    ...rest,
  };
  const session: SessionContextValue = {
    ...info,
    navigate,
    can: (key: PermissionKey) => hasPermission(info.principal, key),
  };
  const wrapper = ({ children }: { children: ReactNode }) => {
    const tree = (
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        env="test"
      >
        <QueryClientProvider client={queryClient}>
          <SessionContext.Provider value={session}>
            <Notifications />
            <ModalsProvider>{children}</ModalsProvider>
          </SessionContext.Provider>
        </QueryClientProvider>
      </MantineProvider>
    );
    return options.route ? <MemoryRouter initialEntries={[options.route]}>{tree}</MemoryRouter> : tree;
  };
  const user = userEvent.setup({ delay: null });
  const result: RenderResult = render(ui, { wrapper });
  return { ...result, user, queryClient, session, navigate };
}
