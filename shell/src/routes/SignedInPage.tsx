// Every page behind sign-in: the guard, the layout, the remote parcels and the providers only
// they need (react-query, notifications, modals). A lazy chunk of the shell, so the sign-in
// page downloads none of it.
import { useCallback, useMemo, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { findPage, hasPermission, type PermissionKey } from '@venue/contracts';
import { SessionContext, type Navigate as NavigateFn, type SessionContextValue } from '@venue/ui';
import { useShellSession } from '../session/SessionProvider.tsx';
import { canAccessPage, isVenuePageForSuperAdmin } from '../session/access.ts';
import { AppLayout } from '../layout/AppLayout.tsx';
import { WelcomePage } from '../pages/WelcomePage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { SessionLoading } from '../pages/FullPageMessage.tsx';
import { DeniedPage, SUPER_ADMIN_VENUE_DENIAL } from '../pages/DeniedPage.tsx';
import { RemoteArea } from '../remotes/RemoteArea.tsx';
import { registerQueryClient } from './query-cache.ts';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
registerQueryClient(queryClient);

/** The navigation contract: remotes call this; it never changes identity across renders. */
function useStableNavigate(): NavigateFn {
  const navigate = useNavigate();
  const ref = useRef(navigate);
  ref.current = navigate;
  return useCallback<NavigateFn>((to, options) => {
    void ref.current(to, options);
  }, []);
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
  else if (!canAccessPage(page, session.principal))
    content = (
      <DeniedPage
        title={page.title}
        path={page.path}
        denial={isVenuePageForSuperAdmin(page, session.principal) ? SUPER_ADMIN_VENUE_DENIAL : undefined}
      />
    );
  else if (page.remote === 'shell') content = <WelcomePage />;
  else content = <RemoteArea key={page.remote} remote={page.remote} props={parcelProps} />;

  return (
    <SessionContext.Provider value={contextValue}>
      <AppLayout session={session}>{content}</AppLayout>
    </SessionContext.Provider>
  );
}

export default function SignedInPage() {
  return (
    <>
      {/* Bottom right: at the top they covered the page header's buttons (Refresh, New Booking…). */}
      <Notifications position="bottom-right" />
      <ModalsProvider>
        <QueryClientProvider client={queryClient}>
          <GuardedPage />
        </QueryClientProvider>
      </ModalsProvider>
    </>
  );
}
