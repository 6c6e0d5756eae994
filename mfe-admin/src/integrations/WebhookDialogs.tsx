import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
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
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  WEBHOOK_URL_MAX,
  webhookCreateSchema,
  webhookUpdateSchema,
  type Webhook,
} from '@venue/contracts/admin';
import { fieldErrorsOf, focusFirstInvalid } from '@venue/ui';
import { putServerErrors, useContractForm } from '@venue/ui/contract-form';
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

/** The dialog's fields; a server refusal naming one of them is shown beside it. */
const FIELDS = new Set<string>(['url', 'description', 'events']);

/**
 * Add or edit, checked by the contract's schema the service parses the call with (create or
 * update); what the server refuses lands on its field, the rest in the dialog's headline.
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
  const { form, formRef, errors } = useContractForm<Draft, unknown>({
    schema: editing === 'new' ? webhookCreateSchema : webhookUpdateSchema,
    defaultValues: EMPTY,
  });
  const { control, register, reset, getValues } = form;
  useEffect(() => {
    if (editing !== null) reset(draftOf(editing));
  }, [editing, reset]);
  // The save is the card's: its refusal comes back as `error`, put on the fields it names.
  useEffect(() => {
    if (error && putServerErrors(form, error) > 0) setTimeout(() => focusFirstInvalid(formRef.current));
  }, [error, form, formRef]);
  const named = Object.keys(fieldErrorsOf(error)).some((field) => FIELDS.has(field));
  const headline = error && !named ? messageOr(error, 'The webhook could not be saved.') : null;
  // What the card sends is the fields as typed (it trims them), once the schema has passed them.
  const submit = form.handleSubmit(() => onSubmit(getValues()));

  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? 'Add webhook' : 'Edit webhook'}
      size="lg"
      centered
    >
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <DialogError error={headline} />
          <TextInput
            label="Address (URL)"
            description="Where VenueDesk sends the events: an https:// address of your system."
            placeholder="https://example.com/venuedesk"
            withAsterisk
            maxLength={WEBHOOK_URL_MAX}
            {...register('url')}
            error={errors.url?.message}
            data-autofocus
          />
          <TextInput
            label="Description"
            description="Which system receives it, e.g. Our CRM (optional)."
            maxLength={WEBHOOK_DESCRIPTION_MAX}
            {...register('description')}
            error={errors.description?.message}
          />
          <Controller
            control={control}
            name="events"
            render={({ field }) => (
              <EventsField events={field.value} onChange={field.onChange} error={errors.events?.message} />
            )}
          />
          <DialogButtons
            actionLabel={editing === 'new' ? 'Add webhook' : 'Save webhook'}
            busy={busy}
            onCancel={onClose}
            mt="sm"
          />
        </Stack>
      </form>
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
