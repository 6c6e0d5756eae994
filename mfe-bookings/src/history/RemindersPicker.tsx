/**
 * The Send Event Reminders dialog (SendRemindersDialog.tsx opens it, loading this file then): a
 * react-hook-form of the ticked bookings and the channel, whose resolver parses the body of
 * POST /api/email-comms/reminders with the contract's sendRemindersSchema; the parsed body is
 * what is sent. By SMS the server's cost summary (POST /api/email-comms/sms/preview, the same
 * text the send would queue) is shown before the send is allowed: the page never counts segments.
 */
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Alert, Button, Checkbox, Group, Loader, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { idempotencyKeys, useSession } from '@venue/ui';
import { contractResolver, putServerErrors } from '@venue/ui/contract-form';
import { RadioGroupField } from '@venue/ui/radio-group-field';
import {
  sendRemindersSchema,
  type ReminderChannel,
  type SendRemindersRequest,
  type SendRemindersResponse,
  type SmsCostPreview,
} from '@venue/contracts/comms';
import type { Booking } from '../api/types.ts';
import { useFormat } from '../shared/format.ts';
import { errorText, toastError, toastSuccess } from '../shared/notify.ts';

const CHANNEL_CHOICES: Array<{ value: ReminderChannel; label: string }> = [
  { value: 'email', label: 'E-mail' },
  { value: 'sms', label: 'SMS' },
  { value: 'both', label: 'E-mail and SMS' },
];

interface ReminderValues {
  /** The ticked bookings, in the list's order. */
  bookingIds: string[];
  channel: ReminderChannel;
}

const reminderField = (path: string): keyof ReminderValues =>
  path.startsWith('channel') ? 'channel' : 'bookingIds';

// The server takes one channel per request: "both" is an e-mail request, then an SMS request,
// each the body checked here with its channel.
const remindersResolver = contractResolver<ReminderValues, SendRemindersRequest>({
  schema: sendRemindersSchema,
  toBody: (v) => ({ bookingIds: v.bookingIds, channel: v.channel === 'both' ? 'email' : v.channel }),
  fieldOf: reminderField,
});

const channelTitle = (many: boolean, i: number) => (many ? (i === 0 ? 'E-mail: ' : 'SMS: ') : '');

/** Each booking a channel failed, with its reason(s); the toasts say each channel's outcome. */
function reportSent(answers: SendRemindersResponse[]): Map<string, string> {
  const many = answers.length > 1;
  answers.forEach((answer, i) => {
    const title = channelTitle(many, i);
    if (answer.sent === 0) toastError(`${title}Failed to Send`, answer.message);
    else toastSuccess(`${title}Reminders Sent`, answer.message);
  });
  // A booking failed by either channel keeps its reason(s).
  const reasons = new Map<string, string>();
  answers.forEach((answer, i) => {
    for (const r of answer.results.filter((x) => x.status === 'failed')) {
      const why = channelTitle(many, i) + (r.message ?? 'Not sent');
      reasons.set(r.bookingId, reasons.has(r.bookingId) ? `${reasons.get(r.bookingId)}; ${why}` : why);
    }
  });
  return reasons;
}

/** The requests of one send: the parsed body once per channel, each with its own key. */
function useSendReminders() {
  const { api } = useSession();
  const [keyFor] = useState(idempotencyKeys);
  return useMutation({
    mutationFn: async ({ body, channel }: { body: SendRemindersRequest; channel: ReminderChannel }) => {
      const channels: Array<'email' | 'sms'> = channel === 'both' ? ['email', 'sms'] : [channel];
      const answers: SendRemindersResponse[] = [];
      for (const ch of channels) {
        const one: SendRemindersRequest = { ...body, channel: ch };
        answers.push(
          await api.api<SendRemindersResponse>('/api/email-comms/reminders', {
            method: 'POST',
            body: one,
            idempotencyKey: keyFor(one),
          }),
        );
      }
      return answers;
    },
  });
}

/** The form, the send and what it left to send again (the failed bookings, each with its reason). */
function useRemindersForm(bookings: Booking[], onClose: () => void) {
  const queryClient = useQueryClient();
  const form = useForm<ReminderValues, unknown, SendRemindersRequest>({
    defaultValues: { bookingIds: bookings.map((b) => b.id), channel: 'email' },
    resolver: remindersResolver,
  });
  const [failures, setFailures] = useState<Map<string, string>>(new Map());
  const send = useSendReminders();
  const tick = (ids: Set<string>) => {
    form.clearErrors('bookingIds');
    form.setValue(
      'bookingIds',
      bookings.filter((b) => ids.has(b.id)).map((b) => b.id),
    );
  };

  const onValid = (body: SendRemindersRequest) =>
    send.mutate(
      { body, channel: form.getValues('channel') },
      {
        onSuccess: (answers) => {
          void queryClient.invalidateQueries({ queryKey: ['comms'] });
          const reasons = reportSent(answers);
          if (reasons.size === 0) {
            onClose();
            return;
          }
          // What failed stays ticked with its reason, so it can be corrected and sent again.
          setFailures(reasons);
          tick(new Set(reasons.keys()));
        },
        onError: (error) => {
          toastError('Error Sending Reminders', errorText(error));
          putServerErrors(form, error, reminderField);
        },
      },
    );
  const onInvalid = (errors: FieldErrors<ReminderValues>) => {
    if (form.getValues('bookingIds').length === 0)
      toastError('No Bookings Selected', 'Choose at least one booking to send reminders.');
    else if (errors.bookingIds?.message) toastError('Error Sending Reminders', errors.bookingIds.message);
  };
  return { form, send, failures, tick, onSubmit: form.handleSubmit(onValid, onInvalid) };
}

/** The server fills the SMS Event reminder template for each booking as the send would and prices it. */
function useSmsCost(bookingIds: string[], bySms: boolean) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['comms', 'sms-preview', 'event-reminder', bookingIds],
    enabled: bySms && bookingIds.length > 0,
    retry: false,
    queryFn: () =>
      api.api<SmsCostPreview>('/api/email-comms/sms/preview', {
        method: 'POST',
        body: { bookingIds },
      }),
  });
}

export function RemindersPicker({ bookings, onClose }: { bookings: Booking[]; onClose: () => void }) {
  const { form, send, failures, tick, onSubmit } = useRemindersForm(bookings, onClose);
  const [bookingIds, channel] = useWatch({ control: form.control, name: ['bookingIds', 'channel'] });
  const bySms = channel !== 'email';
  const cost = useSmsCost(bookingIds, bySms);
  const costReady = !bySms || (cost.isSuccess && !cost.isFetching);
  return (
    <Modal opened onClose={onClose} title="Send Event Reminders" size="lg" centered>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Each ticked booking's customer gets one reminder about their event.
          </Text>
          <RadioGroupField control={form.control} name="channel" label="Send by">
            <Group gap="md" mt={4}>
              {CHANNEL_CHOICES.map((c) => (
                <Radio key={c.value} value={c.value} label={c.label} />
              ))}
            </Group>
          </RadioGroupField>
          <BookingChecklist
            bookings={bookings}
            ticked={new Set(bookingIds)}
            onTick={tick}
            failures={failures}
            bySms={channel === 'sms'}
            error={form.formState.errors.bookingIds?.message}
          />
          {bySms && bookingIds.length > 0 ? <SmsCost cost={cost} bookings={bookings} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending || (bookingIds.length > 0 && !costReady)}>
              {send.isPending ? 'Sending…' : 'Send Reminders'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The offered bookings to tick, with Select all and Clear, each with a failed send's reason. */
function BookingChecklist({
  bookings,
  ticked,
  onTick,
  failures,
  bySms,
  error,
}: {
  bookings: Booking[];
  ticked: Set<string>;
  onTick: (ids: Set<string>) => void;
  failures: Map<string, string>;
  /** By SMS only: each booking shows its phone number instead of its e-mail address. */
  bySms: boolean;
  /** The choice's problem (none ticked, too many), the screen's or the server's. */
  error?: string;
}) {
  const fmt = useFormat();
  const errorId = useId();
  const toggle = (id: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    onTick(next);
  };
  return (
    <>
      <Group justify="space-between">
        <Text size="sm" fw={500} aria-live="polite" data-testid="reminders-selected">
          {ticked.size} selected
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => onTick(new Set(bookings.map((b) => b.id)))}>
            Select all
          </Button>
          <Button size="xs" variant="default" onClick={() => onTick(new Set())}>
            Clear
          </Button>
        </Group>
      </Group>
      <ScrollArea.Autosize mah={360} type="auto">
        <Stack
          gap="xs"
          role="group"
          aria-label="Bookings to remind"
          aria-describedby={error ? errorId : undefined}
        >
          {bookings.map((b) => (
            <Checkbox
              key={b.id}
              checked={ticked.has(b.id)}
              onChange={(e) => toggle(b.id, e.currentTarget.checked)}
              label={`${b.bookingCode} — ${b.customerName}`}
              description={`${fmt.slot(b)} · ${b.resourceName} · ${
                bySms ? b.customerPhone || 'no phone number' : b.customerEmail || 'no e-mail address'
              }`}
              error={failures.get(b.id)}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {error ? (
        <Text size="sm" c="red.8" id={errorId}>
          {error}
        </Text>
      ) : null}
    </>
  );
}

/** The server's cost of the SMS, or its counting, or why it could not say (with Try again). */
function SmsCost({ cost, bookings }: { cost: ReturnType<typeof useSmsCost>; bookings: Booking[] }) {
  const labelOf = (id: string) => {
    const b = bookings.find((x) => x.id === id);
    return b ? `${b.bookingCode} — ${b.customerName}` : id;
  };
  return (
    <Alert
      color={cost.isError ? 'red' : 'blue'}
      title="SMS cost"
      data-testid="sms-cost"
      aria-live="polite"
      aria-busy={cost.isFetching}
    >
      {cost.isFetching ? (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Counting the SMS…</Text>
        </Group>
      ) : cost.isError ? (
        <Stack gap={4}>
          <Text size="sm">Could not work out the SMS cost: {errorText(cost.error)}</Text>
          <Group>
            <Button size="xs" variant="default" onClick={() => void cost.refetch()}>
              Try again
            </Button>
          </Group>
        </Stack>
      ) : cost.data ? (
        <Stack gap={4}>
          <Text size="sm" fw={500} data-testid="sms-cost-summary">
            {cost.data.summary}
          </Text>
          {cost.data.encodings.includes('UCS-2') ? (
            <Text size="xs" c="dimmed">
              Some characters are not GSM-7: those messages travel in shorter parts.
            </Text>
          ) : null}
          {cost.data.skipped.length > 0 ? (
            <Stack gap={2}>
              <Text size="sm">No SMS for:</Text>
              <ul style={{ margin: 0, paddingLeft: '1.2em' }} aria-label="Bookings that get no SMS">
                {cost.data.skipped.map((s) => (
                  <li key={s.bookingId}>
                    <Text size="sm" span>
                      {labelOf(s.bookingId)}: {s.reason}
                    </Text>
                  </li>
                ))}
              </ul>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Alert>
  );
}
