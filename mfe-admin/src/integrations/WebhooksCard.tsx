import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { WEBHOOK_RETRY_DAYS, WEBHOOKS_PER_VENUE, type Webhook } from '@venue/contracts/admin';
import { ApiError, ErrorState, LoadingState, useSession } from '@venue/ui';
import { DeleteDialog } from '../shared/DialogParts.tsx';
import { messageOr } from '../shared/errors.ts';
import { RotateDialog, SecretDialog, WebhookDialog } from './WebhookDialogs.tsx';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';
import { WebhookRow, type WebhookRowActions } from './WebhookRow.tsx';
import { useWebhooks } from './useWebhooks.ts';

export { eventsText } from './WebhookRow.tsx';

/**
 * Settings → Integrations → Webhooks (issue 26, decision 60): the venue's own systems told of its
 * events, signed. Only the hall owner manages them (the server refuses anyone else: a webhook
 * sends the venue's data out), so others are told why instead of shown a list they cannot use.
 */
export function WebhooksCard() {
  const { role } = useSession();
  return (
    <Card withBorder padding="lg" data-testid="webhooks">
      <Stack gap="sm">
        {role === 'hall_owner' ? (
          <WebhooksManager />
        ) : (
          <>
            <Title order={2} fz="lg">
              Webhooks
            </Title>
            <Text c="dimmed" size="sm">
              Only the hall owner can set up webhooks.
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

function WebhooksManager() {
  const hooks = useWebhooks();
  const { query, save, pause, rotate, remove, sendTest, notice, setNotice } = hooks;
  const actionsOf = (hook: Webhook): WebhookRowActions => ({
    testing: sendTest.isPending && sendTest.variables?.id === hook.id,
    pausing: pause.isPending && pause.variables?.id === hook.id,
    onLog: () => hooks.setLogOf(hook),
    onTest: () => sendTest.mutate(hook),
    onEdit: () => {
      save.reset();
      hooks.setEditing(hook);
    },
    onPause: () => pause.mutate(hook),
    onRotate: () => {
      rotate.reset();
      hooks.setRotating(hook);
    },
    onDelete: () => {
      remove.reset();
      hooks.setDeleting(hook);
    },
  });

  const full = (query.data?.length ?? 0) >= WEBHOOKS_PER_VENUE;
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Title order={2} fz="lg">
          Webhooks
        </Title>
        <Button
          size="xs"
          disabled={full}
          onClick={() => {
            save.reset();
            hooks.setEditing('new');
          }}
        >
          Add webhook
        </Button>
      </Group>
      <Text>
        Tell your own systems (a CRM, accounting, automation) when something happens: VenueDesk sends each
        event as a signed HTTPS POST to the address you give, retries for {WEBHOOK_RETRY_DAYS} days if it
        fails, and keeps one booking&apos;s or invoice&apos;s events in order. How to check the signature is
        in the API documentation (Webhooks).
      </Text>
      {notice ? (
        <Alert
          color={notice.color}
          variant="light"
          role={notice.color === 'red' ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      ) : null}
      <WebhookList query={query} actionsOf={actionsOf} />
      {full ? (
        <Text c="dimmed" size="xs">
          A venue can have at most {WEBHOOKS_PER_VENUE} webhooks.
        </Text>
      ) : null}

      <WebhooksDialogs hooks={hooks} />
    </>
  );
}

function WebhookList({
  query,
  actionsOf,
}: {
  query: ReturnType<typeof useWebhooks>['query'];
  actionsOf: (hook: Webhook) => WebhookRowActions;
}) {
  if (query.isPending) return <LoadingState label="Loading webhooks..." />;
  if (query.isError && !query.data)
    return (
      <ErrorState
        title="Could not load webhooks"
        message={query.error instanceof ApiError ? query.error.message : String(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data!.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No webhooks yet. Add one to send events to another system.
      </Text>
    );
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Webhooks">
      {query.data!.map((hook) => (
        <WebhookRow key={hook.id} hook={hook} actions={actionsOf(hook)} />
      ))}
    </Stack>
  );
}

/** The add/edit, secret, rotate, delete and delivery-log dialogs, in that order. */
function WebhooksDialogs({ hooks }: { hooks: ReturnType<typeof useWebhooks> }) {
  const { editing, deleting, save, rotate, remove } = hooks;
  return (
    <>
      <WebhookDialog
        editing={editing}
        busy={save.isPending}
        error={save.error}
        onClose={() => hooks.setEditing(null)}
        onSubmit={(draft) => save.mutate({ draft, hook: editing === 'new' ? null : editing })}
      />
      <SecretDialog shown={hooks.secret} onClose={() => hooks.setSecret(null)} />
      <RotateDialog
        rotating={hooks.rotating}
        busy={rotate.isPending}
        error={rotate.isError ? rotate.error : null}
        onClose={() => hooks.setRotating(null)}
        onRotate={(hook) => rotate.mutate(hook)}
      />
      <DeleteDialog
        item={deleting}
        title="Delete webhook"
        busy={remove.isPending}
        error={
          remove.isError
            ? messageOr(remove.error, 'The webhook could not be deleted. Please try again.')
            : null
        }
        onClose={() => hooks.setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {(hook) => (
          <Text>
            Delete the webhook to <strong>{hook.url}</strong> and its delivery log? Nothing more is sent to
            it. This cannot be undone.
          </Text>
        )}
      </DeleteDialog>
      <WebhookDeliveries hook={hooks.logOf} onClose={() => hooks.setLogOf(null)} />
    </>
  );
}
