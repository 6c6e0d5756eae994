import '@mantine/spotlight/styles.css';
import { useState } from 'react';
import { Spotlight } from '@mantine/spotlight';
import { Modal, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useBookingSearch } from '../api/hooks.ts';
import { useFormat } from '../shared/format.ts';

/**
 * Ctrl/Cmd+K booking search: asks the server from 2 characters on and lists at most 8
 * bookings (spec 02 §2.3). Filtering is the server's, so Spotlight's own filter is disabled.
 */
export function CommandPalette({ onPick }: { onPick: (id: string) => void }) {
  const fmt = useFormat();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 300);
  const search = useBookingSearch(debounced);
  const hits = debounced.trim().length >= 2 ? (search.data ?? []) : [];
  let empty = 'Type at least 2 characters to search bookings';
  if (debounced.trim().length >= 2)
    empty = search.isFetching ? 'Searching...' : search.isError ? search.error.message : 'No bookings found';
  return (
    <Spotlight.Root query={query} onQueryChange={setQuery} shortcut={['mod + K']} scrollable maxHeight={420}>
      {/* Spotlight has no title of its own; a hidden one names the dialog for screen readers. */}
      <VisuallyHidden>
        <Modal.Title>Booking search</Modal.Title>
      </VisuallyHidden>
      <Spotlight.Search
        placeholder="Search bookings by code, customer, resource..."
        aria-label="Search bookings"
      />
      <Spotlight.ActionsList>
        {hits.length > 0 ? (
          hits.map((h) => (
            <Spotlight.Action key={h.id} onClick={() => onPick(h.id)}>
              <div>
                <Text size="sm" fw={600}>
                  {h.bookingCode} · {h.customerName}
                </Text>
                <Text size="xs" c="dimmed">
                  {h.resourceName} · {fmt.date(h.bookingDate)} {fmt.time(h.startTime)} · {h.status}
                </Text>
              </div>
            </Spotlight.Action>
          ))
        ) : (
          <Spotlight.Empty>{empty}</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
