import { useMemo, useState } from 'react';
import { Button, NativeSelect } from '@mantine/core';
import { RefreshButton, type Refetchable } from '@venue/ui/refresh-button';
import { SearchToolbar } from '../shared/SearchToolbar.tsx';
import type { SubUser } from './sub-user-api.ts';

type StatusFilter = 'all' | 'active' | 'inactive';

/** The search by name or e-mail and the status filter, and the sub-users they let through. */
export function useSubUserFilters(all: SubUser[]) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return all.filter(
      (u) =>
        (status === 'all' || u.status === status) &&
        (!q || (u.name ?? '').toLowerCase().includes(q) || u.email.toLowerCase().includes(q)),
    );
  }, [all, search, status]);
  return { search, setSearch, status, setStatus, shown };
}

export function SubUserFilters({
  filters,
  list,
}: {
  filters: ReturnType<typeof useSubUserFilters>;
  /** The sub-users' list, fetched again by Refresh. */
  list: Refetchable;
}) {
  return (
    <SearchToolbar
      placeholder="Search name or email..."
      search={filters.search}
      onSearch={filters.setSearch}
      minWidth={220}
    >
      <NativeSelect
        label="Status"
        data={[
          { value: 'all', label: 'All Statuses' },
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' },
        ]}
        value={filters.status}
        onChange={(e) => filters.setStatus(e.currentTarget.value as StatusFilter)}
      />
      <Button
        variant="default"
        onClick={() => {
          filters.setSearch('');
          filters.setStatus('all');
        }}
      >
        Clear
      </Button>
      <RefreshButton queries={[list]} variant="light" />
    </SearchToolbar>
  );
}
