import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey, useSession } from '@venue/ui';
import {
  alertAction,
  fetchActivity,
  fetchAlerts,
  fetchHolds,
  fetchPaymentsDue,
  fetchResources,
  fetchSchedule,
  fetchStats,
  type DashboardFilters,
} from './dashboard-api.ts';

const dashboardKey = (owner: string | null | undefined) => ['insights', 'dashboard', owner] as const;

/** The seven calls of the Dashboard, fetched together for the filters shown. */
export function useDashboardQueries(filters: DashboardFilters) {
  const { api, hallOwnerId: owner } = useSession();
  const base = dashboardKey(owner);
  const common = { placeholderData: keepPreviousData, staleTime: 0, refetchOnWindowFocus: true } as const;

  const stats = useQuery({
    queryKey: [...base, 'stats', filters.date, filters.resourceId],
    queryFn: () => fetchStats(api, owner, filters),
    ...common,
  });
  const schedule = useQuery({
    queryKey: [...base, 'schedule', filters],
    queryFn: () => fetchSchedule(api, owner, filters),
    ...common,
  });
  // Paged by the server (a tenant can have thousands of open invoices): Show more asks the next.
  const payments = useInfiniteQuery({
    queryKey: [...base, 'payments-due', filters.date, filters.resourceId],
    queryFn: ({ pageParam }) => fetchPaymentsDue(api, owner, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...common,
  });
  const holds = useQuery({
    queryKey: [...base, 'holds', filters.resourceId],
    queryFn: () => fetchHolds(api, owner, filters),
    ...common,
  });
  const activity = useQuery({
    queryKey: [...base, 'activity'],
    queryFn: () => fetchActivity(api, owner),
    ...common,
  });
  const resources = useQuery({
    queryKey: [...base, 'resources'],
    queryFn: () => fetchResources(api, owner),
    ...common,
  });
  const alerts = useQuery({
    queryKey: [...base, 'alerts'],
    queryFn: () => fetchAlerts(api, owner),
    ...common,
  });
  const all = [stats, schedule, payments, holds, activity, resources, alerts];
  return { stats, schedule, payments, holds, activity, resources, alerts, all };
}

/** Resolve or dismiss an alert, the one in progress, and the last failure. */
export function useAlertActions() {
  const { api, hallOwnerId: owner } = useSession();
  const queryClient = useQueryClient();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  async function onAlert(key: string, verb: 'resolve' | 'dismiss') {
    setBusyKey(key);
    setActionError(null);
    try {
      await alertAction(api, owner, key, verb, newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: [...dashboardKey(owner), 'alerts'] });
    } catch (e) {
      setActionError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusyKey(null);
    }
  }
  return { busyKey, actionError, onAlert };
}
