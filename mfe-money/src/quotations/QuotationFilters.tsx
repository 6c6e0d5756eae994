import { Group, Select } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { QUOTATION_STATUSES } from '@venue/contracts/money-api';

/** Search (Escape empties it), resource and status. */
export function QuotationFilters({
  search,
  resource,
  status,
  resources,
  onSearch,
  onResource,
  onStatus,
}: {
  search: string;
  resource: string;
  status: string;
  resources: string[];
  onSearch: (search: string) => void;
  onResource: (resource: string) => void;
  onStatus: (status: string) => void;
}) {
  return (
    <Group>
      <SearchField
        placeholder="Search quotations"
        aria-label="Search quotations"
        value={search}
        onSearch={onSearch}
        clearOnEscape
      />
      <Select
        aria-label="Resource"
        data={['All Resources', ...resources]}
        value={resource}
        allowDeselect={false}
        onChange={(v) => onResource(v ?? 'All Resources')}
      />
      <Select
        aria-label="Status"
        data={['All Statuses', ...QUOTATION_STATUSES]}
        value={status}
        allowDeselect={false}
        onChange={(v) => onStatus(v ?? 'All Statuses')}
      />
    </Group>
  );
}
