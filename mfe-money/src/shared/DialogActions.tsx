import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';

/**
 * The foot of a money dialog: why the last try failed (if it did), then Cancel and the dialog's
 * own submit button (`children`) on the right.
 */
export function DialogActions({
  failure,
  failureTitle,
  onCancel,
  cancelLabel = 'Cancel',
  children,
}: {
  failure?: string | null;
  failureTitle?: string;
  onCancel: () => void;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <>
      {failure ? (
        <Alert color="red" role="alert" title={failureTitle}>
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        {children}
      </Group>
    </>
  );
}
