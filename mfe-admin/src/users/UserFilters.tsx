import { useMemo, useState } from 'react';
import { NativeSelect, Switch } from '@mantine/core';
import { formatPhone, type Country } from '@venue/contracts';
import { SearchToolbar } from '../shared/SearchToolbar.tsx';
import { addressText, roleLabel, type ManagedUser } from './user-api.ts';

function matches(u: ManagedUser, q: string, country: Country): boolean {
  const phone = formatPhone(u.contactNumber, country);
  const hay = [u.email, u.role, roleLabel(u.role), u.hallName, u.contactNumber, phone, addressText(u.address)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return hay.includes(q);
}

/** The search, role and active-only filters, and the accounts they let through. */
export function useUserFilters(all: ManagedUser[], country: Country) {
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState('all');
  const [activeOnly, setActiveOnly] = useState(false);
  const roles = useMemo(() => [...new Set(all.map((u) => u.role))].sort(), [all]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return all.filter(
      (u) =>
        (roleFilter === 'all' || u.role === roleFilter) &&
        (!activeOnly || u.status === 'active') &&
        (!q || matches(u, q, country)),
    );
  }, [all, search, roleFilter, activeOnly, country]);
  return { search, setSearch, roleFilter, setRoleFilter, activeOnly, setActiveOnly, roles, shown };
}

export function UserFilters({ filters }: { filters: ReturnType<typeof useUserFilters> }) {
  return (
    <SearchToolbar
      placeholder="Search email, role, hall, contact or address..."
      search={filters.search}
      onSearch={filters.setSearch}
      minWidth={240}
    >
      <NativeSelect
        label="Role"
        data={[
          { value: 'all', label: 'All Roles' },
          ...filters.roles.map((r) => ({ value: r, label: roleLabel(r) })),
        ]}
        value={filters.roleFilter}
        onChange={(e) => filters.setRoleFilter(e.currentTarget.value)}
      />
      <Switch
        label="Active only"
        checked={filters.activeOnly}
        onChange={(e) => filters.setActiveOnly(e.currentTarget.checked)}
        mb={8}
      />
    </SearchToolbar>
  );
}
