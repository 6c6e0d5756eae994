/**
 * Forecast (spec 03 §2.10, §9): an area chart of the chosen scenario's revenue for the coming
 * months, the other two scenarios dashed beside it for comparison, the figures in a table, and
 * the server's method in words under the chart.
 */
import { useState } from 'react';
import { SegmentedControl, Table, Text } from '@mantine/core';
import { REPORTS_MESSAGES, type Forecast } from '@venue/contracts/insights';
import type { Formatters } from '../shared/format.ts';
import { AreaChart } from './charts/AreaChart.tsx';
import { Panel } from './Panel.tsx';
import { basisText, monthLabel } from './report-format.ts';

type Scenario = 'base' | 'optimistic' | 'cautious';
const SCENARIOS: Array<{ value: Scenario; label: string; color: string }> = [
  { value: 'base', label: 'Base', color: 'var(--mantine-color-blue-6)' },
  { value: 'optimistic', label: 'Optimistic', color: 'var(--mantine-color-green-7)' },
  { value: 'cautious', label: 'Cautious', color: 'var(--mantine-color-orange-7)' },
];
const bookingsFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

export function ForecastPanel({ forecast, f }: { forecast: Forecast; f: Formatters }) {
  const [scenario, setScenario] = useState<Scenario>('base');
  const { scenarios, method } = forecast.forecastData;
  const points = scenarios[scenario];
  const empty = SCENARIOS.every((s) => scenarios[s.value].length === 0);
  const chosen = SCENARIOS.find((s) => s.value === scenario)!;
  const labels = scenarios.base.map((p) => monthLabel(p.month));
  const described = points.map((p) => `${monthLabel(p.month)}: ${f.money(p.revenueCents)}`).join('; ');
  return (
    <Panel
      title="Forecast"
      caption={`${basisText('event-date')}, for the next ${labels.length} months`}
      empty={empty ? REPORTS_MESSAGES.noForecast : null}
      testId="panel-forecast"
      actions={
        empty ? null : (
          <SegmentedControl
            size="xs"
            aria-label="Scenario"
            value={scenario}
            onChange={(v) => setScenario(v as Scenario)}
            data={SCENARIOS.map((s) => ({ value: s.value, label: s.label }))}
          />
        )
      }
    >
      <AreaChart
        labels={labels}
        label={`Forecast revenue, ${chosen.label} scenario: ${described}`}
        axis={(v) => f.money(Math.round(v))}
        series={SCENARIOS.map((s) => ({
          name: s.label,
          color: s.color,
          primary: s.value === scenario,
          values: scenarios[s.value].map((p) => p.revenueCents),
        }))}
      />
      <Text size="sm" c="dimmed" data-testid="forecast-method">
        {method}
      </Text>
      <Table.ScrollContainer minWidth={320}>
        <Table>
          <Table.Caption>{chosen.label} scenario</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th ta="right">Bookings</Table.Th>
              <Table.Th ta="right">Revenue</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {points.map((p) => (
              <Table.Tr key={p.month} data-testid="forecast-row">
                <Table.Td>{monthLabel(p.month)}</Table.Td>
                <Table.Td ta="right">{bookingsFormat.format(p.bookings)}</Table.Td>
                <Table.Td ta="right">{f.money(p.revenueCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Panel>
  );
}
