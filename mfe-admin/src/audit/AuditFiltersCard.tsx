import { Button, Card, Group, NativeSelect, SimpleGrid } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { DateFilter } from '../shared/DateFilter.tsx';
import { AUDIT_ROLE_OPTIONS, humanise } from './audit-api.ts';
import type { useAuditLog } from './useAuditLog.ts';

type Log = ReturnType<typeof useAuditLog>;

/** The server-side filters, and the search of the loaded page with Clear Filters. */
export function AuditFiltersCard({
  filters,
  setFilter,
  actions,
  targetTypes,
  search,
  setSearch,
  clear,
}: Pick<Log, 'filters' | 'setFilter' | 'actions' | 'targetTypes' | 'search' | 'setSearch' | 'clear'>) {
  return (
    <Card withBorder padding="md" mb="md">
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} spacing="sm">
        {/* Plain inputs until pointed at or focused: the picker and dayjs load then. */}
        <DateFilter
          label="Start Date"
          clearable
          value={filters.startDate}
          onChange={(v) => setFilter('startDate', v)}
        />
        <DateFilter
          label="End Date"
          clearable
          value={filters.endDate}
          onChange={(v) => setFilter('endDate', v)}
        />
        <NativeSelect
          label="Action"
          data={[
            { value: '', label: 'All actions' },
            ...(actions.data ?? []).map((a) => ({ value: a, label: humanise(a) })),
          ]}
          value={filters.action}
          onChange={(e) => setFilter('action', e.currentTarget.value)}
        />
        <NativeSelect
          label="Target Type"
          data={[
            { value: '', label: 'All target types' },
            ...(targetTypes.data ?? []).map((t) => ({ value: t, label: humanise(t) })),
          ]}
          value={filters.targetType}
          onChange={(e) => setFilter('targetType', e.currentTarget.value)}
        />
        <NativeSelect
          label="User Role"
          data={[{ value: '', label: 'All roles' }, ...AUDIT_ROLE_OPTIONS]}
          value={filters.userRole}
          onChange={(e) => setFilter('userRole', e.currentTarget.value)}
        />
      </SimpleGrid>
      {/* The search sits apart from the server-side filters above: it only narrows the loaded page. */}
      <Group justify="space-between" align="flex-end" mt="sm" wrap="wrap">
        <SearchField
          label="Search"
          description="Narrows the entries on this page."
          placeholder="Email, action, target or info"
          value={search}
          onSearch={setSearch}
          style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
        />
        <Button variant="subtle" onClick={clear}>
          Clear Filters
        </Button>
      </Group>
    </Card>
  );
}
