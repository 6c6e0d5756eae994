import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';

export function DialogError({ error }: { error: string | null }) {
  return error ? (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  ) : null;
}

/** Cancel on the left of the dialog's one action; without `onAction` the action submits the form. */
export function DialogButtons({
  actionLabel,
  busy,
  onCancel,
  onAction,
  danger = false,
  mt,
}: {
  actionLabel: string;
  busy: boolean;
  onCancel: () => void;
  onAction?: () => void;
  danger?: boolean;
  mt?: 'sm';
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type={onAction ? 'button' : 'submit'}
        color={danger ? 'red' : undefined}
        loading={busy}
        onClick={onAction}
      >
        {actionLabel}
      </Button>
    </Group>
  );
}

export interface DeletePrompt<T> {
  /** The one to delete; null keeps the dialog closed. */
  item: T | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before deleting `item`. */
export function DeleteDialog<T>({
  item,
  title,
  busy,
  error,
  onClose,
  onConfirm,
  children,
}: DeletePrompt<T> & { title: string; children: (item: T) => ReactNode }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={title} centered>
      {item !== null ? (
        <Stack gap="sm">
          <DialogError error={error} />
          {children(item)}
          <DialogButtons actionLabel="Delete" busy={busy} onCancel={onClose} onAction={onConfirm} danger />
        </Stack>
      ) : null}
    </Modal>
  );
}

/** A large dialog around one form: the server's error on top, Cancel and the submit button below. */
export function FormDialog({
  opened,
  title,
  error,
  busy,
  actionLabel,
  onClose,
  onSubmit,
  children,
}: {
  opened: boolean;
  title: string;
  error: string | null;
  busy: boolean;
  actionLabel: string;
  onClose: () => void;
  onSubmit: (e?: FormEvent) => unknown;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <DialogError error={error} />
          {children}
          <DialogButtons actionLabel={actionLabel} busy={busy} onCancel={onClose} mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
