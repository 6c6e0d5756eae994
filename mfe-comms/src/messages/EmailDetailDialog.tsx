import { Alert, Group, List, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { ErrorState, LoadingState } from '@venue/ui';
import { smsUndeliveredText } from '@venue/contracts/comms';
import { useEmailDetail } from '../api/hooks.ts';
import { MailFrame } from '../shared/MailFrame.tsx';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { sizeKb, useCommsFormat } from '../shared/format.ts';

type EmailDetail = NonNullable<ReturnType<typeof useEmailDetail>['data']>;

/** One message of the history with its body as sent (HTML and text), delivery and attachments. */
export function EmailDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useEmailDetail(id);
  const e = detail.data;
  // An SMS (issue 26) has no HTML, no reply address and no attachments: its text as sent, its parts.
  const sms = e?.channel === 'sms';
  return (
    <Modal opened onClose={onClose} title={sms ? 'SMS details' : 'Email details'} size="xl" centered>
      {detail.isPending ? (
        <LoadingState label="Loading email..." />
      ) : detail.isError ? (
        <ErrorState
          title="Failed to load email"
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
        />
      ) : e ? (
        <Stack gap="sm">
          <Group gap="xs">
            <StatusBadge status={e.status} />
            <Text size="sm" fw={600}>
              {e.subject}
            </Text>
          </Group>
          <MessageFacts e={e} />
          {e.lastError ? (
            <Alert
              color="red"
              variant="light"
              title={sms ? 'Why it was not sent' : 'The mail server answered'}
            >
              {e.lastError}
            </Alert>
          ) : null}
          {e.attachments.length ? (
            <div>
              <Text size="sm" fw={500}>
                Attachments
              </Text>
              <List size="sm">
                {e.attachments.map((a, i) => (
                  <List.Item key={`${a.filename}-${i}`}>
                    {a.filename} ({sizeKb(a.size)})
                  </List.Item>
                ))}
              </List>
            </div>
          ) : null}
          <MessageBody e={e} />
        </Stack>
      ) : null}
    </Modal>
  );
}

/** Who, when, by which template, how many tries and, for an SMS, its parts and delivery. */
function MessageFacts({ e }: { e: EmailDetail }) {
  const fmt = useCommsFormat();
  const sms = e.channel === 'sms';
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm">
      <Table.Tbody>
        <Row label="To" value={e.recipientName ? `${e.recipientName} <${e.to}>` : e.to} />
        <Row label="From" value={e.fromName} />
        {e.replyTo ? <Row label="Reply to" value={e.replyTo} /> : null}
        <Row label="Queued" value={fmt.dateTime(e.createdAt)} />
        <Row label="Sent" value={fmt.dateTime(e.sentAt)} />
        <Row label="Template" value={e.templateName ?? '—'} />
        <Row label="Attempts" value={String(e.attempts)} />
        {e.nextAttemptAt ? <Row label="Next attempt" value={fmt.dateTime(e.nextAttemptAt)} /> : null}
        {sms ? <Row label="Segments" value={String(e.segments ?? 0)} /> : null}
        {sms && e.status === 'sent' ? (
          <Row
            label="Delivery"
            value={
              e.delivery === 'delivered'
                ? 'Delivered'
                : e.delivery === 'undelivered'
                  ? smsUndeliveredText(e.deliveryError)
                  : 'Accepted by the provider; no delivery receipt yet'
            }
          />
        ) : null}
      </Table.Tbody>
    </Table>
  );
}

/** An SMS's text as sent; an e-mail's HTML as the customer sees it, and its plain text. */
function MessageBody({ e }: { e: EmailDetail }) {
  return e.channel === 'sms' ? (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="email-body-text">
      {e.body}
    </Text>
  ) : (
    <Tabs defaultValue="html">
      <Tabs.List>
        <Tabs.Tab value="html">As the customer sees it</Tabs.Tab>
        <Tabs.Tab value="text">Plain text</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="html" pt="xs">
        <MailFrame html={e.html} title={`Body of ${e.subject}`} />
      </Tabs.Panel>
      <Tabs.Panel value="text" pt="xs">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="email-body-text">
          {e.body}
        </Text>
      </Tabs.Panel>
    </Tabs>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th w={120} fw={500}>
        {label}
      </Table.Th>
      <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
    </Table.Tr>
  );
}
