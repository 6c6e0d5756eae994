import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Box, Burger, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PRODUCT_NAME, type SessionInfo } from '@venue/ui';
import { Sidebar } from './Sidebar.tsx';

/** Spec 01 §9: the menu is a fixed 260 px column from 768 px up, a drawer below. */
export const SIDEBAR_WIDTH = 260;
// Mantine's Drawer only below 768 px: a wide screen (the usual one) never fetches it, a narrow
// one fetches it as the top bar appears, closed until the burger is pressed.
const MenuDrawer = lazy(() => import('./MenuDrawer.tsx').then((m) => ({ default: m.MenuDrawer })));
const WIDE_QUERY = '(min-width: 768px)';

export function AppLayout({ session, children }: { session: SessionInfo; children: ReactNode }) {
  const wide = useMediaQuery(
    WIDE_QUERY,
    typeof window !== 'undefined' && window.matchMedia(WIDE_QUERY).matches,
    {
      getInitialValueInEffect: false,
    },
  );
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname]);

  const main = (
    <Box component="main" p={{ base: 'md', sm: 'xl' }} style={{ flex: 1, minWidth: 0 }}>
      {children}
    </Box>
  );

  if (wide) return <WideLayout session={session} main={main} />;
  return <NarrowLayout session={session} main={main} drawerOpen={drawerOpen} setDrawerOpen={setDrawerOpen} />;
}

/** From 768 px: the menu is a sticky column beside the page. */
function WideLayout({ session, main }: { session: SessionInfo; main: ReactNode }) {
  return (
    <Box style={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="aside"
        w={SIDEBAR_WIDTH}
        data-testid="sidebar"
        style={{
          flex: `0 0 ${SIDEBAR_WIDTH}px`,
          position: 'sticky',
          top: 0,
          height: '100vh',
          borderRight: '1px solid var(--mantine-color-gray-3)',
          background: 'var(--mantine-color-gray-0)',
        }}
      >
        <Sidebar session={session} showBrand />
      </Box>
      {main}
    </Box>
  );
}

/** Below 768 px: a top bar whose burger opens the menu in a drawer. */
function NarrowLayout({
  session,
  main,
  drawerOpen,
  setDrawerOpen,
}: {
  session: SessionInfo;
  main: ReactNode;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
}) {
  return (
    <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {/*
        A named region, not a <header>: Mantine titles its modals and this drawer with <header>
        elements, and a second banner landmark confuses screen-reader navigation (axe
        landmark-no-duplicate-banner); the wide layout has no banner either.
      */}
      <Group
        component="section"
        aria-label="Top bar"
        px="md"
        h={56}
        gap="sm"
        style={{
          borderBottom: '1px solid var(--mantine-color-gray-3)',
          position: 'sticky',
          top: 0,
          zIndex: 10,
          background: 'var(--mantine-color-body)',
        }}
      >
        <Burger opened={drawerOpen} onClick={() => setDrawerOpen(true)} aria-label="Open menu" size="sm" />
        <Text fw={700} c="indigo.7">
          {PRODUCT_NAME}
        </Text>
      </Group>
      <Suspense fallback={null}>
        <MenuDrawer
          session={session}
          opened={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={SIDEBAR_WIDTH}
        />
      </Suspense>
      {main}
    </Box>
  );
}
