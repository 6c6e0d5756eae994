import { useEffect } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { contractResolver, fieldProps } from '@venue/ui/contract-form';
import {
  API_KEY_NAME_MAX,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  type ApiKeyView,
  type CreatedApiKey,
  type PermissionKey,
} from '@venue/contracts';
import { DialogButtons, DialogError, FormDialog } from '../shared/DialogParts.tsx';
import { EMPTY_DRAFT, EXPIRY_CHOICES, formSchema, permissionNames, type KeyDraft } from './api-keys.ts';

export function CreateKeyDialog({
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
  const form = useForm<KeyDraft>({
    resolver: contractResolver<KeyDraft, KeyDraft>({ schema: formSchema }),
    defaultValues: EMPTY_DRAFT,
  });
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
        {...fieldProps(form, 'name')}
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

export function NewKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
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

export function RevokeKeyDialog({
  revoking,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  revoking: ApiKeyView | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (key: ApiKeyView) => void;
}) {
  return (
    <Modal opened={revoking !== null} onClose={onClose} title="Revoke API key" centered>
      {revoking ? (
        <Stack gap="sm">
          <DialogError error={error} />
          <Text>
            Revoke <strong>{revoking.name}</strong>? Software using it is refused from its next request. This
            cannot be undone.
          </Text>
          <DialogButtons
            actionLabel="Revoke key"
            danger
            busy={busy}
            onCancel={onClose}
            onAction={() => onConfirm(revoking)}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
