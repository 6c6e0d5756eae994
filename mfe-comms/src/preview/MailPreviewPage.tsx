import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { findLinks } from '@venue/contracts/comms';
import { EmptyState, ErrorState, LoadingState, PageHeader, downloadFromServer, useSession } from '@venue/ui';
import { useCapturedMail, useMailPreview } from '../api/hooks.ts';
import { MailFrame } from '../shared/MailFrame.tsx';
import { sizeKb, useCommsFormat } from '../shared/format.ts';
import { errorText, toastError, useFailureToast } from '../shared/notify.ts';
import { QueryStatus } from '@venue/ui/query-status';
import { RefreshButton } from '@venue/ui/refresh-button';

/**
 * Mail Preview (issue 12 item 4): with no SMTP_URL the product's own small mail server receives
 * every message; this shows each one as the customer's mail program would (the HTML in a
 * sandboxed frame, the text part, the attachments as files).
 */
export function MailPreviewPage() {
  const list = useMailPreview();
  useFailureToast(list, 'Failed to load captured mail');
  const [selected, setSelected] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Mail Preview"
        subtitle="The e-mails and SMS the product delivered, exactly as the customer receives them."
        actions={<RefreshButton queries={[list]} />}
      />
      <QueryStatus
        query={list}
        loading="Loading captured mail..."
        failure="Failed to load captured mail"
        staleData="quiet"
      >
        {({ capturing, items }) => (
          <Stack>
            {!capturing ? (
              <Alert color="blue" variant="light" data-testid="not-capturing">
                Mail goes to a real mail server (SMTP_URL is set), so nothing is captured here. Use Message
                History to see what was sent.
              </Alert>
            ) : null}
            {items.length === 0 ? (
              <EmptyState
                title="No mail captured yet"
                description={capturing ? 'Send an e-mail and it appears here once delivered.' : undefined}
              />
            ) : (
              <Grid gap="md">
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <CapturedMailList items={items} selected={selected} onSelect={setSelected} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 8 }}>
                  {selected ? (
                    <CapturedMailView id={selected} />
                  ) : (
                    <Paper withBorder p="xl" radius="md">
                      <Text c="dimmed" size="sm">
                        Choose a message to see it as the customer does.
                      </Text>
                    </Paper>
                  )}
                </Grid.Col>
              </Grid>
            )}
          </Stack>
        )}
      </QueryStatus>
    </>
  );
}

function CapturedMailView({ id }: { id: string }) {
  const fmt = useCommsFormat();
  const mail = useCapturedMail(id);
  if (mail.isPending) return <LoadingState label="Loading message..." />;
  if (mail.isError)
    return (
      <ErrorState
        title="Failed to load message"
        message={mail.error.message}
        onRetry={() => void mail.refetch()}
      />
    );
  const m = mail.data;
  // The message's frame is sandboxed (nothing in it can act or navigate), so its web addresses
  // are offered here to open as the customer would from their mail program (issue 25: the
  // booking page's "Verify your e-mail" and the portal's sign-in link).
  const links = findLinks(m.text ?? '');
  return (
    <Paper withBorder p="md" radius="md" data-testid="captured-mail">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {m.channel === 'sms' ? (
            <Badge color="grape" variant="light" mr="xs" data-testid="sms-badge">
              SMS
            </Badge>
          ) : null}
          {m.subject || '(no subject)'}
        </Title>
        <Text size="sm">
          <strong>From:</strong> {m.from}
        </Text>
        <Text size="sm">
          <strong>To:</strong> {m.to}
        </Text>
        {m.replyTo ? (
          <Text size="sm">
            <strong>Reply to:</strong> {m.replyTo}
          </Text>
        ) : null}
        <Text size="sm">
          <strong>Received:</strong> {fmt.dateTime(m.receivedAt)} · {sizeKb(m.size)}
        </Text>
        <MailAttachments mail={m} />
        <MailLinks links={links} />
        <Tabs defaultValue={m.html ? 'html' : 'text'}>
          <Tabs.List>
            <Tabs.Tab value="html" disabled={!m.html}>
              HTML
            </Tabs.Tab>
            <Tabs.Tab value="text" disabled={!m.text}>
              Text
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="xs">
            {m.html ? <MailFrame html={m.html} title={`Message: ${m.subject}`} height={480} /> : null}
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="xs">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="captured-text">
              {m.text}
            </Text>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}

type CapturedItems = NonNullable<ReturnType<typeof useMailPreview>['data']>['items'];
type CapturedMail = NonNullable<ReturnType<typeof useCapturedMail>['data']>;

/** The captured messages, newest first, an SMS marked as one. */
function CapturedMailList({
  items,
  selected,
  onSelect,
}: {
  items: CapturedItems;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const fmt = useCommsFormat();
  return (
    <Paper withBorder radius="md">
      <ScrollArea.Autosize mah={640} type="auto">
        <nav aria-label="Captured mail">
          {items.map((m) => (
            <NavLink
              key={m.id}
              component="button"
              active={m.id === selected}
              onClick={() => onSelect(m.id)}
              label={
                m.channel === 'sms' ? (
                  // An SMS captured without SMS_URL (issue 26): marked, never taken for an e-mail.
                  <Group gap={6} wrap="nowrap">
                    <Badge size="xs" color="grape" variant="light">
                      SMS
                    </Badge>
                    <span>{m.subject}</span>
                  </Group>
                ) : (
                  m.subject || '(no subject)'
                )
              }
              description={`${m.to} · ${fmt.dateTime(m.receivedAt)}${m.attachmentCount ? ` · ${m.attachmentCount} attachment(s)` : ''}`}
            />
          ))}
        </nav>
      </ScrollArea.Autosize>
    </Paper>
  );
}

/** Each attachment as the file the customer gets. */
function MailAttachments({ mail: m }: { mail: CapturedMail }) {
  const { getToken } = useSession();
  if (!m.attachments.length) return null;
  return (
    <Group gap="xs" role="group" aria-label="Attachments">
      {m.attachments.map((a) => (
        <Button
          key={a.index}
          size="xs"
          variant="default"
          aria-label={`Download ${a.filename}`}
          onClick={() =>
            void downloadFromServer(
              getToken,
              `/api/email-comms/mail-preview/${m.id}/attachments/${a.index}`,
              a.filename,
            ).catch((error: unknown) => toastError(errorText(error, 'Failed to download the attachment')))
          }
        >
          {a.filename} ({sizeKb(a.size)})
        </Button>
      ))}
    </Group>
  );
}

function MailLinks({ links }: { links: string[] }) {
  if (!links.length) return null;
  return (
    <Stack gap={2} role="group" aria-label="Links in this message">
      <Text size="sm" fw={500}>
        Links in this message (each opens in a new tab)
      </Text>
      {links.map((href) => (
        <Anchor
          key={href}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {href}
        </Anchor>
      ))}
    </Stack>
  );
}
