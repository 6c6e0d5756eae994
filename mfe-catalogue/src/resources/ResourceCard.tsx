import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { Resource } from '../api/types.ts';
import { TYPE_LABELS } from '../shared/labels.ts';
import { EditDeleteButtons } from '../shared/EditDeleteButtons.tsx';

export function ResourceCard({
  resource,
  canManage,
  onEdit,
  onDelete,
}: {
  resource: Resource;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="resource-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} component="h2" m={0} fz="md">
            {resource.name}
          </Text>
          <Badge variant="light">{TYPE_LABELS[resource.type]}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Code {resource.code}
        </Text>
        <Text size="sm">Capacity {resource.capacity}</Text>
        {resource.status === 'archived' ? (
          <Badge variant="default" w="fit-content">
            Archived
          </Badge>
        ) : null}
        {resource.description ? (
          <Text size="sm" lineClamp={2}>
            {resource.description}
          </Text>
        ) : null}
        {canManage ? (
          <EditDeleteButtons place="card" subject={resource.name} onEdit={onEdit} onDelete={onDelete} />
        ) : null}
      </Stack>
    </Card>
  );
}
