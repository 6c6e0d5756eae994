import { Anchor, Chip, Group, Select, Stack, Text } from '@mantine/core';
import { DEFAULT_SCHEDULE_FILTERS, type ScheduleFilter } from '@venue/contracts/insights';
import { FilterBar } from '@venue/ui/filter-bar';
import { DateFilter } from '../shared/DateFilter.tsx';
import type { DashboardFilters } from './dashboard-api.ts';

const TOGGLES: Array<{ value: ScheduleFilter; label: string }> = [
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Tentative' },
  { value: 'block-out', label: 'Block-out' },
];

/** The filters every figure follows: the day, the resource, and the schedule's statuses. */
export function dashboardFiltersFor(today: string): DashboardFilters {
  return { date: today, resourceId: '', statuses: [...DEFAULT_SCHEDULE_FILTERS] };
}

export function DashboardFilterBar({
  filters,
  setFilters,
  today,
  resources,
}: {
  filters: DashboardFilters;
  setFilters: (update: (f: DashboardFilters) => DashboardFilters) => void;
  today: string;
  resources: Array<{ id: string; name: string }>;
}) {
  return (
    <FilterBar label="Dashboard filters">
      {/* The picker's code comes when the field is pointed at or focused, not with the page. */}
      <DateFilter
        label="Date"
        placeholder="Pick a date"
        value={filters.date}
        onChange={(v) => setFilters((f) => ({ ...f, date: v || today }))}
        w={180}
      />
      <Select
        label="Resource"
        data={[
          { value: '', label: 'All Resources' },
          ...resources.map((r) => ({ value: r.id, label: r.name })),
        ]}
        value={filters.resourceId}
        onChange={(v) => setFilters((f) => ({ ...f, resourceId: v ?? '' }))}
        allowDeselect={false}
        w={220}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="status-toggles-label">
          Status
        </Text>
        <Chip.Group
          multiple
          value={filters.statuses}
          onChange={(v) => setFilters((f) => ({ ...f, statuses: v as ScheduleFilter[] }))}
        >
          <Group gap="xs" role="group" aria-labelledby="status-toggles-label">
            {TOGGLES.map((t) => (
              <Chip key={t.value} value={t.value} size="sm">
                {t.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <Anchor
        component="button"
        type="button"
        size="sm"
        mb={8}
        onClick={() => setFilters(() => dashboardFiltersFor(today))}
      >
        Reset filters
      </Anchor>
    </FilterBar>
  );
}
