import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Box, Burger, Drawer, Group, Text } from '@mantine/core';
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

  if (wide) {
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

  return (
    <Box style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Group
        component="header"
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
      <Drawer
        opened={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        size={SIDEBAR_WIDTH}
        title={<Text fw={700}>{PRODUCT_NAME}</Text>}
        closeButtonProps={{ 'aria-label': 'Close menu' }}
        styles={{ body: { padding: 0, height: 'calc(100% - 60px)' } }}
        data-testid="menu-drawer"
      >
        <Sidebar session={session} showBrand={false} onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      {main}
    </Box>
  );
}
