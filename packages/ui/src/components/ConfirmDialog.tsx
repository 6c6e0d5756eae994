/**
 * A question before a step that cannot be taken back (deleting a resource, sending mail), written
 * once for every section (issue 28 item 4). Imported as `@venue/ui/confirm-dialog`: each app
 * bundles it with its own Mantine, like any of its components.
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question in one line of small text; or give `children` for more. */
  message?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button's colour ("red" for a deletion); the theme's primary without it. */
  confirmColor?: string;
  /** The step is under way: the confirm button spins and Cancel waits. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  opened,
  title,
  message,
  children,
  confirmLabel,
  confirmColor,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {message ? <Text size="sm">{message}</Text> : null}
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={confirmColor} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
