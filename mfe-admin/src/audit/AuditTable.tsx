import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { formatDateTime, useSession } from '@venue/ui';
import { TableHead } from '@venue/ui/table-head';
import { BreakableEmail } from '@venue/ui/breakable-email';
import { actorOf, venueText } from './audit-words.ts';
import { humanise, labelOf, roleName, type AuditEntry } from './audit-api.ts';
import type { useAuditLog } from './useAuditLog.ts';

/** The loaded page's entries (after the search), each with View for its details. */
export function AuditTable({
  shown,
  people,
  onView,
}: {
  shown: AuditEntry[];
  people: ReturnType<typeof useAuditLog>['people'];
  onView: (entry: AuditEntry) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="audit-table">
        <TableHead columns={['Timestamp', 'User', 'Action', 'Target', 'IP Address', 'Details']} />
        <Table.Tbody>
          {shown.map((e) => (
            <AuditRow key={e.id} entry={e} people={people} onView={() => onView(e)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AuditRow({
  entry: e,
  people,
  onView,
}: {
  entry: AuditEntry;
  people: ReturnType<typeof useAuditLog>['people'];
  onView: () => void;
}) {
  const { settings } = useSession();
  const actor = actorOf(e, people);
  return (
    <Table.Tr data-testid="audit-row" data-action={e.action}>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="audit-time">
        {formatDateTime(e.timestamp, settings)}
      </Table.Td>
      <Table.Td>
        <Stack gap={0} data-testid="audit-user">
          <Text size="sm">{actor.name}</Text>
          {actor.detail ? (
            <Text size="xs" c="dimmed">
              <BreakableEmail email={actor.detail} />
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {roleName(e.userRole)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" size="sm">
          {humanise(e.action)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="audit-target">
            {venueText(labelOf(e), settings) || '—'}
          </Text>
          {e.additionalInfo ? (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }} data-testid="audit-info">
              {venueText(e.additionalInfo, settings)}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {humanise(e.targetType)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>{e.ipAddress ?? '—'}</Table.Td>
      <Table.Td>
        <Button size="xs" variant="subtle" onClick={onView} aria-label={`View entry ${e.id}`}>
          View
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
