import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateField } from '@venue/ui/date-field';
import { formatMoney, useSession } from '@venue/ui';
import type { Addon, Resource } from '../api/types.ts';
import { usePriceQuote } from '../api/hooks.ts';

/** Asks the server what a booking would cost, with the same rules bookings use. */
export function PriceCheckPanel({ resources, addons }: { resources: Resource[]; addons: Addon[] }) {
  const { settings } = useSession();
  const quote = usePriceQuote();
  const [resourceId, setResourceId] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [startTime, setStart] = useState('09:00');
  const [endTime, setEnd] = useState('17:00');
  const [addOnIds, setAddOnIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  function check() {
    if (!resourceId) return setProblem('Resource is required');
    if (!date) return setProblem('Date is required');
    if (!(startTime < endTime)) return setProblem('End time must be after start time');
    setProblem(null);
    quote.mutate({ resourceId, date, startTime, endTime, addOnIds });
  }

  const q = quote.data;
  return (
    <Paper withBorder p="md" radius="md" mt="xl" data-testid="price-check">
      <Title order={2} fz="lg" mb="sm">
        Price check
      </Title>
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Resource to price"
            data={resources.map((r) => ({ value: r.id, label: r.name }))}
            value={resourceId}
            onChange={setResourceId}
            w={220}
          />
          <DateField label="Date" value={date} onChange={setDate} w={150} />
          <TextInput
            type="time"
            label="Start time"
            value={startTime}
            onChange={(e) => setStart(e.currentTarget.value)}
          />
          <TextInput
            type="time"
            label="End time"
            value={endTime}
            onChange={(e) => setEnd(e.currentTarget.value)}
          />
          <MultiSelect
            label="Add-ons"
            data={addons.map((a) => ({ value: a.id, label: a.name }))}
            value={addOnIds}
            onChange={setAddOnIds}
            w={260}
          />
          <Button onClick={check} loading={quote.isPending}>
            Check price
          </Button>
        </Group>
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        {quote.isError ? (
          <Alert color="red" variant="light" role="alert">
            {quote.error.message}
          </Alert>
        ) : null}
        {q ? (
          <Stack gap="xs" data-testid="price-quote">
            <Text size="sm" c="dimmed">
              {q.durationHours} hours, {q.isWeekend ? 'weekend' : 'weekday'} rate
              {q.rateType
                ? ` (${q.rateType === 'hourly' ? 'hourly' : 'flat'} ${formatMoney(q.rateCents, settings)})`
                : ' — no rate card for this resource'}
            </Text>
            <Table withTableBorder maw={480}>
              <Table.Tbody>
                {q.breakdown.map((line, i) => (
                  <Table.Tr key={`${line.label}-${i}`}>
                    <Table.Td>{line.label}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.amountCents, settings)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th>Total</Table.Th>
                  <Table.Td ta="right" fw={700} data-testid="price-total">
                    {formatMoney(q.calculatedPriceCents, settings)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
