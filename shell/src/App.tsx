import { useCallback, useMemo, useRef } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { findPage, hasPermission, type PermissionKey } from '@venue/contracts';
import { SessionContext, theme, type Navigate as NavigateFn, type SessionContextValue } from '@venue/ui';
import { SessionProvider, useShellSession } from './session/SessionProvider.tsx';
import { canAccessPage } from './session/access.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { WelcomePage } from './pages/WelcomePage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { SessionLoading } from './pages/FullPageMessage.tsx';
import { DeniedPage } from './pages/DeniedPage.tsx';
import { RemoteArea } from './remotes/RemoteArea.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** The navigation contract: remotes call this; it never changes identity across renders. */
function useStableNavigate(): NavigateFn {
  const navigate = useNavigate();
  const ref = useRef(navigate);
  ref.current = navigate;
  return useCallback<NavigateFn>((to, options) => {
    void ref.current(to, options);
  }, []);
}

function LoginRoute() {
  const { status } = useShellSession();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'signed-in') return <Navigate to="/Dashboard" replace />;
  return <LoginPage />;
}

/** Every path except /login and /: guard, then the page from the shared page table. */
function GuardedPage() {
  const { status, session } = useShellSession();
  const location = useLocation();
  const navigate = useStableNavigate();

  const contextValue = useMemo<SessionContextValue | null>(
    () =>
      session
        ? { ...session, navigate, can: (key: PermissionKey) => hasPermission(session.principal, key) }
        : null,
    [session, navigate],
  );
  const parcelProps = useMemo(
    () =>
      session ? { path: location.pathname, search: location.search, navigate, session, queryClient } : null,
    [location.pathname, location.search, navigate, session],
  );

  if (status === 'loading') return <SessionLoading />;
  if (!session || !contextValue || !parcelProps) return <Navigate to="/login" replace />;

  const page = findPage(location.pathname);
  let content;
  if (!page) content = <NotFoundPage />;
  else if (!canAccessPage(page, session.principal)) content = <DeniedPage title={page.title} />;
  else if (page.remote === 'shell') content = <WelcomePage />;
  else content = <RemoteArea key={page.remote} remote={page.remote} props={parcelProps} />;

  return (
    <SessionContext.Provider value={contextValue}>
      <AppLayout session={session}>{content}</AppLayout>
    </SessionContext.Provider>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" />
      <ModalsProvider>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <SessionProvider onSignedOut={() => queryClient.clear()}>
              <Routes>
                <Route path="/" element={<Navigate to="/login" replace />} />
                <Route path="/login" element={<LoginRoute />} />
                <Route path="*" element={<GuardedPage />} />
              </Routes>
            </SessionProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>
  );
}
