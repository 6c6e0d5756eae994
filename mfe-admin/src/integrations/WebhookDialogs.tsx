import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  WEBHOOK_ALL_EVENTS,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENTS_REQUIRED,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  WEBHOOK_URL_MAX,
  WEBHOOK_URL_REQUIRED,
  type Webhook,
} from '@venue/contracts/admin';
import { fieldErrorsOf } from '@venue/ui';
import { DialogButtons, DialogError, FormDialog } from '../shared/DialogParts.tsx';
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

const EMPTY: Draft = { url: '', description: '', events: [] };

function draftOf(editing: Webhook | 'new'): Draft {
  if (editing === 'new') return EMPTY;
  return { url: editing.url, description: editing.description ?? '', events: [...editing.events] };
}

/** The events to send, by group; "All events" disables the rest. */
function EventsField({
  events,
  onChange,
  error,
}: {
  events: string[];
  onChange: (events: string[]) => void;
  error: string | undefined;
}) {
  const all = events.includes(WEBHOOK_ALL_EVENTS);
  return (
    <Checkbox.Group
      label="Events"
      description="Choose the events to send, or all of them."
      withAsterisk
      value={events}
      // "All events" stands alone: ticked, it is the whole subscription (the server says the same)
      onChange={(chosen) => onChange(chosen.includes(WEBHOOK_ALL_EVENTS) ? [WEBHOOK_ALL_EVENTS] : chosen)}
      error={error}
    >
      <Stack gap="sm" mt="xs">
        <Checkbox value={WEBHOOK_ALL_EVENTS} label="All events (including ones added later)" />
        {WEBHOOK_EVENT_GROUPS.map((group) => (
          <fieldset key={group.label} style={{ border: 0, padding: 0, margin: 0 }} disabled={all}>
            <Text component="legend" size="sm" fw={600} mb={4}>
              {group.label}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {group.events.map((e) => (
                <Checkbox key={e.type} value={e.type} label={e.label} disabled={all} />
              ))}
            </SimpleGrid>
          </fieldset>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

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
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [local, setLocal] = useState<Record<string, string>>({});
  useEffect(() => {
    if (editing === null) return;
    setLocal({});
    setDraft(draftOf(editing));
  }, [editing]);
  const server = fieldErrorsOf(error);
  const fieldError = (name: keyof Draft) => local[name] ?? server[name];
  const headline =
    error && Object.keys(server).length === 0 ? messageOr(error, 'The webhook could not be saved.') : null;

  const submit = () => {
    const problems: Record<string, string> = {};
    if (!draft.url.trim()) problems.url = WEBHOOK_URL_REQUIRED;
    if (draft.events.length === 0) problems.events = WEBHOOK_EVENTS_REQUIRED;
    setLocal(problems);
    if (Object.keys(problems).length === 0) onSubmit(draft);
  };

  return (
    <FormDialog
      opened={editing !== null}
      title={editing === 'new' ? 'Add webhook' : 'Edit webhook'}
      error={headline}
      busy={busy}
      actionLabel={editing === 'new' ? 'Add webhook' : 'Save webhook'}
      onClose={onClose}
      onSubmit={(event) => {
        event?.preventDefault();
        submit();
      }}
    >
      <TextInput
        label="Address (URL)"
        description="Where VenueDesk sends the events: an https:// address of your system."
        placeholder="https://example.com/venuedesk"
        withAsterisk
        maxLength={WEBHOOK_URL_MAX}
        value={draft.url}
        onChange={(e) => setDraft({ ...draft, url: e.currentTarget.value })}
        error={fieldError('url')}
        data-autofocus
      />
      <TextInput
        label="Description"
        description="Which system receives it, e.g. Our CRM (optional)."
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        value={draft.description}
        onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
        error={fieldError('description')}
      />
      <EventsField
        events={draft.events}
        onChange={(events) => setDraft({ ...draft, events })}
        error={fieldError('events')}
      />
    </FormDialog>
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
