/**
 * Customer Cohorts & Retention (week 0 to week 5 after a customer's first booking, from the
 * server's real first bookings, not the spec's generated sample) and the cancellation reasons,
 * which the issue asks to show (the spec's page fetched them without showing them).
 */
import { Table, Text } from '@mantine/core';
import type { Formatters } from '../shared/format.ts';
import { Panel } from './Panel.tsx';
import type { CancellationReasons, ReportSummary } from '@venue/contracts/insights';
import { percent } from './report-format.ts';

const WEEKS = [0, 1, 2, 3, 4, 5];

/** Spec 03 §9 retention bands: 80+, 60+, 40+, 20+, below 20 (lighter as retention falls). */
export function retentionBand(rate: number): string {
  if (rate >= 80) return 'var(--mantine-color-blue-3)';
  if (rate >= 60) return 'var(--mantine-color-blue-2)';
  if (rate >= 40) return 'var(--mantine-color-blue-1)';
  if (rate >= 20) return 'var(--mantine-color-gray-1)';
  return 'var(--mantine-color-gray-0)';
}

export function CohortsPanel({ summary, f }: { summary: ReportSummary; f: Formatters }) {
  const { cohorts, customers } = summary.summary;
  return (
    <Panel
      title="Customer Cohorts & Retention"
      caption={`Customers by the week of their first booking; ${customers} customers booked in the period`}
      empty={cohorts.length === 0 ? 'No customer cohorts in this period yet.' : null}
      testId="panel-cohorts"
    >
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder withColumnBorders fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Cohort (week of)</Table.Th>
              <Table.Th scope="col" ta="right">
                Customers
              </Table.Th>
              {WEEKS.map((w) => (
                <Table.Th key={w} scope="col" ta="center">
                  Week {w}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cohorts.map((c) => (
              <Table.Tr key={c.cohort} data-testid="cohort-row">
                <Table.Th scope="row">{f.date(c.cohort)}</Table.Th>
                <Table.Td ta="right">{c.customers}</Table.Td>
                {WEEKS.map((w) => {
                  const rate = c.retention[w];
                  return (
                    <Table.Td
                      key={w}
                      ta="center"
                      style={rate === undefined ? undefined : { background: retentionBand(rate) }}
                    >
                      {rate === undefined ? '—' : percent(rate)}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Panel>
  );
}

export function CancellationsPanel({ cancellations }: { cancellations: CancellationReasons }) {
  const reasons = [...cancellations.reasons].sort((a, b) => b.count - a.count);
  const total = reasons.reduce((s, r) => s + r.count, 0);
  return (
    <Panel
      title="Cancellation Reasons"
      caption="Bookings cancelled in the period, by the reason given"
      empty={total === 0 ? 'No bookings were cancelled in this period.' : null}
      testId="panel-cancellations"
    >
      <Table fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reason</Table.Th>
            <Table.Th ta="right">Count</Table.Th>
            <Table.Th ta="right">Share</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reasons.map((r) => (
            <Table.Tr key={r.reason} data-testid="cancellation-row">
              <Table.Td>{r.reason}</Table.Td>
              <Table.Td ta="right">{r.count}</Table.Td>
              <Table.Td ta="right">{percent((r.count / total) * 100)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {total} cancelled in total.
      </Text>
    </Panel>
  );
}
