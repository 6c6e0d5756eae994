import { Box, CloseButton, Drawer, Group, Text } from '@mantine/core';
import { PRODUCT_NAME, type SessionInfo } from '@venue/ui';
import { Sidebar } from './Sidebar.tsx';

/**
 * The drawer draws its own title row: Mantine's would be a <header>, and the sign-out dialog
 * opened from inside the drawer brings a second one (two banner landmarks).
 */
export function MenuDrawer({
  session,
  opened,
  onClose,
  width,
}: {
  session: SessionInfo;
  opened: boolean;
  onClose: () => void;
  /** the wide layout's column width (AppLayout's SIDEBAR_WIDTH) */
  width: number;
}) {
  return (
    <Drawer.Root opened={opened} onClose={onClose} size={width}>
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
