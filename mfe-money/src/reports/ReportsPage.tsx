/**
 * Reports (spec 03 §2.10; issue 14 items 3–4): the nine calls fetched together for the chosen
 * range and segments, every panel drawn from the insights read model's answers, the exports and
 * scheduled e-mails from the server. A failure shows the spec's error card, never sample figures.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Chip,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import {
  DEFAULT_REPORT_PERIOD,
  REPORT_PERIODS,
  REPORTS_MESSAGES,
  REPORT_SEGMENTS,
  type ReportPeriod,
} from '@venue/contracts/insights';
import { ErrorState, PageHeader } from '@venue/ui';
import { useFormat } from '../shared/format.ts';
import { CancellationsPanel, CohortsPanel } from './CustomerPanels.tsx';
import { ForecastPanel } from './ForecastPanel.tsx';
import { FunnelPanel } from './FunnelPanel.tsx';
import { KpiCards } from './KpiCards.tsx';
import { MonthTable } from './MonthTables.tsx';
import { AgingPanel, TimelinessPanel } from './PaymentPanels.tsx';
import { ScheduleEmailDialog } from './ScheduleEmailDialog.tsx';
import { UtilisationPanel } from './UtilisationPanel.tsx';
import { PERIOD_LABELS } from './report-format.ts';
import { useReports, type ReportFilters } from './reports-api.ts';
import { SEGMENT_LABELS, segmentsCaption, toggleSegment } from './segments.ts';
import { useReportExports } from './useReportExports.ts';

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
  const refresh = () => void reports.refetch();

  const header = (
    <PageHeader
      title="Reports"
      subtitle={
        <Group gap="xs" component="span">
          <span data-testid="last-updated">
            {reports.updatedAt > 0
              ? `Last updated ${f.dateTime(new Date(reports.updatedAt).toISOString())}`
              : 'Not loaded yet'}
          </span>
          {reports.fetching && data ? (
            <Group gap={4} component="span" role="status">
              <Loader size={12} />
              Updating...
            </Group>
          ) : null}
        </Group>
      }
      actions={
        <>
          <Button variant="default" onClick={refresh} loading={reports.fetching && !data}>
            Refresh
          </Button>
          <Button variant="default" onClick={() => void exports.exportPdf()} loading={exports.busy === 'pdf'}>
            Export PDF
          </Button>
          <Button
            variant="default"
            onClick={() => void exports.downloadCsvs()}
            loading={exports.busy === 'zip'}
          >
            Download CSVs
          </Button>
          <Button onClick={() => setScheduling(true)}>Schedule Email</Button>
        </>
      }
    />
  );

  const controls = (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="form"
      aria-label="Report filters"
      onSubmit={(e) => e.preventDefault()}
    >
      <Group align="flex-end" gap="lg" wrap="wrap">
        <Select
          label="Date Range"
          w={200}
          allowDeselect={false}
          value={filters.period}
          onChange={(v) => v && setFilters((s) => ({ ...s, period: v as ReportPeriod }))}
          data={REPORT_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-segments-label">
            Segments
          </Text>
          <Group gap="xs" role="group" aria-labelledby="report-segments-label">
            {REPORT_SEGMENTS.map((s) => (
              <Chip
                key={s}
                size="sm"
                checked={filters.segments.includes(s)}
                onChange={() => setFilters((st) => ({ ...st, segments: toggleSegment(st.segments, s) }))}
              >
                {SEGMENT_LABELS[s]}
              </Chip>
            ))}
          </Group>
        </Stack>
        <Text size="xs" c="dimmed" mb={6} data-testid="segments-caption">
          {segmentsCaption(filters.segments)}
        </Text>
      </Group>
    </Card>
  );

  let body;
  if (reports.error && !data) {
    body = (
      <ErrorState
        title={REPORTS_MESSAGES.loadError}
        titleOrder={2}
        message={reports.error}
        onRetry={refresh}
        retryLabel="Try Again"
      />
    );
  } else if (!data) {
    body = <LoadingPanels />;
  } else {
    body = (
      <Stack gap="md">
        {reports.error ? (
          <Alert color="orange" variant="light" role="alert">
            Some figures could not be refreshed and show the previous answer: {reports.error}
          </Alert>
        ) : null}
        <KpiCards kpis={data.kpis} f={f} onRefresh={refresh} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <MonthTable
            title="Historical Performance"
            rows={data.historical.historicalData}
            basis={data.historical.basis}
            emptyMessage={REPORTS_MESSAGES.noHistory}
            f={f}
            testId="panel-historical"
          />
          <MonthTable
            title="Upcoming Pipeline"
            rows={data.pipeline.pipelineData}
            basis={data.pipeline.basis}
            emptyMessage={REPORTS_MESSAGES.noPipeline}
            f={f}
            testId="panel-pipeline"
          />
        </SimpleGrid>
        <ForecastPanel forecast={data.forecast} f={f} />
        <UtilisationPanel data={data.utilisation} f={f} />
        <FunnelPanel funnel={data.funnel} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <TimelinessPanel payments={data.payments} />
          <AgingPanel payments={data.payments} f={f} />
        </SimpleGrid>
        <CohortsPanel summary={data.summary} f={f} />
        <CancellationsPanel cancellations={data.cancellations} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {header}
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
      {controls}
      {body}
      <ScheduleEmailDialog opened={scheduling} onClose={() => setScheduling(false)} filters={filters} />
    </Stack>
  );
}
