import { Button, Collapse, Group, MultiSelect, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { Resource } from '../../api/types.ts';
import {
  PRIORITY_OPTIONS,
  SOURCE_OPTIONS,
  STATUS_FILTER_OPTIONS,
  TIER_OPTIONS,
} from '../../components/filters.ts';

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
    <Collapse in={opened}>
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
          <Select
            label="Priority"
            data={PRIORITY_OPTIONS}
            value={value.priority}
            onChange={set('priority')}
            clearable
            placeholder="Any"
          />
          <Select
            label="Booking source"
            data={SOURCE_OPTIONS}
            value={value.source}
            onChange={set('source')}
            clearable
            placeholder="Any"
          />
          <Select
            label="Customer tier"
            data={TIER_OPTIONS}
            value={value.tier}
            onChange={set('tier')}
            clearable
            placeholder="Any"
          />
          <TextInput
            label="From date"
            type="date"
            value={value.from}
            onChange={(e) => set('from')(e.currentTarget.value)}
          />
          <TextInput
            label="To date"
            type="date"
            value={value.to}
            onChange={(e) => set('to')(e.currentTarget.value)}
          />
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
