import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  API_KEY_NAME_MAX,
  API_KEY_NAME_REQUIRED,
  API_KEY_NAME_TOO_LONG,
  API_KEY_PERMISSIONS_REQUIRED,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  type ApiKeyView,
  type CreatedApiKey,
  type PermissionKey,
} from '@venue/contracts';
import { ApiError, ErrorState, LoadingState, formatDate, formatDateTime, useSession } from '@venue/ui';
import { DialogButtons, DialogError, FormDialog } from '../shared/DialogParts.tsx';
import { messageOr } from '../shared/errors.ts';

const KEYS_QUERY = ['admin', 'integrations', 'api-keys'] as const;
const PATH = '/api/integrations/api-keys';

/** Offered lifetimes: the server takes any whole number of days from 1 to 365. */
const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '365', label: '1 year' },
];

const formSchema = z.object({
  name: z.string().trim().min(1, API_KEY_NAME_REQUIRED).max(API_KEY_NAME_MAX, API_KEY_NAME_TOO_LONG),
  permissions: z.array(z.enum(PERMISSION_KEYS)).min(1, API_KEY_PERMISSIONS_REQUIRED),
  expiresInDays: z.string(),
});
type KeyDraft = z.infer<typeof formSchema>;
const EMPTY_DRAFT: KeyDraft = { name: '', permissions: [], expiresInDays: '90' };

function permissionNames(keys: string[]): string {
  return keys.map((k) => PERMISSION_LABELS[k as PermissionKey] ?? k).join(', ');
}

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
  const { api, settings } = useSession();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const query = useQuery({ queryKey: KEYS_QUERY, queryFn: () => api.api<ApiKeyView[]>(PATH) });

  const create = useMutation({
    mutationFn: (draft: KeyDraft) =>
      api.api<CreatedApiKey>(PATH, {
        method: 'POST',
        body: {
          name: draft.name,
          permissions: draft.permissions,
          expiresInDays: Number(draft.expiresInDays),
        },
      }),
    onSuccess: async (key) => {
      setCreating(false);
      setCreated(key);
      await queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
    },
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKeyView) => api.api(`${PATH}/${encodeURIComponent(key.id)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: KEYS_QUERY });
    },
  });

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
        <Table striped aria-label="API keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Permissions</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((k) => (
              <Table.Tr key={k.id} data-testid="api-key-row">
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
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Revoke API key ${k.name}`}
                    onClick={() => {
                      revoke.reset();
                      setRevoking(k);
                    }}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke API key" centered>
        {revoking ? (
          <Stack gap="sm">
            <DialogError
              error={
                revoke.isError
                  ? messageOr(revoke.error, 'The key could not be revoked. Please try again.')
                  : null
              }
            />
            <Text>
              Revoke <strong>{revoking.name}</strong>? Software using it is refused from its next request.
              This cannot be undone.
            </Text>
            <DialogButtons
              actionLabel="Revoke key"
              danger
              busy={revoke.isPending}
              onCancel={() => setRevoking(null)}
              onAction={() => revoke.mutate(revoking)}
            />
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

function CreateKeyDialog({
  opened,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (draft: KeyDraft) => void;
}) {
  const form = useForm<KeyDraft>({ resolver: zodResolver(formSchema), defaultValues: EMPTY_DRAFT });
  const { reset } = form;
  // A fresh form each time it opens; a failed create keeps what was typed.
  useEffect(() => {
    if (opened) reset(EMPTY_DRAFT);
  }, [opened, reset]);
  const errors = form.formState.errors;
  return (
    <FormDialog
      opened={opened}
      title="Create API key"
      error={error}
      busy={busy}
      actionLabel="Create key"
      onClose={onClose}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <TextInput
        label="Name"
        description="Which program uses it, e.g. Xero sync."
        withAsterisk
        maxLength={API_KEY_NAME_MAX}
        {...form.register('name')}
        error={errors.name?.message}
      />
      <Controller
        control={form.control}
        name="permissions"
        render={({ field }) => (
          <Checkbox.Group
            label="Permissions"
            description="The pages the key may use, as for a staff member."
            withAsterisk
            value={field.value}
            onChange={(v) => field.onChange(v as PermissionKey[])}
            error={errors.permissions?.message}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
              {PERMISSION_KEYS.map((key) => (
                <Checkbox key={key} value={key} label={PERMISSION_LABELS[key]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
      />
      <NativeSelect label="Expires after" data={EXPIRY_CHOICES} {...form.register('expiresInDays')} />
    </FormDialog>
  );
}

function NewKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    // Not closed by a stray click outside: the key would be lost with it.
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Your new API key"
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {created ? (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" role="status" title="Copy it now">
            This is the only time the key is shown. You will not see it again: if it is lost, revoke it and
            create a new one.
          </Alert>
          <Text size="sm">
            <strong>{created.name}</strong> — {permissionNames(created.permissions)}
          </Text>
          <Code block data-testid="new-api-key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {created.key}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
