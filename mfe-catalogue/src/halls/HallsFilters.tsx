import { Button, Chip, Group, NumberInput, Text, TextInput } from '@mantine/core';
import type { ResourceStatus, ResourceType } from '../api/types.ts';
import { TYPE_OPTIONS, numberFrom } from '../shared/labels.ts';
import { hasFilters, NO_FILTERS, type HallFilters } from './filterHalls.ts';

export function HallsFilters({
  value,
  onChange,
}: {
  value: HallFilters;
  onChange: (f: HallFilters) => void;
}) {
  return (
    <Group align="flex-end" gap="md" mb="md" wrap="wrap">
      <TextInput
        label="Search by name or code"
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.currentTarget.value })}
        w={240}
      />
      <NumberInput
        label="Minimum capacity"
        min={0}
        allowDecimal={false}
        value={value.minCapacity}
        onChange={(v) => onChange({ ...value, minCapacity: v === '' ? '' : numberFrom(v) })}
        w={160}
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="type-chips">
          Type
        </Text>
        <Chip.Group
          multiple
          value={value.types}
          onChange={(v) => onChange({ ...value, types: v as ResourceType[] })}
        >
          <Group gap={6} role="group" aria-labelledby="type-chips">
            {TYPE_OPTIONS.map((o) => (
              <Chip key={o.value} value={o.value} size="sm">
                {o.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <div>
        <Text size="sm" fw={500} mb={4} id="status-chips">
          Status
        </Text>
        <Chip.Group
          multiple
          value={value.statuses}
          onChange={(v) => onChange({ ...value, statuses: v as ResourceStatus[] })}
        >
          <Group gap={6} role="group" aria-labelledby="status-chips">
            <Chip value="active" size="sm">
              Active
            </Chip>
            <Chip value="archived" size="sm">
              Archived
            </Chip>
          </Group>
        </Chip.Group>
      </div>
      <Button variant="subtle" disabled={!hasFilters(value)} onClick={() => onChange(NO_FILTERS)}>
        Clear filters
      </Button>
    </Group>
  );
}
