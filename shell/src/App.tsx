import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from '@venue/ui';
import { SessionProvider, useShellSession } from './session/SessionProvider.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { SessionLoading } from './pages/FullPageMessage.tsx';
import { clearQueryCache } from './routes/query-cache.ts';

/**
 * The sign-in page is all a first visit needs; the signed-in shell (layout, remote loading,
 * react-query, notifications, modals) is its own chunk, fetched for the first page behind it.
 */
const SignedInPage = lazy(() => import('./routes/SignedInPage.tsx'));

function LoginRoute() {
  const { status } = useShellSession();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'signed-in') return <Navigate to="/Dashboard" replace />;
  return <LoginPage />;
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <BrowserRouter>
        <SessionProvider onSignedOut={clearQueryCache}>
          <Routes>
            <Route path="/" element={<Navigate to="/login" replace />} />
            <Route path="/login" element={<LoginRoute />} />
            <Route
              path="*"
              element={
                <Suspense fallback={<SessionLoading />}>
                  <SignedInPage />
                </Suspense>
              }
            />
          </Routes>
        </SessionProvider>
      </BrowserRouter>
    </MantineProvider>
  );
}
