import { Badge, Button, CopyButton, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatMoney, useSession } from '@venue/ui';
import { depositCents, humanise, roleName, type AuditEntry } from './audit-api.ts';
import { actorOf, changeText, fieldName, venueText, type People } from './audit-words.ts';

export function AuditDetailModal({
  entry,
  targetLabel,
  people = new Map(),
  onClose,
}: {
  entry: AuditEntry | null;
  targetLabel: string;
  /** Names of the people the viewer may list, by id and e-mail. */
  people?: People;
  onClose: () => void;
}) {
  const { settings } = useSession();
  if (!entry) return <Modal opened={false} onClose={onClose} title="Audit entry" />;
  const deposit = entry.action.startsWith('deposit_') ? depositCents(entry) : null;
  const changes = Object.entries(entry.changes ?? {}).filter(
    ([k]) => k !== 'deposit_amount' || deposit === null,
  );
  const actor = actorOf(entry, people);
  const rows: Array<[string, string]> = [
    ['Timestamp', formatDateTime(entry.timestamp, settings)],
    ['IP Address', entry.ipAddress ?? '—'],
    ['User', actor.detail ? `${actor.name} (${actor.detail})` : actor.name],
    ['Role', roleName(entry.userRole) || '—'],
    ['Action', humanise(entry.action)],
    ['Target Type', humanise(entry.targetType)],
    ['Target', venueText(targetLabel, settings) || '—'],
    ['Additional Info', entry.additionalInfo ? venueText(entry.additionalInfo, settings) : '—'],
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
        {deposit !== null ? <DepositAmount cents={deposit} /> : null}
        {changes.length > 0 ? (
          <ChangeList changes={changes} />
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

function DepositAmount({ cents }: { cents: number }) {
  const { settings } = useSession();
  return (
    <Paper withBorder p="md" bg="gray.0">
      <Title order={3} fz="sm" mb={4}>
        Deposit amount
      </Title>
      <Text fw={700} fz="lg" data-testid="deposit-amount">
        {formatMoney(cents, settings)} {settings.currency}
      </Text>
    </Paper>
  );
}

/** Each changed field, its old value struck through and its new one. */
function ChangeList({ changes }: { changes: Array<[string, unknown]> }) {
  const { settings } = useSession();
  return (
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
              <Badge variant="light">{fieldName(field)}</Badge>
              <Text size="sm" c="red.8" td="line-through">
                {changeText(pair.old, settings)}
              </Text>
              <Text size="sm" aria-hidden>
                →
              </Text>
              <Text size="sm" c="green.8">
                {changeText(pair.new, settings)}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </div>
  );
}
