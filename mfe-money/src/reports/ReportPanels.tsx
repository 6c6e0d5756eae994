import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { REPORTS_MESSAGES } from '@venue/contracts/insights';
import type { Refetchable } from '@venue/ui/refresh-button';
import type { Formatters } from '../shared/format.ts';
import { CancellationsPanel, CohortsPanel } from './CustomerPanels.tsx';
import { ForecastPanel } from './ForecastPanel.tsx';
import { FunnelPanel } from './FunnelPanel.tsx';
import { KpiCards } from './KpiCards.tsx';
import { MonthTable } from './MonthTables.tsx';
import { AgingPanel, TimelinessPanel } from './PaymentPanels.tsx';
import { UtilisationPanel } from './UtilisationPanel.tsx';
import type { ReportsData } from './reports-api.ts';

/** Every panel, in the spec's order, drawn from the answers; a refresh that failed says so above them. */
export function ReportPanels({
  data,
  error,
  f,
  refresh,
}: {
  data: ReportsData;
  error: string | null;
  f: Formatters;
  refresh: Refetchable;
}) {
  return (
    <Stack gap="md">
      {error ? (
        <Alert color="orange" variant="light" role="alert">
          Some figures could not be refreshed and show the previous answer: {error}
        </Alert>
      ) : null}
      <KpiCards kpis={data.kpis} f={f} refresh={refresh} />
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
