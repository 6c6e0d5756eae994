import type { ReactNode } from 'react';
import { Group, TextInput } from '@mantine/core';

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
      <TextInput
        label="Search"
        placeholder={placeholder}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        style={{ flex: 1, minWidth }}
      />
      {children}
    </Group>
  );
}
