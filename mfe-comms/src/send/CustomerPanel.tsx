// Send Email, step 1: find the customer (split out of SendEmailPage.tsx, which keeps the flow).
import { useEffect, useMemo, useState } from 'react';
import { Paper, Radio, ScrollArea, Stack, Title } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { useDebouncedValue } from '@mantine/hooks';
import { EmptyState, ErrorState, LoadingState } from '@venue/ui';
import { type CommsCustomer } from '@venue/contracts/comms';
import { useCustomers } from '../api/hooks.ts';
import { useFailureToast } from '../shared/notify.ts';

export function CustomerPanel({
  search,
  onSearch,
  selected,
  autoPick,
  onSelect,
}: {
  search: string;
  onSearch: (s: string) => void;
  selected: CommsCustomer | null;
  autoPick: string | null;
  onSelect: (c: CommsCustomer | null) => void;
}) {
  const [debounced] = useDebouncedValue(search, 300);
  const customers = useCustomers(debounced);
  useFailureToast(customers, 'Failed to load customers');
  const list = useMemo(() => customers.data?.customers ?? [], [customers.data]);
  // The share link names the customer: pick them when the search finds exactly that name.
  const [picked, setPicked] = useState(false);
  useEffect(() => {
    if (picked || !autoPick || selected || customers.isPlaceholderData) return;
    const matches = list.filter((c) => c.name.toLowerCase() === autoPick.toLowerCase());
    if (customers.data) setPicked(true);
    if (matches.length === 1) onSelect(matches[0]!);
  }, [picked, autoPick, selected, list, customers.data, customers.isPlaceholderData, onSelect]);

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="lg" mb="sm">
        Select Customer
      </Title>
      <SearchField
        label="Search customers"
        placeholder="Name or e-mail"
        value={search}
        onSearch={onSearch}
        mb="sm"
      />
      {customers.isPending ? (
        <LoadingState label="Loading customers..." />
      ) : customers.isError ? (
        <ErrorState
          title="Failed to load customers"
          message={customers.error.message}
          onRetry={() => void customers.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title="No customers found"
          description={
            search.trim() ? 'Try another name or address.' : 'Customers appear here once they book.'
          }
        />
      ) : (
        <ScrollArea.Autosize mah={260} type="auto">
          <Radio.Group
            label="Customer"
            value={selected?.email ?? null}
            onChange={(email) => onSelect(list.find((c) => c.email === email) ?? null)}
          >
            <Stack gap="xs" mt="xs">
              {list.map((c) => (
                <Radio
                  key={c.email}
                  value={c.email}
                  label={`${c.name} (${c.email})`}
                  description={`${c.totalBookings} booking${c.totalBookings === 1 ? '' : 's'}${c.bounced ? ' · mail bounced before' : ''}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
