import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { Invoice, InvoiceSummary } from '@venue/contracts/money-api';
import { useFormat } from '../shared/format.ts';

/** The Invoices page's three figures, as the summary call counted them. */
export function InvoiceSummaryCards({ stats }: { stats: InvoiceSummary }) {
  const fmt = useFormat();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
      <Paper withBorder p="sm" aria-label="Total invoiced" component="section">
        <Text size="xs" c="dimmed">
          Total invoiced
        </Text>
        <Text fw={700}>{fmt.money(stats.totalCents)}</Text>
      </Paper>
      <Paper withBorder p="sm" aria-label="Total paid" component="section">
        <Text size="xs" c="dimmed">
          Total paid
        </Text>
        <Text fw={700}>{fmt.money(stats.paidCents)}</Text>
      </Paper>
      <Paper withBorder p="sm" aria-label="Overdue invoices" component="section">
        <Text size="xs" c="dimmed">
          Overdue
        </Text>
        <Text fw={700} c={stats.overdueCount > 0 ? 'red.8' : undefined}>
          {stats.overdueCount}
        </Text>
      </Paper>
    </SimpleGrid>
  );
}

/** The bar over the list while invoices are ticked: their count and total, and what to do with them. */
export function SelectedInvoicesBar({
  chosen,
  sending,
  onSend,
  onRemind,
  onExport,
}: {
  chosen: Invoice[];
  sending: boolean;
  onSend: () => void;
  onRemind: () => void;
  onExport: () => void;
}) {
  const fmt = useFormat();
  return (
    <Paper withBorder p="xs" mb="sm" bg="blue.0" role="region" aria-label="Selected invoices">
      <Group justify="space-between">
        <Text size="sm">
          {chosen.length} selected · {fmt.money(chosen.reduce((s, i) => s + i.totalCents, 0))}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={onSend} loading={sending}>
            Send Selected
          </Button>
          <Button size="xs" variant="default" onClick={onRemind}>
            Send Reminders
          </Button>
          <Button size="xs" variant="default" onClick={onExport}>
            Export CSV
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
