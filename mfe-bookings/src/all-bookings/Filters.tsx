import { Button, Collapse, Group, MultiSelect, Paper, Select, SimpleGrid } from '@mantine/core';
import { DateField } from '@venue/ui/date-field';
import type { Resource } from '../api/types.ts';
import { PRIORITY_OPTIONS, SOURCE_OPTIONS, STATUS_FILTER_OPTIONS, TIER_OPTIONS } from '../shared/filters.ts';

export interface Advanced {
  status: string[];
  resourceId: string | null;
  priority: string | null;
  source: string | null;
  tier: string | null;
  from: string;
  to: string;
}

export const NO_ADVANCED: Advanced = {
  status: [],
  resourceId: null,
  priority: null,
  source: null,
  tier: null,
  from: '',
  to: '',
};

/** Single-choice filters that match any value when cleared. */
const ANY_OF = [
  ['priority', 'Priority', PRIORITY_OPTIONS],
  ['source', 'Booking source', SOURCE_OPTIONS],
  ['tier', 'Customer tier', TIER_OPTIONS],
] as const;

const DATE_BOUNDS = [
  ['from', 'From date'],
  ['to', 'To date'],
] as const;

export function AdvancedFilters({
  opened,
  value,
  onChange,
  resources,
}: {
  opened: boolean;
  value: Advanced;
  onChange: (v: Advanced) => void;
  resources: Resource[];
}) {
  const set =
    <K extends keyof Advanced>(k: K) =>
    (v: Advanced[K]) =>
      onChange({ ...value, [k]: v });
  return (
    <Collapse expanded={opened}>
      <Paper withBorder p="md" mb="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <MultiSelect
            label="Status"
            data={STATUS_FILTER_OPTIONS}
            value={value.status}
            onChange={set('status')}
            clearable
          />
          <Select
            label="Resource"
            data={resources.map((r) => ({ value: r.id, label: r.name }))}
            value={value.resourceId}
            onChange={set('resourceId')}
            clearable
            placeholder="All resources"
          />
          {ANY_OF.map(([key, label, data]) => (
            <Select
              key={key}
              label={label}
              data={data}
              value={value[key]}
              onChange={set(key)}
              clearable
              placeholder="Any"
            />
          ))}
          {DATE_BOUNDS.map(([key, label]) => (
            <DateField key={key} label={label} clearable value={value[key]} onChange={set(key)} />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" onClick={() => onChange(NO_ADVANCED)}>
            Clear filters
          </Button>
        </Group>
      </Paper>
    </Collapse>
  );
}
