/**
 * Reports (spec 03 §2.10; issue 14 items 3–4): the nine calls fetched together for the chosen
 * range and segments, every panel drawn from the insights read model's answers, the exports and
 * scheduled e-mails from the server. A failure shows the spec's error card, never sample figures.
 */
import { lazy, useState } from 'react';
import { Alert, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { DEFAULT_REPORT_PERIOD, REPORTS_MESSAGES } from '@venue/contracts/insights';
import { ErrorState, OnDemand } from '@venue/ui';
import { useFormat } from '../shared/format.ts';
import { ReportFiltersCard, ReportsHeader } from './ReportControls.tsx';
import { ReportPanels } from './ReportPanels.tsx';
import { useReports, type ReportFilters } from './reports-api.ts';
import { useReportExports } from './useReportExports.ts';

// Loaded when first opened: its form (react-hook-form, zod) is not part of the page's first load.
const ScheduleEmailDialog = lazy(() =>
  import('./ScheduleEmailDialog.tsx').then((m) => ({ default: m.ScheduleEmailDialog })),
);

function LoadingPanels() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="reports-loading">
      <Text size="sm" c="dimmed">
        Loading reports...
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={120} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Skeleton height={260} radius="md" />
        <Skeleton height={260} radius="md" />
      </SimpleGrid>
      <Skeleton height={280} radius="md" />
    </Stack>
  );
}

export function ReportsPage() {
  const f = useFormat();
  const [filters, setFilters] = useState<ReportFilters>({ period: DEFAULT_REPORT_PERIOD, segments: ['all'] });
  const [scheduling, setScheduling] = useState(false);
  const reports = useReports(filters);
  const { data } = reports;
  const exports = useReportExports(filters, data !== null && reports.error === null);
  // Refresh spins only while shown figures are fetched again; the first load is LoadingPanels.
  const refresh = {
    isFetching: reports.fetching,
    isRefetching: reports.fetching && data !== null,
    refetch: reports.refetch,
  };

  let body;
  if (reports.error && !data) {
    body = (
      <ErrorState
        title={REPORTS_MESSAGES.loadError}
        titleOrder={2}
        message={reports.error}
        onRetry={() => void reports.refetch()}
        retryLabel="Try Again"
      />
    );
  } else if (!data) {
    body = <LoadingPanels />;
  } else {
    body = <ReportPanels data={data} error={reports.error} f={f} refresh={refresh} />;
  }

  return (
    <Stack gap="md">
      <ReportsHeader
        reports={reports}
        exports={exports}
        refresh={refresh}
        onSchedule={() => setScheduling(true)}
      />
      {exports.notice ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={exports.notice.title}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={exports.dismiss}
          data-testid="export-notice"
        >
          {exports.notice.detail}
        </Alert>
      ) : null}
      <ReportFiltersCard filters={filters} setFilters={setFilters} />
      {body}
      <OnDemand open={scheduling}>
        <ScheduleEmailDialog opened={scheduling} onClose={() => setScheduling(false)} filters={filters} />
      </OnDemand>
    </Stack>
  );
}
