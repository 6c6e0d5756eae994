// The Message History list (split out of HistoryTab.tsx): one row per e-mail or SMS.
import { Badge, Button, Table, Text } from '@mantine/core';
import { TableHead } from '@venue/ui/table-head';
import { CHANNEL_LABELS, type HistoryResponse } from '@venue/contracts/comms';
import { DeliveryBadge, StatusBadge } from '../shared/StatusBadge.tsx';
import { useCommsFormat } from '../shared/format.ts';

type HistoryItem = HistoryResponse['items'][number];

export function HistoryTable({ items, onView }: { items: HistoryItem[]; onView: (id: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="email-history">
        <TableHead
          columns={['Recipient', 'Channel', 'Subject', 'Status', 'Sent', 'Template']}
          actions="Actions"
        />
        <Table.Tbody>
          {items.map((e) => (
            <HistoryRow key={e.id} e={e} onView={() => onView(e.id)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function HistoryRow({ e, onView }: { e: HistoryItem; onView: () => void }) {
  const fmt = useCommsFormat();
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{e.recipientName || e.to}</Text>
        {e.recipientName ? (
          <Text size="xs" c="dimmed">
            {e.to}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Badge variant="outline" color={e.channel === 'sms' ? 'grape' : 'gray'}>
          {CHANNEL_LABELS[e.channel]}
        </Badge>
      </Table.Td>
      <Table.Td>
        {e.subject}
        {e.channel === 'sms' && e.segments ? (
          <Text size="xs" c="dimmed">
            {e.segments} segment{e.segments === 1 ? '' : 's'}
          </Text>
        ) : null}
        {e.lastError && e.status !== 'sent' ? (
          <Text size="xs" c="red">
            {e.lastError}
          </Text>
        ) : null}
        {e.attachments.length ? (
          <Text size="xs" c="dimmed">
            {e.attachments.length} attachment{e.attachments.length === 1 ? '' : 's'}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={e.status} />
        {e.channel === 'sms' && e.status === 'sent' && e.delivery ? (
          <DeliveryBadge delivery={e.delivery} code={e.deliveryError} />
        ) : null}
      </Table.Td>
      <Table.Td>
        {e.sentAt ? (
          fmt.dateTime(e.sentAt)
        ) : (
          // Not accepted by a mail server or SMS provider (yet): when it was queued instead.
          <Text size="sm" c="dimmed">
            Queued {fmt.dateTime(e.createdAt)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{e.templateName ?? '—'}</Table.Td>
      <Table.Td>
        <Button size="xs" variant="default" onClick={onView} aria-label={`View ${e.subject} to ${e.to}`}>
          View
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
