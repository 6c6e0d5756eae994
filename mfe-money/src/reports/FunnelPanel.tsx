/**
 * Bookings Funnel (spec 03 §2.10; issue 14): requests → held → confirmed → completed as bars,
 * and quotes sent → accepted beside them, with each stage's share of the first in a table.
 */
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { REPORTS_MESSAGES, type FunnelData } from '@venue/contracts/insights';
import { BarChart, type Bar } from './charts/BarChart.tsx';
import { Panel } from './Panel.tsx';
import { percent } from './report-format.ts';

const describe = (name: string, bars: Bar[]) =>
  `${name}: ${bars.map((b) => `${b.label} ${b.value}`).join(', ')}`;

function StageTable({ bars, caption }: { bars: Bar[]; caption: string }) {
  const first = bars[0]?.value ?? 0;
  return (
    <Table fz="sm">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Stage</Table.Th>
          <Table.Th ta="right">Count</Table.Th>
          <Table.Th ta="right">Of first stage</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {bars.map((b) => (
          <Table.Tr key={b.label} data-testid="funnel-row">
            <Table.Td>{b.label}</Table.Td>
            <Table.Td ta="right">{b.value}</Table.Td>
            <Table.Td ta="right">{first > 0 ? percent((b.value / first) * 100) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function FunnelPanel({ funnel }: { funnel: FunnelData }) {
  const stages: Bar[] = funnel.funnelData.map((s) => ({ label: s.stage, value: s.count }));
  const quotes: Bar[] = funnel.quotes.map((s) => ({ label: s.stage, value: s.count }));
  const empty = [...stages, ...quotes].every((b) => b.value === 0);
  return (
    <Panel
      title="Bookings Funnel"
      caption={funnel.note ?? 'Booking requests of the period by how far they got'}
      empty={empty ? REPORTS_MESSAGES.noFunnel : null}
      testId="panel-funnel"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <BarChart
            bars={stages}
            label={describe('Bookings funnel', stages)}
            color="var(--mantine-color-blue-6)"
          />
          <StageTable bars={stages} caption="Bookings" />
        </Stack>
        <Stack gap="xs">
          {quotes.length > 0 ? (
            <>
              <BarChart
                bars={quotes}
                label={describe('Quotes', quotes)}
                color="var(--mantine-color-grape-6)"
              />
              <StageTable bars={quotes} caption="Quotes" />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No quotes were sent in this period.
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Panel>
  );
}
