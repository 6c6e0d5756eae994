import { Badge, Table, Text } from '@mantine/core';
import { DangerButton } from '@venue/ui/danger-button';
import type { ApiKeyView } from '@venue/contracts';
import { formatDate, formatDateTime, useSession } from '@venue/ui';
import { permissionNames } from './api-keys.ts';
import { TableHead } from '@venue/ui/table-head';

export function ApiKeysTable({
  keys,
  onRevoke,
}: {
  keys: ApiKeyView[];
  onRevoke: (key: ApiKeyView) => void;
}) {
  return (
    <Table striped aria-label="API keys">
      <TableHead columns={['Name', 'Permissions', 'Created', 'Expires', 'Last used']} actions="Actions" />
      <Table.Tbody>
        {keys.map((k) => (
          <ApiKeyRow key={k.id} apiKey={k} onRevoke={() => onRevoke(k)} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ApiKeyRow({ apiKey: k, onRevoke }: { apiKey: ApiKeyView; onRevoke: () => void }) {
  const { settings } = useSession();
  return (
    <Table.Tr data-testid="api-key-row">
      <Table.Td>
        <Text size="sm">{k.name}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {k.prefix}…
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{permissionNames(k.permissions)}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(k.createdAt, settings)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {k.expired ? (
          <Badge color="red" variant="light">
            Expired
          </Badge>
        ) : (
          formatDate(k.expiresAt, settings)
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {k.lastUsedAt ? formatDateTime(k.lastUsedAt, settings) : 'Never'}
      </Table.Td>
      <Table.Td>
        <DangerButton aria-label={`Revoke API key ${k.name}`} onClick={onRevoke}>
          Revoke
        </DangerButton>
      </Table.Td>
    </Table.Tr>
  );
}
