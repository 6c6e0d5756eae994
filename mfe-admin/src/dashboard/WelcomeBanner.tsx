import type { ReactNode } from 'react';
import { Badge, Card, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney, useSession } from '@venue/ui';
import { ProfileImage } from '../shared/ProfileImage.tsx';

const ROLE_BADGES: Record<string, string> = {
  super_admin: 'Super Admin',
  hall_owner: 'Hall Owner',
  sub_user: 'Sub-User',
};

/** The greeting with the signed-in person's picture, role and hall, and two headline figures. */
export function WelcomeBanner({
  bookingsThisWeek,
  revenueMtd,
}: {
  bookingsThisWeek: number | undefined;
  revenueMtd: number | undefined;
}) {
  const { role, profile, settings, hallName } = useSession();
  const roleBadge = ROLE_BADGES[role] ?? 'User';
  const showHall = (role === 'hall_owner' || role === 'sub_user') && hallName;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="welcome-banner">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <ProfileImage
            src={profile?.profilePicture}
            name={profile?.name ?? profile?.email}
            alt={`${profile?.name ?? 'Your'} picture`}
            size={56}
            radius="xl"
          />
          <Stack gap={4}>
            <Text fz="lg" fw={600}>
              Welcome back{profile?.name ? `, ${profile.name}` : ''}!
            </Text>
            <Group gap="xs">
              <Badge variant="light">{roleBadge}</Badge>
              {showHall ? (
                <Text size="sm" c="dimmed">
                  {hallName}
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <Group gap="sm">
          <Tile label="Bookings this week" testId="tile-bookings-week">
            {bookingsThisWeek !== undefined ? bookingsThisWeek : '—'}
          </Tile>
          <Tile label="Revenue (MTD)" testId="tile-revenue-mtd">
            {revenueMtd !== undefined ? formatMoney(revenueMtd, settings) : '—'}
          </Tile>
        </Group>
      </Group>
    </Paper>
  );
}

function Tile({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm" miw={150} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {children}
      </Text>
    </Card>
  );
}
