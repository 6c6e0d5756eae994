import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';

interface Props {
  /** The last failure, shown above the buttons. */
  error?: string | null;
  errorTitle?: string;
  /** Without it there is no dismiss button (e.g. once the action has succeeded). */
  onCancel?: () => void;
  cancelLabel?: string;
  /** The dialog's own action button(s); none where the dialog acts row by row and only closes. */
  children?: ReactNode;
}

/** The foot of an action dialog in every section: its error, then dismiss and act, right-aligned. */
export function DialogActions({ error, errorTitle, onCancel, cancelLabel = 'Cancel', children }: Props) {
  return (
    <>
      {error ? (
        <Alert color="red" role="alert" title={errorTitle}>
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
        ) : null}
        {children}
      </Group>
    </>
  );
}
