import type { Dispatch, SetStateAction } from 'react';
import { Button, Chip, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { REPORT_PERIODS, REPORT_SEGMENTS, type ReportPeriod } from '@venue/contracts/insights';
import { PageHeader } from '@venue/ui';
import { FilterBar } from '@venue/ui/filter-bar';
import { RefreshButton, type Refetchable } from '@venue/ui/refresh-button';
import { useFormat } from '../shared/format.ts';
import { PERIOD_LABELS } from './report-format.ts';
import type { ReportFilters, ReportsState } from './reports-api.ts';
import { SEGMENT_LABELS, segmentsCaption, toggleSegment } from './segments.ts';
import type { useReportExports } from './useReportExports.ts';

/** The title with when the figures arrived, Refresh, the two exports and Schedule Email. */
export function ReportsHeader({
  reports,
  exports,
  refresh,
  onSchedule,
}: {
  reports: ReportsState;
  exports: ReturnType<typeof useReportExports>;
  refresh: Refetchable;
  onSchedule: () => void;
}) {
  const f = useFormat();
  const { data } = reports;
  return (
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
          <RefreshButton queries={[refresh]} />
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
          <Button onClick={onSchedule}>Schedule Email</Button>
        </>
      }
    />
  );
}

/** Date Range and Segments: every panel is asked again for them. */
export function ReportFiltersCard({
  filters,
  setFilters,
}: {
  filters: ReportFilters;
  setFilters: Dispatch<SetStateAction<ReportFilters>>;
}) {
  return (
    <FilterBar label="Report filters" gap="lg">
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
    </FilterBar>
  );
}
