import { Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import type { QuotationSummary } from '@venue/contracts/money-api';
import { useFormat } from '../shared/format.ts';

/** The page's title with the count per status, and its three buttons. */
export function QuotationsHeader({
  counts,
  selectedCount,
  bulkSending,
  hasRows,
  onBulkSend,
  onExport,
  onNew,
}: {
  counts: QuotationSummary['counts'] | undefined;
  selectedCount: number;
  bulkSending: boolean;
  hasRows: boolean;
  onBulkSend: () => void;
  onExport: () => void;
  onNew: () => void;
}) {
  return (
    <Group justify="space-between">
      <div>
        <Title order={1} size="h2">
          Quotations
        </Title>
        {counts && (
          <Text size="sm" c="dimmed">
            {(['Draft', 'Sent', 'Accepted', 'Declined'] as const).map((s) => `${s} ${counts[s]}`).join(' · ')}
          </Text>
        )}
      </div>
      <Group>
        <Button variant="default" disabled={selectedCount === 0} loading={bulkSending} onClick={onBulkSend}>
          Bulk Send
        </Button>
        <Button variant="default" disabled={!hasRows} onClick={onExport}>
          Export CSV
        </Button>
        <Button onClick={onNew}>New Quotation</Button>
      </Group>
    </Group>
  );
}

/** The three figures of the summary, as the server counted them. */
export function QuotationFigures({ summary }: { summary: QuotationSummary }) {
  const fmt = useFormat();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          Total Quotations
        </Text>
        <Text fw={700}>{summary.total}</Text>
      </Card>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          Total Value
        </Text>
        <Text fw={700}>{fmt.money(summary.totalValueCents)} AUD</Text>
      </Card>
      <Card withBorder>
        <Text size="sm" c="dimmed">
          Acceptance Rate
        </Text>
        <Text fw={700}>{summary.acceptanceRate}%</Text>
      </Card>
    </SimpleGrid>
  );
}
