import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { PERMISSION_LABELS, type PermissionKey } from '@venue/contracts';
import { formatDate, useSession } from '@venue/ui';
import { EditIcon, KeyIcon, TrashIcon } from '../shared/icons.tsx';
import type { SubUser } from './sub-user-api.ts';

const SHOWN = 4;

export function permissionLabel(key: string): string {
  return PERMISSION_LABELS[key as PermissionKey] ?? key;
}

export function SubUserCard({
  user,
  onEdit,
  onPassword,
  onDelete,
}: {
  user: SubUser;
  onEdit: () => void;
  onPassword: () => void;
  onDelete: () => void;
}) {
  const { settings } = useSession();
  const who = user.name || user.email;
  return (
    <Card
      withBorder
      padding="md"
      data-testid="sub-user-card"
      aria-label={`Sub-user ${who}`}
      component="article"
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {user.name || 'No name'}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
          </Stack>
          <Badge color={user.status === 'active' ? 'green' : 'gray'} variant="light">
            {user.status === 'active' ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
        <PermissionBadges permissions={user.permissions} />
        <Group justify="space-between">
          <Text size="xs" c="dimmed" data-testid="sub-user-created">
            Created {formatDate(user.createdAt * 1000, settings)}
          </Text>
          <Group gap={4}>
            <Tooltip label="Edit user">
              <ActionIcon variant="subtle" aria-label={`Edit user ${who}`} onClick={onEdit}>
                <EditIcon />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Change password">
              <ActionIcon variant="subtle" aria-label={`Change password for ${who}`} onClick={onPassword}>
                <KeyIcon />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete user">
              <ActionIcon variant="subtle" color="red" aria-label={`Delete user ${who}`} onClick={onDelete}>
                <TrashIcon />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** The first few permissions by name, and how many more. */
function PermissionBadges({ permissions }: { permissions: string[] }) {
  const shown = permissions.slice(0, SHOWN);
  const rest = permissions.length - shown.length;
  return (
    <Group gap={6} data-testid="permission-badges">
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No permissions assigned
        </Text>
      ) : (
        shown.map((p) => (
          <Badge key={p} variant="outline" size="sm">
            {permissionLabel(p)}
          </Badge>
        ))
      )}
      {rest > 0 ? (
        <Badge variant="light" color="gray" size="sm">
          +{rest} more
        </Badge>
      ) : null}
    </Group>
  );
}
