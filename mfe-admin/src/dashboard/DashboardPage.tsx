/**
 * The Dashboard (spec 01 §2, issue 14): where every sign-in lands. Seven calls fetched together
 * (the spec's six and the alerts) from the insights read model; every figure is the server's,
 * and a failure shows the spec's error states, never sample figures.
 */
import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_MESSAGES, DEFAULT_SCHEDULE_FILTERS, type ScheduleFilter } from '@venue/contracts/insights';
import { ErrorState, LoadingState, formatDate, formatMoney, newIdempotencyKey, useSession } from '@venue/ui';
import { DateField } from '@venue/ui/date-field';
import { ProfileImage } from '../shared/ProfileImage.tsx';
import { useSendPaymentLink } from './send-payment-link.ts';
import { ActivityCard, AlertsCard, KpiCard, ScheduleCard } from './DashboardSections.tsx';
import { HoldsCard, PaymentsDueCard } from './DashboardTables.tsx';
import {
  alertAction,
  fetchActivity,
  fetchAlerts,
  fetchHolds,
  fetchPaymentsDue,
  fetchResources,
  fetchSchedule,
  fetchStats,
  isAuthError,
  venueToday,
  type DashboardFilters,
} from './dashboard-api.ts';

const ROLE_BADGES: Record<string, string> = {
  super_admin: 'Super Admin',
  hall_owner: 'Hall Owner',
  sub_user: 'Sub-User',
};

const TOGGLES: Array<{ value: ScheduleFilter; label: string }> = [
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Tentative' },
  { value: 'block-out', label: 'Block-out' },
];

export function DashboardPage() {
  const { api, role, profile, settings, hallName, hallOwnerId, navigate, can } = useSession();
  const queryClient = useQueryClient();
  const today = venueToday(settings.timezone);
  const [filters, setFilters] = useState<DashboardFilters>({
    date: today,
    resourceId: '',
    statuses: [...DEFAULT_SCHEDULE_FILTERS],
  });
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const payLink = useSendPaymentLink(api);
  const owner = hallOwnerId;
  const base = ['insights', 'dashboard', owner] as const;
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

  const failed = all.find((q) => q.isError && !q.data);
  if (failed) {
    const message = failed.error instanceof Error ? failed.error.message : String(failed.error);
    if (isAuthError(message)) {
      return (
        <ErrorState
          title="Authentication Required"
          titleOrder={2}
          message={message}
          onRetry={() => navigate('/login')}
          retryLabel="Go to Login"
        />
      );
    }
    return (
      <ErrorState
        title={DASHBOARD_MESSAGES.failed}
        titleOrder={2}
        message={message}
        onRetry={() => void Promise.all(all.map((q) => q.refetch()))}
        retryLabel="Try Again"
      />
    );
  }
  if (all.some((q) => q.isPending)) return <LoadingState label={DASHBOARD_MESSAGES.loading} />;

  const kpis = stats.data!.kpis;
  const week = kpis.find((k) => k.key === 'bookingsThisWeek');
  const revenue = kpis.find((k) => k.key === 'revenueMtd');
  const roleBadge = ROLE_BADGES[role] ?? 'User';
  const showHall = (role === 'hall_owner' || role === 'sub_user') && hallName;
  const isToday = filters.date === today;

  async function onAlert(key: string, verb: 'resolve' | 'dismiss') {
    setBusyKey(key);
    setActionError(null);
    try {
      await alertAction(api, owner, key, verb, newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: [...base, 'alerts'] });
    } catch (e) {
      setActionError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusyKey(null);
    }
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" data-testid="welcome-banner">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Group gap="md" wrap="nowrap">
            <ProfileImage
              src={profile?.profilePicture}
              name={profile?.name ?? profile?.email}
              alt={`${profile?.name ?? 'Your'} picture`}
              size={56}
              radius="xl"
            />
            <Stack gap={4}>
              <Text fz="lg" fw={600}>
                Welcome back{profile?.name ? `, ${profile.name}` : ''}!
              </Text>
              <Group gap="xs">
                <Badge variant="light">{roleBadge}</Badge>
                {showHall ? (
                  <Text size="sm" c="dimmed">
                    {hallName}
                  </Text>
                ) : null}
              </Group>
            </Stack>
          </Group>
          <Group gap="sm">
            <Card withBorder radius="md" padding="sm" miw={150} data-testid="tile-bookings-week">
              <Text size="xs" c="dimmed">
                Bookings this week
              </Text>
              <Text fw={700} fz="xl">
                {week ? week.value : '—'}
              </Text>
            </Card>
            <Card withBorder radius="md" padding="sm" miw={150} data-testid="tile-revenue-mtd">
              <Text size="xs" c="dimmed">
                Revenue (MTD)
              </Text>
              <Text fw={700} fz="xl">
                {revenue ? formatMoney(revenue.value, settings) : '—'}
              </Text>
            </Card>
          </Group>
        </Group>
      </Paper>

      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Dashboard
        </Title>
        <Text c="dimmed">Today&apos;s status across bookings, availability, and payments.</Text>
      </Stack>

      <Paper
        withBorder
        radius="md"
        p="md"
        component="form"
        aria-label="Dashboard filters"
        onSubmit={(e) => e.preventDefault()}
      >
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateField
            label="Date"
            placeholder="Pick a date"
            value={filters.date}
            onChange={(v) => setFilters((f) => ({ ...f, date: v || today }))}
            w={180}
          />
          <Select
            label="Resource"
            data={[
              { value: '', label: 'All Resources' },
              ...(resources.data?.resources ?? []).map((r) => ({ value: r.id, label: r.name })),
            ]}
            value={filters.resourceId}
            onChange={(v) => setFilters((f) => ({ ...f, resourceId: v ?? '' }))}
            allowDeselect={false}
            w={220}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="status-toggles-label">
              Status
            </Text>
            <Chip.Group
              multiple
              value={filters.statuses}
              onChange={(v) => setFilters((f) => ({ ...f, statuses: v as ScheduleFilter[] }))}
            >
              <Group gap="xs" role="group" aria-labelledby="status-toggles-label">
                {TOGGLES.map((t) => (
                  <Chip key={t.value} value={t.value} size="sm">
                    {t.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <Anchor
            component="button"
            type="button"
            size="sm"
            mb={8}
            onClick={() =>
              setFilters({ date: today, resourceId: '', statuses: [...DEFAULT_SCHEDULE_FILTERS] })
            }
          >
            Reset filters
          </Anchor>
        </Group>
      </Paper>

      {all.some((q) => q.isError) ? (
        <Text c="red" size="sm" role="alert">
          Some figures could not be refreshed: {all.find((q) => q.isError)?.error?.message}
        </Text>
      ) : null}

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-label="Key figures">
        {kpis.map((k) => (
          <KpiCard key={k.key} kpi={k} settings={settings} />
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ScheduleCard
          items={filters.statuses.length === 0 ? [] : schedule.data!.schedule}
          settings={settings}
          title={isToday ? "Today's Schedule" : `Schedule for ${formatDate(filters.date, settings)}`}
        />
        <HoldsCard holds={holds.data!.holds} navigate={navigate} />
      </SimpleGrid>

      <PaymentsDueCard
        payments={payments.data!.pages.flatMap((p) => p.payments)}
        onMore={payments.hasNextPage ? () => void payments.fetchNextPage() : undefined}
        loadingMore={payments.isFetchingNextPage}
        settings={settings}
        navigate={navigate}
        canRecord={can('invoices')}
        canEmail={can('comms')}
        onSendLink={payments.data!.pages[0]!.paymentLinks && can('comms') ? payLink.send : undefined}
        sendingLinkId={payLink.busyId}
      />
      {payLink.result ? (
        <Text c={payLink.result.ok ? 'green' : 'red'} size="sm" role={payLink.result.ok ? 'status' : 'alert'}>
          {payLink.result.text}
        </Text>
      ) : null}

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="xs">
          {actionError ? (
            <Text c="red" size="sm" role="alert">
              {actionError}
            </Text>
          ) : null}
          <AlertsCard
            alerts={alerts.data!.alerts}
            busyKey={busyKey}
            onAction={(k, v) => void onAlert(k, v)}
          />
        </Stack>
        <ActivityCard activities={activity.data!.activities} settings={settings} navigate={navigate} />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" onClick={() => void Promise.all(all.map((q) => q.refetch()))}>
          Refresh
        </Button>
      </Group>
    </Stack>
  );
}
