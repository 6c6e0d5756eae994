import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatMoney, useSession } from '@venue/ui';
import type { Pricing, Resource } from '../api/types.ts';
import { TYPE_LABELS } from '../shared/labels.ts';
import { EditDeleteButtons } from '../shared/EditDeleteButtons.tsx';

export function PricingCard({
  pricing,
  resource,
  canManage,
  onEdit,
  onDelete,
}: {
  pricing: Pricing;
  resource: Resource | undefined;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { settings } = useSession();
  const unit = pricing.rateType === 'hourly' ? ' / hour' : ' / day';
  const capacity = resource?.capacity ?? pricing.capacity;
  return (
    <Card withBorder radius="md" data-testid="pricing-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} component="h2" m={0} fz="md">
            {pricing.resourceName}
          </Text>
          <Badge variant="light" color={pricing.rateType === 'hourly' ? 'blue' : 'grape'}>
            {pricing.rateType === 'hourly' ? 'Hourly' : 'Daily'}
          </Badge>
        </Group>
        {resource || pricing.resourceType ? (
          <Text size="sm" c="dimmed">
            {TYPE_LABELS[resource?.type ?? pricing.resourceType ?? 'hall']}
          </Text>
        ) : null}
        <Text size="sm">
          Weekday: <b>{formatMoney(pricing.weekdayRateCents, settings)}</b>
          {unit}
        </Text>
        <Text size="sm">
          Weekend: <b>{formatMoney(pricing.weekendRateCents, settings)}</b>
          {unit}
        </Text>
        {pricing.description ? <Text size="sm">{pricing.description}</Text> : null}
        {capacity !== undefined ? (
          <Text size="sm" c="dimmed">
            Capacity {capacity}
          </Text>
        ) : null}
        {canManage ? (
          <EditDeleteButtons
            place="card"
            subject={`pricing for ${pricing.resourceName}`}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
