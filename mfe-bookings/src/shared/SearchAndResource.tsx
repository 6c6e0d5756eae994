import { useMemo, useState, type ReactNode } from 'react';
import { Group, Select } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { useResources } from '../api/hooks.ts';

interface Props {
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  resourceId: string | null;
  onResource: (value: string | null) => void;
  /** Escape in the search box empties it. */
  clearOnEscape?: boolean;
  /** Badges or a selection count shown after the two filters. */
  children?: ReactNode;
}

/** Search and resource filter state of a review queue over the given statuses. */
export function useSearchAndResource(status: string) {
  const [search, setSearch] = useState('');
  const [resourceId, setResourceId] = useState<string | null>(null);
  const filters = useMemo(() => ({ status, q: search.trim(), resourceId }), [status, search, resourceId]);
  return {
    filters,
    searching: Boolean(search.trim()),
    props: { search, onSearch: setSearch, resourceId, onResource: setResourceId },
  };
}

/** The search box and resource filter of the review queues. */
export function SearchAndResource(props: Props) {
  const resources = useResources();
  return (
    <Group mb="md" align="flex-end">
      <SearchField
        label="Search"
        placeholder={props.placeholder}
        value={props.search}
        onSearch={props.onSearch}
        clearOnEscape={props.clearOnEscape}
        w={300}
      />
      <Select
        label="Resource"
        data={(resources.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        value={props.resourceId}
        onChange={props.onResource}
        clearable
        placeholder="All Resources"
      />
      {props.children}
    </Group>
  );
}
