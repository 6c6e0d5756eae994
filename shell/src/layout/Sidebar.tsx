import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Box, Button, Group, Modal, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { findPage, MENU, ROLE_LABELS, type MenuItem, type Role } from '@venue/contracts';
import { PRODUCT_NAME, type SessionInfo } from '@venue/ui';
import { visibleMenu } from '../session/access.ts';
import { useShellSession } from '../session/SessionProvider.tsx';

function roleLabel(session: SessionInfo): string {
  if (session.role === 'sub_user') return session.profile?.name ?? ROLE_LABELS.sub_user;
  return ROLE_LABELS[session.role as Role] ?? 'Guest';
}

function MenuLeaf({
  item,
  activePath,
  onNavigate,
}: {
  item: MenuItem;
  activePath: string | undefined;
  onNavigate?: () => void;
}) {
  const active = item.path === activePath;
  return (
    <NavLink
      component={Link}
      to={item.path ?? '/'}
      label={item.label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
    />
  );
}

function MenuGroup({
  item,
  activePath,
  onNavigate,
}: {
  item: MenuItem;
  activePath: string | undefined;
  onNavigate?: () => void;
}) {
  const containsActive = item.children?.some((c) => c.path === activePath) ?? false;
  const [opened, setOpened] = useState(containsActive);
  // Open the group whenever the route moves to one of its children (spec 01 §2).
  useEffect(() => {
    if (containsActive) setOpened(true);
  }, [containsActive]);
  return (
    <NavLink
      component="button"
      type="button"
      label={item.label}
      opened={opened}
      onChange={setOpened}
      childrenOffset="md"
      aria-expanded={opened}
    >
      {item.children?.map((child) => (
        <MenuLeaf key={child.label} item={child} activePath={activePath} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

function SignOut() {
  const { signOut } = useShellSession();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="default" fullWidth onClick={() => setConfirming(true)}>
        Sign Out
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Sign Out" centered>
        <Text mb="lg">Are you sure you want to logout?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              await signOut();
              setBusy(false);
              setConfirming(false);
              navigate('/login', { replace: true });
            }}
          >
            Logout
          </Button>
        </Group>
      </Modal>
    </>
  );
}

export function Sidebar({
  session,
  showBrand,
  onNavigate,
}: {
  session: SessionInfo;
  showBrand: boolean;
  onNavigate?: () => void;
}) {
  const location = useLocation();
  const activePath = findPage(location.pathname)?.path;
  const items = visibleMenu(MENU, session.principal);
  return (
    <Stack h="100%" gap={0}>
      {/* In the drawer its title already names the product; the hall name follows it closely. */}
      <Box
        px="md"
        pt={showBrand ? 'md' : 0}
        pb="md"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {showBrand ? (
          <Text fw={700} fz="lg" c="indigo.7">
            {PRODUCT_NAME}
          </Text>
        ) : null}
        {session.hallName ? (
          <Text size="sm" c="dimmed" data-testid="hall-name">
            {session.hallName}
          </Text>
        ) : null}
      </Box>
      <ScrollArea style={{ flex: 1 }} px="xs" py="xs">
        <nav aria-label="Main menu">
          {items.map((item) =>
            item.children ? (
              <MenuGroup key={item.label} item={item} activePath={activePath} onNavigate={onNavigate} />
            ) : (
              <MenuLeaf key={item.label} item={item} activePath={activePath} onNavigate={onNavigate} />
            ),
          )}
        </nav>
      </ScrollArea>
      <Stack gap="xs" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <div>
          <Text fw={600} size="sm" data-testid="role-label">
            {roleLabel(session)}
          </Text>
          <Text size="xs" c="dimmed">
            {session.role === 'sub_user' ? 'Sub-User Account' : 'Active Session'}
          </Text>
        </div>
        <SignOut />
      </Stack>
    </Stack>
  );
}
