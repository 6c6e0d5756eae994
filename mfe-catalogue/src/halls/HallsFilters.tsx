import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { ChipChoice, type ChoiceOption } from '@venue/ui/choice';
import type { ResourceStatus } from '../api/types.ts';
import { TYPE_OPTIONS, numberFrom } from '../shared/labels.ts';
import { hasFilters, NO_FILTERS, type HallFilters } from './filterHalls.ts';

const STATUS_OPTIONS: ChoiceOption<ResourceStatus>[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
];

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
      <ChipChoice
        label="Type"
        multiple
        options={TYPE_OPTIONS}
        value={value.types}
        onChange={(types) => onChange({ ...value, types })}
      />
      <ChipChoice
        label="Status"
        multiple
        options={STATUS_OPTIONS}
        value={value.statuses}
        onChange={(statuses) => onChange({ ...value, statuses })}
      />
      <Button variant="subtle" disabled={!hasFilters(value)} onClick={() => onChange(NO_FILTERS)}>
        Clear filters
      </Button>
    </Group>
  );
}
