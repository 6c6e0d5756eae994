import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  Badge,
  Box,
  Button,
  Group,
  Modal,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { findPage, MENU, ROLE_LABELS, type MenuItem, type Role } from '@venue/contracts';
import type { WaitingRequests } from '@venue/contracts/bookings';
import { PRODUCT_NAME, type SessionInfo } from '@venue/ui';
import { visibleMenu } from '../session/access.ts';
import { useShellSession } from '../session/SessionProvider.tsx';

function roleLabel(session: SessionInfo): string {
  if (session.role === 'sub_user') return session.profile?.name ?? ROLE_LABELS.sub_user;
  return ROLE_LABELS[session.role as Role] ?? 'Guest';
}

/** The menu item beside which the requests waiting for staff are counted (issue 25). */
export const REQUESTS_PATH = '/BookingsHolds';
/**
 * The shell has no live event feed, so the count is asked again every minute (and when the window
 * regains focus). Its key sits under the bookings remote's `bookings` root on the query client the
 * shell shares with the remotes, so an accept, decline or confirm there refreshes it at once.
 */
export const WAITING_QUERY_KEY = ['bookings', 'requests-waiting'] as const;
const WAITING_POLL_MS = 60_000;

export function waitingLabel(n: number): string {
  return `${n} ${n === 1 ? 'request' : 'requests'} waiting`;
}

function useWaitingRequests(session: SessionInfo, enabled: boolean) {
  return useQuery({
    queryKey: WAITING_QUERY_KEY,
    queryFn: () =>
      session.api.request<WaitingRequests>('fetch requests waiting', 'GET', '/api/bookings/requests/waiting'),
    enabled,
    refetchInterval: WAITING_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
    // A failed count leaves the menu as it is: it is a hint, not a page.
    retry: false,
  });
}

function MenuLeaf({
  item,
  activePath,
  onNavigate,
  count,
}: {
  item: MenuItem;
  activePath: string | undefined;
  onNavigate?: () => void;
  /** A number to show beside the label; hidden when 0 or unknown. */
  count?: number;
}) {
  const active = item.path === activePath;
  const shown = count !== undefined && count > 0;
  return (
    <NavLink
      component={Link}
      to={item.path ?? '/'}
      label={
        shown ? (
          <>
            {item.label}
            {/* The badge is hidden from screen readers; its number is said in words in the name. */}
            <VisuallyHidden> {waitingLabel(count)}</VisuallyHidden>
          </>
        ) : (
          item.label
        )
      }
      rightSection={
        shown ? (
          <Badge
            size="sm"
            color="red"
            variant="filled"
            circle={count < 10}
            aria-hidden="true"
            data-testid="waiting-count"
          >
            {count}
          </Badge>
        ) : undefined
      }
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
  counts,
}: {
  item: MenuItem;
  activePath: string | undefined;
  onNavigate?: () => void;
  counts: Record<string, number | undefined>;
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
        <MenuLeaf
          key={child.label}
          item={child}
          activePath={activePath}
          onNavigate={onNavigate}
          count={child.path ? counts[child.path] : undefined}
        />
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
  const seesRequests = items.some(
    (i) => i.path === REQUESTS_PATH || i.children?.some((c) => c.path === REQUESTS_PATH),
  );
  const waiting = useWaitingRequests(session, seesRequests);
  const counts: Record<string, number | undefined> = { [REQUESTS_PATH]: waiting.data?.count };
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
              <MenuGroup
                key={item.label}
                item={item}
                activePath={activePath}
                onNavigate={onNavigate}
                counts={counts}
              />
            ) : (
              <MenuLeaf
                key={item.label}
                item={item}
                activePath={activePath}
                onNavigate={onNavigate}
                count={item.path ? counts[item.path] : undefined}
              />
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
