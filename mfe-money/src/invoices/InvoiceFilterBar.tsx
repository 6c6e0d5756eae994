import { useState } from 'react';
import { Button, Group, MultiSelect, Select } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import {
  INVOICE_STATUSES,
  INVOICE_TYPES,
  type InvoiceStatus,
  type InvoiceType,
} from '@venue/contracts/money-api';
import { hasFilters, type InvoiceFilters } from './invoice-filters.ts';
import { DATE_RANGES, type DateRange } from '../shared/venue-day.ts';

/** Search, date range and resource; More Filters opens status and type (spec 03 §2.1). */
export function InvoiceFilterBar({
  filters,
  onChange,
  resources,
  onClear,
}: {
  filters: InvoiceFilters;
  onChange: (filters: InvoiceFilters) => void;
  /** The resources the venue's invoices name, for the Resource select. */
  resources: string[];
  onClear: () => void;
}) {
  const [moreFilters, setMoreFilters] = useState(false);
  return (
    <>
      <Group mb="sm" align="flex-end" wrap="wrap">
        <SearchField
          label="Search"
          placeholder="Invoice, customer, booking..."
          value={filters.search}
          onSearch={(search) => onChange({ ...filters, search })}
          clearOnEscape
          w={280}
        />
        <Select
          label="Date range"
          placeholder="Any date"
          data={[...DATE_RANGES]}
          value={filters.range}
          clearable
          onChange={(v) => onChange({ ...filters, range: (v as DateRange | null) ?? null })}
          w={160}
        />
        <Select
          label="Resource"
          data={[{ value: '', label: 'All Resources' }, ...resources.map((r) => ({ value: r, label: r }))]}
          value={filters.resource ?? ''}
          allowDeselect={false}
          onChange={(v) => onChange({ ...filters, resource: v ? v : null })}
          w={200}
        />
        <Button
          variant={moreFilters ? 'light' : 'default'}
          onClick={() => setMoreFilters((m) => !m)}
          aria-expanded={moreFilters}
        >
          More Filters
        </Button>
        {hasFilters(filters) ? (
          <Button variant="subtle" onClick={onClear}>
            Clear Filters
          </Button>
        ) : null}
      </Group>
      {moreFilters ? (
        <Group mb="sm" align="flex-end">
          <MultiSelect
            label="Status"
            data={[...INVOICE_STATUSES]}
            value={filters.statuses}
            onChange={(v) => onChange({ ...filters, statuses: v as InvoiceStatus[] })}
            w={320}
            clearable
          />
          <MultiSelect
            label="Type"
            data={[...INVOICE_TYPES]}
            value={filters.types}
            onChange={(v) => onChange({ ...filters, types: v as InvoiceType[] })}
            w={240}
            clearable
          />
        </Group>
      ) : null}
    </>
  );
}
