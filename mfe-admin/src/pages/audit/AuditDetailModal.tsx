import { Badge, Button, CopyButton, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatMoney, useSession } from '@venue/ui';
import { depositCents, humanise, roleName, type AuditEntry } from './audit-api.ts';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function AuditDetailModal({
  entry,
  targetLabel,
  onClose,
}: {
  entry: AuditEntry | null;
  targetLabel: string;
  onClose: () => void;
}) {
  const { settings } = useSession();
  if (!entry) return <Modal opened={false} onClose={onClose} title="Audit entry" />;
  const deposit = entry.action.startsWith('deposit_') ? depositCents(entry) : null;
  const changes = Object.entries(entry.changes ?? {}).filter(
    ([k]) => k !== 'deposit_amount' || deposit === null,
  );
  const rows: Array<[string, string]> = [
    ['Timestamp', formatDateTime(entry.timestamp, settings)],
    ['IP Address', entry.ipAddress ?? '—'],
    ['User', entry.userEmail ?? 'System'],
    ['Role', roleName(entry.userRole) || '—'],
    ['Action', humanise(entry.action)],
    ['Target Type', entry.targetType],
    ['Target', targetLabel || '—'],
    ['Additional Info', entry.additionalInfo ?? '—'],
  ];
  return (
    <Modal opened onClose={onClose} title="Audit entry" size="lg" centered>
      <Stack gap="md" data-testid="audit-detail">
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w={150} fw={500} c="dimmed" scope="row">
                  {k}
                </Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {deposit !== null ? (
          <Paper withBorder p="md" bg="gray.0">
            <Title order={3} fz="sm" mb={4}>
              Deposit amount
            </Title>
            <Text fw={700} fz="lg" data-testid="deposit-amount">
              {formatMoney(deposit, settings)} {settings.currency}
            </Text>
          </Paper>
        ) : null}
        {changes.length > 0 ? (
          <div>
            <Title order={3} fz="sm" mb="xs">
              Changes
            </Title>
            <Stack gap={6} data-testid="audit-changes">
              {changes.map(([field, change]) => {
                const pair =
                  change && typeof change === 'object' && 'new' in change
                    ? (change as { old: unknown; new: unknown })
                    : { old: undefined, new: change };
                return (
                  <Group key={field} gap="xs" wrap="wrap">
                    <Badge variant="light">{field}</Badge>
                    <Text size="sm" c="red.8" td="line-through">
                      {show(pair.old)}
                    </Text>
                    <Text size="sm" aria-hidden>
                      →
                    </Text>
                    <Text size="sm" c="green.8">
                      {show(pair.new)}
                    </Text>
                  </Group>
                );
              })}
            </Stack>
          </div>
        ) : deposit === null ? (
          <Text size="sm" c="dimmed">
            No field changes recorded for this entry.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <CopyButton value={JSON.stringify(entry, null, 2)}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} color={copied ? 'green' : undefined}>
                {copied ? 'Copied' : 'Copy JSON'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
