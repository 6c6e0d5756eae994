/**
 * Payment Timeliness (a pie of on-time against overdue) and Payment Aging (Age, Count, Amount by
 * days past due: current, 1–30, 31–60, 61–90, 90+), spec 03 §2.10, §3.
 */
import { Group, Stack, Table, Text } from '@mantine/core';
import { REPORTS_MESSAGES, type PaymentAnalysis } from '@venue/contracts/insights';
import { useSession } from '@venue/ui';
import type { Formatters } from '../shared/format.ts';
import { PieChart } from './charts/PieChart.tsx';
import { Panel } from './Panel.tsx';
import { percent } from './report-format.ts';

const AGE_LABELS: Record<string, string> = {
  current: 'Current (not yet due)',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

export function TimelinessPanel({ payments }: { payments: PaymentAnalysis }) {
  const { onTime, overdue, dueCount } = payments.paymentData;
  const slices = [
    { label: 'On-time', value: onTime, color: 'var(--mantine-color-green-7)' },
    { label: 'Overdue', value: overdue, color: 'var(--mantine-color-red-7)' },
  ];
  return (
    <Panel
      title="Payment Timeliness"
      caption={`Invoices by payment date against their due date${
        dueCount === undefined ? '' : `; ${dueCount} fell due in the period`
      }`}
      empty={onTime + overdue === 0 ? REPORTS_MESSAGES.noPayments : null}
      testId="panel-timeliness"
    >
      <Group gap="xl" align="center" wrap="wrap">
        <PieChart
          slices={slices}
          label={`Payment timeliness: on-time ${percent(onTime)}, overdue ${percent(overdue)}`}
        />
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {slices.map((s) => (
            <Group key={s.label} gap="xs" component="li">
              <span
                aria-hidden="true"
                style={{ width: 12, height: 12, borderRadius: 2, background: s.color }}
              />
              <Text size="sm" data-testid={`timeliness-${s.label}`}>
                {s.label}: {percent(s.value)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </Panel>
  );
}

export function AgingPanel({ payments, f }: { payments: PaymentAnalysis; f: Formatters }) {
  const { settings } = useSession();
  const aging = payments.paymentData.aging;
  const empty = aging.every((a) => a.count === 0 && a.amountCents === 0);
  return (
    <Panel
      title="Payment Aging"
      caption={`Unpaid balances by days past the due date${
        payments.paymentData.asOf ? `, as at ${f.date(payments.paymentData.asOf)}` : ''
      }`}
      empty={empty ? REPORTS_MESSAGES.noAging : null}
      testId="panel-aging"
    >
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Age</Table.Th>
            <Table.Th ta="right">Count</Table.Th>
            <Table.Th ta="right">Amount {settings.currency ?? 'AUD'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {aging.map((a) => (
            <Table.Tr key={a.bucket} data-testid="aging-row">
              <Table.Td>{AGE_LABELS[a.bucket] ?? a.bucket}</Table.Td>
              <Table.Td ta="right">{a.count}</Table.Td>
              <Table.Td ta="right">{f.money(a.amountCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Panel>
  );
}
