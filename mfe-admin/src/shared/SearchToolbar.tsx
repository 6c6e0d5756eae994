import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';

/** A list page's search box with the page's own filters after it. */
export function SearchToolbar({
  placeholder,
  search,
  onSearch,
  minWidth,
  children,
}: {
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Group mb="md" align="flex-end" wrap="wrap">
      <SearchField
        label="Search"
        placeholder={placeholder}
        value={search}
        onSearch={onSearch}
        style={{ flex: 1, minWidth }}
      />
      {children}
    </Group>
  );
}
