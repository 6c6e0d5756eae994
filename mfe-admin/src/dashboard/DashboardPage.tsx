/**
 * The Dashboard (spec 01 §2, issue 14): where every sign-in lands. Seven calls fetched together
 * (the spec's six and the alerts) from the insights read model; every figure is the server's,
 * and a failure shows the spec's error states, never sample figures.
 */
import { useState } from 'react';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_MESSAGES, type Alert } from '@venue/contracts/insights';
import { ErrorState, LoadingState, formatDate, useSession } from '@venue/ui';
import { RefreshButton } from '@venue/ui/refresh-button';
import { useSendPaymentLink } from './send-payment-link.ts';
import { ActivityCard, AlertsCard, KpiCard, ScheduleCard } from './DashboardSections.tsx';
import { HoldsCard, PaymentsDueCard } from './DashboardTables.tsx';
import { DashboardFilterBar, dashboardFiltersFor } from './DashboardFilterBar.tsx';
import { WelcomeBanner } from './WelcomeBanner.tsx';
import { useAlertActions, useDashboardQueries } from './useDashboard.ts';
import { isAuthError, venueToday, type DashboardFilters } from './dashboard-api.ts';

export function DashboardPage() {
  const { settings, navigate } = useSession();
  const today = venueToday(settings.timezone);
  const [filters, setFilters] = useState<DashboardFilters>(() => dashboardFiltersFor(today));
  const { stats, schedule, payments, holds, activity, resources, alerts, all } = useDashboardQueries(filters);

  const failed = all.find((q) => q.isError && !q.data);
  if (failed)
    return (
      <DashboardFailure error={failed.error} onRetry={() => void Promise.all(all.map((q) => q.refetch()))} />
    );
  if (all.some((q) => q.isPending)) return <LoadingState label={DASHBOARD_MESSAGES.loading} />;

  const kpis = stats.data!.kpis;
  const isToday = filters.date === today;

  return (
    <Stack gap="lg">
      <WelcomeBanner
        bookingsThisWeek={kpis.find((k) => k.key === 'bookingsThisWeek')?.value}
        revenueMtd={kpis.find((k) => k.key === 'revenueMtd')?.value}
      />

      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Dashboard
        </Title>
        <Text c="dimmed">Today&apos;s status across bookings, availability, and payments.</Text>
      </Stack>

      <DashboardFilterBar
        filters={filters}
        setFilters={setFilters}
        today={today}
        resources={resources.data?.resources ?? []}
      />

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

      <PaymentsDueSection payments={payments} />

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <AlertsSection alerts={alerts.data!.alerts} />
        <ActivityCard activities={activity.data!.activities} settings={settings} navigate={navigate} />
      </SimpleGrid>
      <Group justify="flex-end">
        <RefreshButton queries={all} variant="subtle" size="xs" />
      </Group>
    </Stack>
  );
}

/** A call that failed with nothing to show: sign in again, or try the calls again. */
function DashboardFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { navigate } = useSession();
  const message = error instanceof Error ? error.message : String(error);
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
      onRetry={onRetry}
      retryLabel="Try Again"
    />
  );
}

/** Payments due, paged, with the Send payment link answer beneath. */
function PaymentsDueSection({ payments }: { payments: ReturnType<typeof useDashboardQueries>['payments'] }) {
  const { api, settings, navigate, can } = useSession();
  const payLink = useSendPaymentLink(api);
  return (
    <>
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
    </>
  );
}

/** The alerts with Resolve and Dismiss, and the failure of the last one tried. */
function AlertsSection({ alerts }: { alerts: Alert[] }) {
  const { busyKey, actionError, onAlert } = useAlertActions();
  return (
    <Stack gap="xs">
      {actionError ? (
        <Text c="red" size="sm" role="alert">
          {actionError}
        </Text>
      ) : null}
      <AlertsCard alerts={alerts} busyKey={busyKey} onAction={(k, v) => void onAlert(k, v)} />
    </Stack>
  );
}
