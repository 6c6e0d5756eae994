import { useState } from 'react';
import { Button, Group, Tabs, Text } from '@mantine/core';
import { SearchField } from '@venue/ui/search-field';
import { useDebouncedValue } from '@mantine/hooks';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '@venue/ui';
import { RefreshButton } from '@venue/ui/refresh-button';
import { keys } from '../api/keys.ts';
import { BookingDepositsTab } from './BookingDepositsTab.tsx';
import { FILTER_CYCLE, nextFilter, type DepositFilter } from './deposit-filters.ts';
import { QuotationDepositsTab } from './QuotationDepositsTab.tsx';

type Tab = 'bookings' | 'quotations';

/**
 * Deposits (spec 03 §2.2): one search and one filter cycle over both tabs, "Web & Admin
 * Bookings" (confirmed bookings' deposits, paid by their DEPOSIT invoice) and "Quotations"
 * (quotations with a deposit), each with its own three cards, table and drawer.
 */
export function DepositsPage() {
  const queryClient = useQueryClient();
  // Both tabs' lists and cards live under the deposits key; a refetch is one with something shown.
  const refresh = {
    isFetching: useIsFetching({ queryKey: keys.deposits }) > 0,
    isRefetching:
      useIsFetching({ queryKey: keys.deposits, predicate: (q) => q.state.data !== undefined }) > 0,
    refetch: () => queryClient.invalidateQueries({ queryKey: keys.deposits }),
  };
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<DepositFilter>('All');
  const [tab, setTab] = useState<Tab>('bookings');
  // The search goes to the server once typing pauses.
  const [sentSearch] = useDebouncedValue(search, 250);

  return (
    <>
      <PageHeader title="Deposits" actions={<RefreshButton queries={[refresh]} />} />
      <Group mb="sm" align="flex-end">
        <SearchField
          label="Search"
          placeholder={
            tab === 'bookings' ? 'Booking, customer, email, resource' : 'Quotation, customer, email, resource'
          }
          value={search}
          onSearch={setSearch}
          clearOnEscape
          w={320}
        />
        <Button
          variant="default"
          onClick={() => setFilter(nextFilter(filter))}
          aria-label={`Filter: ${filter}. Click for ${nextFilter(filter)}`}
        >
          Filter: {filter}
        </Button>
        <Text size="xs" c="dimmed">
          Cycles {FILTER_CYCLE.join(' → ')}
        </Text>
      </Group>
      <Tabs
        keepMounted={false}
        value={tab}
        onChange={(v) => setTab(v === 'quotations' ? 'quotations' : 'bookings')}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="bookings">Web & Admin Bookings</Tabs.Tab>
          <Tabs.Tab value="quotations">Quotations</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="bookings">
          <BookingDepositsTab search={sentSearch} filter={filter} />
        </Tabs.Panel>
        <Tabs.Panel value="quotations">
          <QuotationDepositsTab search={sentSearch} filter={filter} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
