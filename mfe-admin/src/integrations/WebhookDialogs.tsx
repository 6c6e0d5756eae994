import { Suspense, lazy, useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { WEBHOOK_ROTATION_OVERLAP_HOURS, type Webhook } from '@venue/contracts/admin';
import { LoadingState } from '@venue/ui';
import { DialogButtons, DialogError } from '../shared/DialogParts.tsx';
import { messageOr } from '../shared/errors.ts';
import { label } from './WebhookRow.tsx';

export interface Draft {
  url: string;
  description: string;
  events: string[];
}

/** The secret shown once: after an add (null when the add was a replay) or a rotation. */
export interface ShownSecret {
  hook: Webhook;
  secret: string | null;
  rotated: boolean;
}

/** The form itself comes with its first opening: see WebhookForm.tsx. */
const WebhookForm = lazy(() => import('./WebhookForm.tsx').then((m) => ({ default: m.WebhookForm })));

/**
 * Add (`editing` 'new') or edit a webhook; closed while `editing` is null. What it was opened with
 * stays shown while it closes, and each opening starts a new form from it.
 */
export function WebhookDialog({
  editing,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  editing: Webhook | 'new' | null;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (draft: Draft) => void;
}) {
  const [previous, setPrevious] = useState(editing);
  const [shown, setShown] = useState(editing === null ? null : { editing, opening: 0 });
  if (editing !== previous) {
    setPrevious(editing);
    if (editing !== null) setShown({ editing, opening: (shown?.opening ?? 0) + 1 });
  }
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={shown?.editing === 'new' ? 'Add webhook' : 'Edit webhook'}
      size="lg"
      centered
    >
      {shown ? (
        <Suspense fallback={<LoadingState label="Loading the form..." />}>
          <WebhookForm
            key={shown.opening}
            editing={shown.editing}
            busy={busy}
            error={error}
            onClose={onClose}
            onSubmit={onSubmit}
          />
        </Suspense>
      ) : null}
    </Modal>
  );
}

export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  return (
    // Not closed by a stray click outside: the secret would be lost with it.
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown?.rotated ? 'New signing secret' : 'Webhook added'}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {shown ? (
        <Stack gap="sm">
          {shown.secret ? (
            <>
              <Alert color="yellow" variant="light" role="status" title="Copy the signing secret now">
                This is the only time it is shown. Your system uses it to check that each delivery comes from
                VenueDesk. If it is lost, rotate the secret.
              </Alert>
              <Code
                block
                data-testid="webhook-secret"
                style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
              >
                {shown.secret}
              </Code>
            </>
          ) : (
            <Alert color="yellow" variant="light" role="status">
              This webhook was already added by the same request; its secret was shown then and is not shown
              again. If it was lost, rotate the secret.
            </Alert>
          )}
          <Group justify="flex-end">
            {shown.secret ? (
              <CopyButton value={shown.secret}>
                {({ copied, copy }) => (
                  <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                    {copied ? 'Copied' : 'Copy secret'}
                  </Button>
                )}
              </CopyButton>
            ) : null}
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

export function RotateDialog({
  rotating,
  busy,
  error,
  onClose,
  onRotate,
}: {
  rotating: Webhook | null;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onRotate: (hook: Webhook) => void;
}) {
  return (
    <Modal opened={rotating !== null} onClose={onClose} title="Rotate signing secret" centered>
      {rotating ? (
        <Stack gap="sm">
          <DialogError
            error={error ? messageOr(error, 'The secret could not be rotated. Please try again.') : null}
          />
          <Text>
            Make a new signing secret for <strong>{label(rotating)}</strong>? For the next{' '}
            {WEBHOOK_ROTATION_OVERLAP_HOURS} hours every delivery is signed with both the new and the current
            secret, so your system can switch over; after that only the new one signs.
          </Text>
          <DialogButtons
            actionLabel="Rotate secret"
            busy={busy}
            onCancel={onClose}
            onAction={() => onRotate(rotating)}
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
