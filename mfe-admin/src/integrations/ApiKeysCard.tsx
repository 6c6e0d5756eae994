import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { ApiError, ErrorState, LoadingState, useSession } from '@venue/ui';
import { messageOr } from '../shared/errors.ts';
import { CreateKeyDialog, NewKeyDialog, RevokeKeyDialog } from './ApiKeyDialogs.tsx';
import { ApiKeysTable } from './ApiKeysTable.tsx';
import { useApiKeys } from './useApiKeys.ts';

/**
 * Settings → Integrations: keys for the venue's other software. Only the hall owner manages
 * them (the server refuses anyone else), so staff see why instead of a list they cannot use.
 */
export function ApiKeysCard() {
  const { role } = useSession();
  return (
    <Card withBorder padding="lg" data-testid="api-keys">
      <Stack gap="sm">
        {role === 'hall_owner' ? (
          <ApiKeysManager />
        ) : (
          <>
            <Title order={2} fz="lg">
              API keys
            </Title>
            <Text c="dimmed" size="sm">
              Only the hall owner can create and revoke API keys.
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

function ApiKeysManager() {
  const { query, create, revoke, creating, setCreating, created, setCreated, revoking, setRevoking } =
    useApiKeys();
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Title order={2} fz="lg">
          API keys
        </Title>
        <Button
          size="xs"
          onClick={() => {
            create.reset();
            setCreating(true);
          }}
        >
          Create key
        </Button>
      </Group>
      <Text>
        Let your other software (accounting, your website, automation) use the VenueDesk API. A key acts like
        a staff member with the pages you choose; it cannot change owner-only settings. Send it in the{' '}
        <Code>Authorization: Bearer …</Code> header.
      </Text>
      {query.isPending ? (
        <LoadingState label="Loading API keys..." />
      ) : query.isError && !query.data ? (
        <ErrorState
          title="Could not load API keys"
          message={query.error instanceof ApiError ? query.error.message : String(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No API keys yet. Create one for each program that needs access, so each can be revoked on its own.
        </Text>
      ) : (
        <ApiKeysTable
          keys={query.data}
          onRevoke={(k) => {
            revoke.reset();
            setRevoking(k);
          }}
        />
      )}

      <CreateKeyDialog
        opened={creating}
        busy={create.isPending}
        error={
          create.isError ? messageOr(create.error, 'The key could not be created. Please try again.') : null
        }
        onClose={() => setCreating(false)}
        onSubmit={(draft) => create.mutate(draft)}
      />
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
      <RevokeKeyDialog
        revoking={revoking}
        busy={revoke.isPending}
        error={
          revoke.isError ? messageOr(revoke.error, 'The key could not be revoked. Please try again.') : null
        }
        onClose={() => setRevoking(null)}
        onConfirm={(k) => revoke.mutate(k)}
      />
    </>
  );
}
