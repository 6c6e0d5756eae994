import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Box, Burger, CloseButton, Drawer, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PRODUCT_NAME, type SessionInfo } from '@venue/ui';
import { Sidebar } from './Sidebar.tsx';

/** Spec 01 §9: the menu is a fixed 260 px column from 768 px up, a drawer below. */
export const SIDEBAR_WIDTH = 260;
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
      <MenuDrawer session={session} opened={drawerOpen} onClose={() => setDrawerOpen(false)} />
      {main}
    </Box>
  );
}

/**
 * The drawer draws its own title row: Mantine's would be a <header>, and the sign-out dialog
 * opened from inside the drawer brings a second one (two banner landmarks).
 */
function MenuDrawer({
  session,
  opened,
  onClose,
}: {
  session: SessionInfo;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer.Root opened={opened} onClose={onClose} size={SIDEBAR_WIDTH}>
      <Drawer.Overlay />
      <Drawer.Content aria-label="Menu" data-testid="menu-drawer">
        <Drawer.Body p={0} h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
          <Group justify="space-between" px="md" h={60} style={{ flex: '0 0 auto' }}>
            <Text fw={700} c="indigo.7">
              {PRODUCT_NAME}
            </Text>
            <CloseButton aria-label="Close menu" onClick={onClose} />
          </Group>
          <Box style={{ flex: 1, minHeight: 0 }}>
            <Sidebar session={session} showBrand={false} onNavigate={onClose} />
          </Box>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
