import { useEffect } from 'react';
import { Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import {
  WEBHOOK_ALL_EVENTS,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_URL_MAX,
  webhookCreateSchema,
  webhookUpdateSchema,
  type Webhook,
} from '@venue/contracts/admin';
import { fieldErrorsOf, focusFirstInvalid } from '@venue/ui';
import { fieldProps, putServerErrors, useContractForm } from '@venue/ui/contract-form';
import { DialogButtons, DialogError } from '../shared/DialogParts.tsx';
import { messageOr } from '../shared/errors.ts';
import type { Draft } from './WebhookDialogs.tsx';

/*
 * The add/edit webhook form, loaded when the dialog first opens (WebhookDialogs.tsx): its
 * schemas come with the contracts' webhooks module, which the Integrations page must not load
 * at first paint (the 350 kB page budget).
 */

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

/**
 * Add or edit, checked by the contract's schema the service parses the call with (create or
 * update); what the server refuses lands on its field, the rest in the dialog's headline.
 */
export function WebhookForm({
  editing,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  editing: Webhook | 'new';
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (draft: Draft) => void;
}) {
  const { form, formRef, errors } = useContractForm<Draft, Draft>({
    schema: editing === 'new' ? webhookCreateSchema : webhookUpdateSchema,
    defaultValues: draftOf(editing),
    // The card sends the fields as typed (it trims them), once the schema has passed them.
    raw: true,
  });
  // Mounted after the dialog has opened (its code arrives then): the address takes the focus.
  useEffect(() => form.setFocus('url'), [form]);
  // The save is the card's: its refusal comes back as `error`, put on the fields it names.
  useEffect(() => {
    if (error && putServerErrors(form, error) > 0) setTimeout(() => focusFirstInvalid(formRef.current));
  }, [error, form, formRef]);
  const named = Object.keys(fieldErrorsOf(error)).some((field) => Object.hasOwn(EMPTY, field));
  const headline = error && !named ? messageOr(error, 'The webhook could not be saved.') : null;
  const submit = form.handleSubmit((draft) => onSubmit(draft));

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <DialogError error={headline} />
        <TextInput
          label="Address (URL)"
          description="Where VenueDesk sends the events: an https:// address of your system."
          placeholder="https://example.com/venuedesk"
          withAsterisk
          maxLength={WEBHOOK_URL_MAX}
          {...fieldProps(form, 'url')}
          data-autofocus
        />
        <TextInput
          label="Description"
          description="Which system receives it, e.g. Our CRM (optional)."
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          {...fieldProps(form, 'description')}
        />
        <Controller
          control={form.control}
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
  );
}
