import { useEffect, useMemo, useState } from 'react';
import { useRouteParams } from '@venue/ui/remote-root';
import type { Params } from '../api/hooks.ts';
import { SOURCE_OPTIONS } from '../shared/filters.ts';
import { NO_ADVANCED, type Advanced } from './Filters.tsx';

/**
 * Bookings — All's filters: the search, the quick filter and the advanced ones, and the list's
 * query they make. Links elsewhere in the product set the search or the source.
 */
export function useAllBookingsFilters() {
  // Links elsewhere in the product open this page at ?q=<booking code> (the venue's "new request"
  // e-mail, a quotation's booking) and may name a source (?source=website).
  const route = useRouteParams();
  const linkedSearch = route.get('q') ?? '';
  const linkedSource = SOURCE_OPTIONS.some((o) => o.value === route.get('source'))
    ? route.get('source')
    : null;
  const [search, setSearch] = useState(linkedSearch);
  const [quick, setQuick] = useState('all');
  const [advanced, setAdvanced] = useState<Advanced>({ ...NO_ADVANCED, source: linkedSource });
  const [showAdvanced, setShowAdvanced] = useState(linkedSource !== null);
  // The shell keeps this page mounted when another link to it is followed: the new one wins.
  useEffect(() => {
    if (linkedSearch) setSearch(linkedSearch);
  }, [linkedSearch]);
  useEffect(() => {
    if (linkedSource) {
      setAdvanced((a) => ({ ...a, source: linkedSource }));
      setShowAdvanced(true);
    }
  }, [linkedSource]);
  const filters = useMemo<Params>(
    () => ({
      q: search.trim(),
      quick: quick === 'all' ? '' : quick,
      status: advanced.status.join(','),
      resourceId: advanced.resourceId,
      priority: advanced.priority,
      source: advanced.source,
      tier: advanced.tier,
      from: advanced.from,
      to: advanced.to,
    }),
    [search, quick, advanced],
  );
  return {
    search,
    setSearch,
    quick,
    setQuick,
    advanced,
    setAdvanced,
    showAdvanced,
    setShowAdvanced,
    filters,
  };
}
