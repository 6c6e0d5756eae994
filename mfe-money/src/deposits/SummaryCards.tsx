import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useFormat } from '../shared/format.ts';
import type { DepositSummary } from '@venue/contracts/money-api';

const NONE = { cents: 0, count: 0 };

/**
 * TOTAL DEPOSITS, PAID, UNPAID: amount and count over all of one tab's rows (spec 03 §2.2, §9),
 * as the service sums them (zero until they arrive).
 */
export function SummaryCards({
  summary: given,
  noun,
  tab,
}: {
  summary: DepositSummary | undefined;
  /** Singular and plural of what is counted: ['booking', 'bookings']. */
  noun: readonly [string, string];
  /** Names the cards' region per tab, so both tabs' cards are told apart. */
  tab: string;
}) {
  const fmt = useFormat();
  const summary = given ?? { total: NONE, paid: NONE, unpaid: NONE };
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
      {(
        [
          ['TOTAL DEPOSITS', summary.total],
          ['PAID', summary.paid],
          ['UNPAID', summary.unpaid],
        ] as const
      ).map(([label, s]) => (
        <Paper key={label} withBorder p="sm" component="section" aria-label={`${tab}: ${label}`}>
          <Text size="xs" c="dimmed" fw={700}>
            {label}
          </Text>
          <Text fw={700}>{fmt.money(s.cents)}</Text>
          <Text size="xs" c="dimmed">
            {s.count} {s.count === 1 ? noun[0] : noun[1]}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
